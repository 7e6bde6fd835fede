import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ExportError } from './export-writer';
import { createExportDownloads, isExportDownloadUrl, type DownloadItemLike } from './export-downloads';
import { createSettingsStore, defaultSettings } from './settings';
import { makeTempDir } from './main.test-kit';

const API = 'http://127.0.0.1:8787';
const LINK = `${API}/api/admin/answers/export/download?ticket=abc.def`;

type State = 'completed' | 'cancelled' | 'interrupted';

/** A stand-in for Electron's DownloadItem: records the save path, writes the "downloaded" bytes when done. */
function fakeItem(url: string) {
  let done: ((event: unknown, state: State) => void) | undefined;
  const item: DownloadItemLike & { savePath: string | null } = {
    savePath: null,
    getURL: () => url,
    setSavePath(path) {
      this.savePath = path;
    },
    once: (_event, listener) => {
      done = listener;
    },
  };
  const finish = async (state: State, body = 'answer_id\r\n') => {
    if (state === 'completed') await writeFile(item.savePath!, body);
    done?.({}, state);
  };
  return { item, finish };
}

async function setup(opts: { startTimeoutMs?: number } = {}) {
  const dir = await makeTempDir();
  const settings = await createSettingsStore({
    filePath: join(dir, 'settings.json'),
    defaults: defaultSettings(join(dir, 'Exports')),
  });
  await settings.setApiBaseUrl(API);
  const started: string[] = [];
  const downloads = createExportDownloads({ settings, startDownload: (url) => started.push(url), ...opts });
  const folder = settings.get().exportFolder;
  return { dir, folder, settings, started, downloads };
}

describe('isExportDownloadUrl', () => {
  it('admits the ticket download route of the configured API only', () => {
    expect(isExportDownloadUrl(LINK, API)).toBe(true);
    expect(isExportDownloadUrl(`${API}/api/admin/answers/export?date=2026-11-22`, API)).toBe(false);
    expect(isExportDownloadUrl(`http://127.0.0.1:9999/api/admin/answers/export/download?ticket=x`, API)).toBe(
      false,
    );
    expect(isExportDownloadUrl(`https://evil.example/api/admin/answers/export/download?ticket=x`, API)).toBe(
      false,
    );
    expect(isExportDownloadUrl(`${API}/api/admin/answers/export/download`, API)).toBe(false);
    expect(isExportDownloadUrl(`${API}/api/admin/answers/export/download?ticket=x&next=y`, API)).toBe(false);
    expect(
      isExportDownloadUrl(`http://u:p@127.0.0.1:8787/api/admin/answers/export/download?ticket=x`, API),
    ).toBe(false);
    expect(isExportDownloadUrl('file:///etc/passwd', API)).toBe(false);
    // An API under a path prefix.
    expect(
      isExportDownloadUrl(
        'https://ops.example/tea/api/admin/answers/export/download?ticket=x',
        'https://ops.example/tea',
      ),
    ).toBe(true);
  });
});

describe('createExportDownloads', () => {
  it('starts the download, saves it into a claimed file of the export folder and resolves with its path', async () => {
    const { folder, started, downloads } = await setup();
    const saved = downloads.download('responses-2026-11-22.csv', LINK);
    await vi.waitFor(() => expect(started).toEqual([LINK]));
    const { item, finish } = fakeItem(LINK);
    const event = { preventDefault: vi.fn() };
    downloads.onWillDownload(event, item);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(item.savePath).toBe(join(folder, 'responses-2026-11-22.csv'));
    await finish('completed', 'answer_id\r\na1\r\n');
    await expect(saved).resolves.toEqual({ path: join(folder, 'responses-2026-11-22.csv') });
    expect(await readFile(join(folder, 'responses-2026-11-22.csv'), 'utf8')).toBe('answer_id\r\na1\r\n');
  });

  it('never replaces a file: a second export of the same name gets -1', async () => {
    const { folder, started, downloads } = await setup();
    for (const expected of ['responses-2026-11-22.jsonl', 'responses-2026-11-22-1.jsonl']) {
      const saved = downloads.download('responses-2026-11-22.jsonl', LINK);
      await vi.waitFor(() => expect(started.length).toBeGreaterThan(0));
      started.length = 0;
      const { item, finish } = fakeItem(LINK);
      downloads.onWillDownload({ preventDefault: vi.fn() }, item);
      await finish('completed');
      expect((await saved).path).toBe(join(folder, expected));
    }
  });

  it('cancels downloads it did not start (a page cannot drop files into the folder)', async () => {
    const { downloads } = await setup();
    const { item } = fakeItem(`${API}/anything.exe`);
    const event = { preventDefault: vi.fn() };
    downloads.onWillDownload(event, item);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(item.savePath).toBeNull();
  });

  it('refuses links that are not the API ticket route, and names that are not csv/jsonl, before downloading', async () => {
    const { folder, started, downloads } = await setup();
    await expect(
      downloads.download('x.csv', 'https://evil.example/api/admin/answers/export/download?ticket=x'),
    ).rejects.toThrow(new ExportError(`Only exports of the API at ${API} can be downloaded`));
    await expect(downloads.download('payload.exe', LINK)).rejects.toThrow(
      'Only .csv and .jsonl exports can be downloaded',
    );
    expect(started).toEqual([]);
    expect(existsSync(folder) ? await readdir(folder) : []).toEqual([]);
  });

  it('removes the claimed file and says why when the download fails or is cancelled', async () => {
    const { folder, started, downloads } = await setup();
    for (const [state, message] of [
      ['interrupted', /The download failed/],
      ['cancelled', /The download was cancelled/],
    ] as const) {
      const saved = downloads.download('responses-2026-11-22.csv', LINK);
      await vi.waitFor(() => expect(started.length).toBeGreaterThan(0));
      started.length = 0;
      const { item, finish } = fakeItem(LINK);
      downloads.onWillDownload({ preventDefault: vi.fn() }, item);
      await finish(state);
      await expect(saved).rejects.toThrow(message);
      await vi.waitFor(async () => expect(await readdir(folder)).toEqual([]));
    }
  });

  it('gives up when the download never starts', async () => {
    const { folder, downloads } = await setup({ startTimeoutMs: 20 });
    await expect(downloads.download('responses-2026-11-22.csv', LINK)).rejects.toThrow(/did not start/);
    await vi.waitFor(async () => expect(await readdir(folder)).toEqual([]));
  });

  it('sanitises the file name: no directory parts, a safe charset', async () => {
    const { folder, started, downloads } = await setup();
    const saved = downloads.download('../../evil name.csv', LINK);
    await vi.waitFor(() => expect(started).toEqual([LINK]));
    const { item, finish } = fakeItem(LINK);
    downloads.onWillDownload({ preventDefault: vi.fn() }, item);
    await finish('completed');
    expect((await saved).path).toBe(join(folder, 'evil-name.csv'));
  });
});
