import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { bridgeOver } from '../ipc/channels';
import { IPC_CHANNELS, IPC_OPERATIONS, type IpcChannel, type OperatorBridge } from '../ipc/contract';
import {
  createAppUrlCheck,
  createIpcListeners,
  registerIpcHandlers,
  UNTRUSTED_SENDER_MESSAGE,
  type InvokeEventLike,
  type IpcDeps,
  type IpcListener,
} from './ipc';
import { createSettingsStore, defaultSettings } from './settings';
import { makeTempDir, tinyPng } from './main.test-kit';

const APP_URL = 'app://operator/index.html';
const appEvent: InvokeEventLike = {
  senderFrame: { url: 'app://operator/index.html#/console', parent: null },
};

async function setup(overrides: Partial<IpcDeps> = {}) {
  const dir = await makeTempDir();
  const settings = await createSettingsStore({
    filePath: join(dir, 'user-data', 'settings.json'),
    defaults: defaultSettings(join(dir, 'Pictures')),
  });
  const deps: IpcDeps = {
    settings,
    chooseFolder: vi.fn(async () => null),
    showItemInFolder: vi.fn(),
    downloads: { download: vi.fn(async (fileName: string) => ({ path: join(dir, fileName) })) },
    isAppUrl: createAppUrlCheck(APP_URL),
    fetch: vi.fn(async () => ({
      ok: true,
      status: 200,
      json: async () => ({ ok: true, today: '2026-11-22' }),
    })),
    ...overrides,
  };
  const listeners = createIpcListeners(deps);
  const call = (channel: IpcChannel, ...args: unknown[]) =>
    (listeners[channel] as IpcListener)(appEvent, ...args);
  return { dir, deps, settings, listeners, call };
}

describe('createAppUrlCheck', () => {
  it('matches scheme and host of the renderer only', () => {
    const isApp = createAppUrlCheck(APP_URL);
    expect(isApp('app://operator/index.html')).toBe(true);
    expect(isApp('app://operator/assets/x.js')).toBe(true);
    expect(isApp('app://evil/index.html')).toBe(false);
    expect(isApp('https://operator/index.html')).toBe(false);
    expect(isApp('file:///index.html')).toBe(false);
    expect(isApp('not a url')).toBe(false);
    const dev = createAppUrlCheck('http://localhost:5173');
    expect(dev('http://localhost:5173/')).toBe(true);
    expect(dev('http://localhost:5174/')).toBe(false);
  });
});

describe('the operations table', () => {
  it('gives every operation one channel of its own, and the bridge exactly those operations', async () => {
    expect(Object.keys(IPC_CHANNELS).sort()).toEqual(Object.keys(IPC_OPERATIONS).sort());
    expect(new Set(Object.values(IPC_CHANNELS)).size).toBe(Object.keys(IPC_CHANNELS).length);
    const invoke = vi.fn(async (channel: string, ...args: unknown[]) => ({ channel, args }));
    const bridge = bridgeOver<OperatorBridge>(invoke);
    expect(Object.keys(bridge).sort()).toEqual(Object.keys(IPC_OPERATIONS).sort());
    expect(await bridge.showInFolder('/tmp/a.png')).toEqual({
      channel: IPC_CHANNELS.showInFolder,
      args: ['/tmp/a.png'],
    });
  });
});

describe('IPC handlers', () => {
  it('registers one handler per contract channel', async () => {
    const { deps } = await setup();
    const handle = vi.fn();
    registerIpcHandlers({ handle }, deps);
    expect(handle.mock.calls.map(([channel]) => channel).sort()).toEqual(Object.values(IPC_CHANNELS).sort());
  });

  it('refuses senders that are not the app top frame', async () => {
    const { listeners } = await setup();
    const foreign: InvokeEventLike[] = [
      { senderFrame: { url: 'https://evil.example/', parent: null } },
      { senderFrame: { url: 'app://operator/index.html', parent: {} } },
      { senderFrame: null },
    ];
    for (const event of foreign) {
      for (const listener of Object.values(listeners)) {
        expect(await listener(event)).toEqual({ ok: false, message: UNTRUSTED_SENDER_MESSAGE });
      }
    }
  });

  it('returns the settings', async () => {
    const { call, dir } = await setup();
    expect(await call(IPC_CHANNELS.getSettings)).toEqual({
      ok: true,
      data: {
        apiBaseUrl: 'http://127.0.0.1:8787',
        exportFolder: join(dir, 'Pictures', 'Daily Tea Marketing'),
      },
    });
  });

  it('saves a valid API URL and refuses bad ones with a clear message', async () => {
    const { call, settings } = await setup();
    expect(await call(IPC_CHANNELS.setApiBaseUrl, ' http://localhost:9000/ ')).toMatchObject({
      ok: true,
      data: { apiBaseUrl: 'http://localhost:9000' },
    });
    expect(await call(IPC_CHANNELS.setApiBaseUrl, 'file:///etc/passwd')).toEqual({
      ok: false,
      message: 'Use https://, or http:// only for 127.0.0.1 or localhost',
    });
    expect(await call(IPC_CHANNELS.setApiBaseUrl, 'nonsense')).toEqual({
      ok: false,
      message: 'Enter a full URL such as http://127.0.0.1:8787',
    });
    expect(await call(IPC_CHANNELS.setApiBaseUrl, 42)).toMatchObject({ ok: false });
    expect(await call(IPC_CHANNELS.setApiBaseUrl)).toMatchObject({ ok: false });
    expect(await call(IPC_CHANNELS.setApiBaseUrl, 'http://localhost:1', 'extra')).toMatchObject({
      ok: false,
    });
    expect(settings.get().apiBaseUrl).toBe('http://localhost:9000');
  });

  it('writes a PNG into the export folder and returns its path', async () => {
    const { call, settings } = await setup();
    const result = await call(IPC_CHANNELS.savePng, 'results-2025-06-01T10-00-00Z.png', tinyPng());
    const folder = settings.get().exportFolder;
    expect(result).toEqual({ ok: true, data: { path: join(folder, 'results-2025-06-01T10-00-00Z.png') } });
    expect(new Uint8Array(await readFile(join(folder, 'results-2025-06-01T10-00-00Z.png')))).toEqual(
      tinyPng(),
    );
  });

  it('hands a responses export link to the downloads, with its arguments checked first', async () => {
    const { call, deps, dir } = await setup();
    const link = 'http://127.0.0.1:8787/api/admin/answers/export/download?ticket=t';
    expect(await call(IPC_CHANNELS.downloadExport, 'responses-2026-11-22.csv', link)).toEqual({
      ok: true,
      data: { path: join(dir, 'responses-2026-11-22.csv') },
    });
    expect(deps.downloads.download).toHaveBeenCalledWith('responses-2026-11-22.csv', link);
    for (const args of [
      [],
      ['responses.csv'],
      ['responses.csv', 'not a url'],
      [42, link],
      ['responses.csv', link, 'extra'],
    ]) {
      expect(await call(IPC_CHANNELS.downloadExport, ...args)).toMatchObject({ ok: false });
    }
    expect(deps.downloads.download).toHaveBeenCalledTimes(1);
  });

  it('refuses bad savePng arguments without writing', async () => {
    const { call, settings } = await setup();
    const cases: unknown[][] = [
      [],
      ['teaser.png'],
      [42, tinyPng()],
      ['', tinyPng()],
      ['x'.repeat(201), tinyPng()],
      ['teaser.png', 'iVBORw0KGgo='],
      ['teaser.png', Array.from(tinyPng())],
      ['teaser.png', new Uint8Array()],
      ['teaser.png', new TextEncoder().encode('not a png at all')],
      ['teaser.png', tinyPng(), 'extra'],
    ];
    for (const args of cases) {
      const result = await call(IPC_CHANNELS.savePng, ...args);
      expect(result.ok, JSON.stringify(args).slice(0, 80)).toBe(false);
      expect((result as { message: string }).message.length).toBeGreaterThan(0);
    }
    expect(await call(IPC_CHANNELS.savePng, 'teaser.png', new Uint8Array(20 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      message: 'The image is larger than 20 MB',
    });
    await expect(readdir(settings.get().exportFolder)).rejects.toThrow();
  });

  it('confines traversal names to the export folder', async () => {
    const { call, settings, dir } = await setup();
    const result = await call(IPC_CHANNELS.savePng, '../../../escape.png', tinyPng());
    expect(result).toEqual({ ok: true, data: { path: join(settings.get().exportFolder, 'escape.png') } });
    expect(await readdir(dir)).toEqual(['Pictures']);
  });

  it('changes the export folder only through the native dialog, and remembers it', async () => {
    const chosen = vi.fn<(defaultPath: string) => Promise<string | null>>();
    const { call, dir, deps } = await setup({ chooseFolder: chosen });
    chosen.mockResolvedValueOnce(null);
    expect(await call(IPC_CHANNELS.chooseExportFolder)).toMatchObject({ ok: true, data: { changed: false } });
    chosen.mockResolvedValueOnce(join(dir, 'Chosen'));
    expect(await call(IPC_CHANNELS.chooseExportFolder)).toMatchObject({
      ok: true,
      data: { changed: true, settings: { exportFolder: join(dir, 'Chosen') } },
    });
    expect(chosen).toHaveBeenLastCalledWith(join(dir, 'Pictures', 'Daily Tea Marketing'));
    expect(await call(IPC_CHANNELS.chooseExportFolder, '/etc')).toMatchObject({ ok: false });

    const reread = await createSettingsStore({
      filePath: join(dir, 'user-data', 'settings.json'),
      defaults: defaultSettings('/nowhere'),
    });
    expect(reread.get().exportFolder).toBe(join(dir, 'Chosen'));
    const saved = await call(IPC_CHANNELS.savePng, 'promo.png', tinyPng());
    expect(saved).toEqual({ ok: true, data: { path: join(dir, 'Chosen', 'promo.png') } });
    expect(deps.showItemInFolder).not.toHaveBeenCalled();
  });

  it('shows saved files in the folder and refuses any other path', async () => {
    const { call, deps, dir } = await setup();
    const saved = await call(IPC_CHANNELS.savePng, 'quote.png', tinyPng());
    const path = (saved as { data: { path: string } }).data.path;
    expect(await call(IPC_CHANNELS.showInFolder, path)).toEqual({ ok: true, data: null });
    expect(deps.showItemInFolder).toHaveBeenCalledWith(path);

    for (const bad of ['/etc/passwd', join(dir, 'user-data', 'settings.json'), 'quote.png', 7]) {
      expect(await call(IPC_CHANNELS.showInFolder, bad)).toMatchObject({ ok: false });
    }
    expect(deps.showItemInFolder).toHaveBeenCalledTimes(1);
  });

  it('answers unexpected failures with ok:false instead of throwing', async () => {
    const logError = vi.fn();
    const { call } = await setup({
      chooseFolder: async () => {
        throw new Error('dialog crashed');
      },
      logError,
    });
    expect(await call(IPC_CHANNELS.chooseExportFolder)).toEqual({
      ok: false,
      message: 'Could not complete the request: dialog crashed',
    });
    expect(logError).toHaveBeenCalledOnce();
  });
});

describe('checkConnection', () => {
  it('reports the game day of a reachable API', async () => {
    const { call, deps } = await setup();
    expect(await call(IPC_CHANNELS.checkConnection, 'http://127.0.0.1:8787/')).toEqual({
      ok: true,
      data: {
        reachable: true,
        today: '2026-11-22',
        message: 'Connected to http://127.0.0.1:8787. Game day 2026-11-22.',
      },
    });
    expect(deps.fetch).toHaveBeenCalledWith('http://127.0.0.1:8787/api/health', expect.anything());
  });

  it('tells unreachable, wrong-server and refused URLs apart', async () => {
    const refused = await setup({ fetch: vi.fn(async () => Promise.reject(new TypeError('fetch failed'))) });
    expect(await refused.call(IPC_CHANNELS.checkConnection, 'http://127.0.0.1:1')).toMatchObject({
      ok: true,
      data: {
        reachable: false,
        message: 'The API at http://127.0.0.1:1 cannot be reached. Is it running (npm start)?',
      },
    });
    const notOurs = await setup({
      fetch: vi.fn(async () => ({ ok: true, status: 200, json: async () => ({ hello: 1 }) })),
    });
    expect(await notOurs.call(IPC_CHANNELS.checkConnection, 'https://example.com')).toMatchObject({
      data: { reachable: false },
    });
    const failing = await setup({
      fetch: vi.fn(async () => ({ ok: false, status: 502, json: async () => ({}) })),
    });
    expect(await failing.call(IPC_CHANNELS.checkConnection, 'https://example.com')).toMatchObject({
      data: {
        reachable: false,
        message: 'The server at https://example.com answered 502; is it the Daily Tea API?',
      },
    });
    expect(await failing.call(IPC_CHANNELS.checkConnection, 'http://10.0.0.5:8787')).toMatchObject({
      ok: false,
    });
  });
});
