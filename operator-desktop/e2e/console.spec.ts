/**
 * The desktop console's renderer (out/renderer, built by electron-vite) in headless Chromium against a real API.
 * Electron itself cannot run here, so the preload's `window.operator` is replaced by a test bridge that forwards
 * every call to the REAL main-process IPC listeners (argument validation, settings store, export writer, export
 * downloads) in this Node process — what reaches the disk is exactly what the app would write. Electron's download
 * of a link (session.downloadURL + will-download) is played by Node's fetch streaming into the path main chose. The renderer is served with the
 * same Content-Security-Policy the app:// protocol handler sends.
 */
import { createWriteStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { freePort, launchBrowser, startServer, type TestServer } from '../../player-web/e2e/fixtures';
import { layoutIssues } from '../../player-web/e2e/layout';
import { IPC_CHANNELS, type IpcChannel } from '../src/ipc/contract';
import { createExportDownloads, type ExportDownloads } from '../src/main/export-downloads';
import { createAppUrlCheck, createIpcListeners, type IpcListener } from '../src/main/ipc';
import { serveRendererFile } from '../src/main/renderer-files';
import { contentSecurityPolicy } from '../src/main/security';
import { createSettingsStore, defaultSettings, type SettingsStore } from '../src/main/settings';

const RENDERER_DIR = join(import.meta.dirname, '../out/renderer');
const SHOTS = '/tmp/shots';

let api: TestServer;
let browser: Browser;
let rendererServer: Server;
let rendererUrl: string;
let dir: string;
let settings: SettingsStore;
const revealed: string[] = [];
let listeners: Record<IpcChannel, IpcListener>;
let downloads: ExportDownloads;

/** Electron's part of a download: a DownloadItem that streams the response into the save path main set. */
function electronDownload(url: string): void {
  let savePath = '';
  let done: ((event: unknown, state: 'completed' | 'cancelled' | 'interrupted') => void) | undefined;
  downloads.onWillDownload(
    { preventDefault: () => undefined },
    {
      getURL: () => url,
      setSavePath: (path) => (savePath = path),
      once: (_event, listener) => (done = listener),
    },
  );
  void fetch(url)
    .then(async (res) => {
      if (!res.ok || !res.body) throw new Error(`download answered ${res.status}`);
      await pipeline(Readable.fromWeb(res.body as never), createWriteStream(savePath));
      done?.({}, 'completed');
    })
    .catch(() => done?.({}, 'interrupted'));
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function openConsole(viewport = { width: 1440, height: 900 }): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) page.errors.push(m.text());
  });
  const event = { senderFrame: { url: `${rendererUrl}/index.html`, parent: null } };
  await page.exposeFunction('__operatorIpc', async (channel: IpcChannel, args: unknown[]) => {
    // Bytes cross the test bridge as plain arrays; the real preload sends a Uint8Array.
    const decoded = channel === IPC_CHANNELS.savePng ? [args[0], Uint8Array.from(args[1] as number[])] : args;
    return listeners[channel](event, ...decoded);
  });
  // The preload's bridge (ipc/channels.ts `bridgeOver`), built in the page from the same channel table.
  await page.addInitScript((channels: Record<string, string>) => {
    const ipc = (channel: string, ...args: unknown[]) =>
      (window as unknown as { __operatorIpc: (c: string, a: unknown[]) => Promise<unknown> }).__operatorIpc(
        channel,
        args.map((arg) => (arg instanceof Uint8Array ? Array.from(arg) : arg)),
      );
    (window as unknown as { operator: unknown }).operator = Object.fromEntries(
      Object.entries(channels).map(([name, channel]) => [
        name,
        (...args: unknown[]) => ipc(channel, ...args),
      ]),
    );
  }, IPC_CHANNELS);
  await page.goto(`${rendererUrl}/index.html`);
  return page;
}

beforeAll(async () => {
  if (!existsSync(join(RENDERER_DIR, 'index.html')))
    throw new Error('Build the desktop app first: npm run build -w operator-desktop');
  dir = await mkdtemp(join(tmpdir(), 'daily-tea-desktop-'));
  const port = await freePort();
  rendererUrl = `http://127.0.0.1:${port}`;
  // The API admits the console's origin on bearer routes only (the packaged app's is app://daily-tea).
  api = await startServer({ OPERATOR_ORIGINS: rendererUrl });
  settings = await createSettingsStore({
    filePath: join(dir, 'user-data', 'settings.json'),
    defaults: defaultSettings(join(dir, 'Pictures')),
  });
  downloads = createExportDownloads({
    settings,
    startDownload: (url) => setTimeout(() => electronDownload(url)),
  });
  listeners = createIpcListeners({
    settings,
    downloads,
    isAppUrl: createAppUrlCheck(`${rendererUrl}/index.html`),
    chooseFolder: async () => join(dir, 'Chosen Exports'),
    showItemInFolder: (path) => revealed.push(path),
    fetch: (url, init) => fetch(url, init),
  });
  rendererServer = createServer((req, res) => {
    void serveRendererFile(
      RENDERER_DIR,
      `${rendererUrl}${req.url ?? '/'}`,
      contentSecurityPolicy(settings.get().apiBaseUrl),
    ).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((ok) => rendererServer.listen(port, '127.0.0.1', ok));
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((ok) => rendererServer?.close(ok));
  await api?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('desktop console renderer', () => {
  it('checks the connection, reports an unreachable API clearly, and remembers the API and export folder', async () => {
    const page = await openConsole();
    await page.getByRole('button', { name: 'Settings' }).click();
    const url = page.getByLabel('API base URL');
    expect(await url.inputValue()).toBe('http://127.0.0.1:8787');

    await url.fill('http://127.0.0.1:1');
    await page.getByRole('button', { name: 'Check connection' }).click();
    await page.getByTestId('connection-result').waitFor();
    expect(await page.getByTestId('connection-result').textContent()).toBe(
      'The API at http://127.0.0.1:1 cannot be reached. Is it running (npm start)?',
    );

    await url.fill('ftp://example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Use https://, or http:// only for 127.0.0.1 or localhost').waitFor();

    await url.fill(`${api.baseUrl}/`);
    await page.getByRole('button', { name: 'Check connection' }).click();
    await page.getByText(/^Connected to http:\/\/127\.0\.0\.1:\d+\. Game day \d{4}-\d{2}-\d{2}\.$/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Settings saved').waitFor();
    expect(settings.get().apiBaseUrl).toBe(api.baseUrl);

    await page.getByRole('button', { name: 'Choose folder...' }).click();
    await page.getByText(join(dir, 'Chosen Exports'), { exact: true }).first().waitFor();
    const stored = JSON.parse(await readFile(join(dir, 'user-data', 'settings.json'), 'utf8'));
    expect(stored).toEqual({ apiBaseUrl: api.baseUrl, exportFolder: join(dir, 'Chosen Exports') });
    await page.screenshot({ path: `${SHOTS}/desktop-settings.png` });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('unlocks with the server-checked password and shows the dashboard from the API', async () => {
    await settings.setApiBaseUrl(api.baseUrl);
    const page = await openConsole();
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('admin-dev');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByText('Total Users').waitFor();
    await page.getByText('Recent Questions').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${SHOTS}/desktop-dashboard.png` });
    // The token lives in memory only: a reload locks the console again.
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the console unlocked and its unsaved schedule drafts through the Settings view', async () => {
    await settings.setApiBaseUrl(api.baseUrl);
    const page = await openConsole();
    await page.getByLabel('Password', { exact: true }).fill('admin-dev');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByRole('tab', { name: 'Question Scheduling' }).click();
    await page.getByRole('tab', { name: /^Today/ }).waitFor();
    await page
      .getByRole('tab', { name: /^Tue|^Wed|^Thu|^Fri|^Sat|^Sun|^Mon/ })
      .last()
      .click();
    const { token } = (await (
      await fetch(`${api.baseUrl}/api/admin/unlock`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: 'admin-dev' }),
      })
    ).json()) as { token: string };
    const topics = (await (
      await fetch(`${api.baseUrl}/api/admin/topics`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { title: string; isActive: boolean }[];
    const title = topics.find((t) => t.isActive)!.title;
    const topic = page.getByRole('checkbox', { name: title });
    if (!(await topic.isChecked())) await topic.check();
    await page.getByRole('button', { name: `Add Question to ${title}` }).click();
    await page.keyboard.type('Still here after Settings?');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Yes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('No');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('listitem', { name: 'Still here after Settings?' }).waitFor();

    const nav = page.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('button', { name: 'Settings', exact: true }).click();
    await page.getByLabel('API base URL').waitFor();
    await nav.getByRole('button', { name: 'Console', exact: true }).click();
    // Same console, still unlocked, same day, same draft.
    expect(await page.getByRole('listitem', { name: 'Still here after Settings?' }).textContent()).toContain(
      'Unsaved',
    );
    expect(await page.getByRole('heading', { name: 'Admin Access Required' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('writes marketing PNGs into the chosen folder: one export with "Show in folder", then "Export all"', async () => {
    await settings.setApiBaseUrl(api.baseUrl);
    const folder = join(dir, 'Exports');
    await settings.setExportFolder(folder);
    const page = await openConsole();
    await page.getByLabel('Password', { exact: true }).fill('admin-dev');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByRole('tab', { name: 'Marketing' }).click();
    await page.getByRole('button', { name: 'Show Preview' }).first().click();
    await page.getByRole('button', { name: 'Export as PNG' }).click();
    const show = page.getByRole('button', { name: 'Show in folder' });
    await show.waitFor({ timeout: 30_000 });
    await show.click();
    await expect.poll(() => revealed.length).toBe(1);
    expect(revealed[0]!.startsWith(folder)).toBe(true);

    await page.getByRole('button', { name: 'Export all' }).click();
    // Snapshot and Results still show the generator's invented figures: Export all asks first.
    const ask = page.getByRole('alertdialog');
    expect(await ask.innerText()).toContain('The Snapshot and Results posts still show sample figures.');
    await page.screenshot({ path: `${SHOTS}/desktop-marketing-sample-confirm.png` });
    await ask.getByRole('button', { name: 'Export anyway' }).click();
    await expect.poll(async () => (await readdir(folder)).length, { timeout: 90_000, interval: 500 }).toBe(7);
    const files = (await readdir(folder)).sort();
    for (const type of ['teaser', 'poll', 'snapshot', 'results', 'quote', 'promo']) {
      expect(files.some((f) => new RegExp(`^${type}-[0-9TZ-]+(-\\d+)?\\.png$`).test(f))).toBe(true);
    }
    for (const file of files)
      expect(pngSize(await readFile(join(folder, file)))).toEqual({ width: 1080, height: 1080 });
    await page.screenshot({ path: `${SHOTS}/desktop-marketing.png` });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('saves the responses export into the export folder through a download link, with "Show in folder"', async () => {
    await settings.setApiBaseUrl(api.baseUrl);
    const folder = join(dir, 'Responses');
    await settings.setExportFolder(folder);
    const page = await openConsole();
    await page.getByLabel('Password', { exact: true }).fill('admin-dev');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByRole('tab', { name: 'Response Analytics' }).click();
    await page.getByRole('list', { name: 'Response list' }).waitFor({ timeout: 30_000 });
    // Response Analytics' charts and split come from the API cross-origin, as in the browser console.
    await page.getByRole('list', { name: 'Question charts' }).waitFor({ timeout: 30_000 });
    await page.getByRole('list', { name: 'Gender: answers by group' }).waitFor({ timeout: 30_000 });
    const today = await page.getByLabel('Date', { exact: true }).inputValue();
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const show = page.getByRole('button', { name: 'Show in folder' });
    await show.waitFor({ timeout: 30_000 });
    expect(await readdir(folder)).toEqual([`responses-${today}.csv`]);
    const csv = await readFile(join(folder, `responses-${today}.csv`), 'utf8');
    expect(csv.startsWith('\uFEFFanswer_id,answered_at,user_id,username,')).toBe(true);
    expect(csv.split('\r\n').filter(Boolean).length).toBeGreaterThan(1);
    await page.screenshot({ path: `${SHOTS}/desktop-responses-export.png` });
    await show.click();
    await expect.poll(() => revealed.at(-1)).toBe(join(folder, `responses-${today}.csv`));
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('fits its views at 390, 1024 (the window minimum) and 1440 px: no sideways scroll, stray scrollbar or cut text', async () => {
    await settings.setApiBaseUrl(api.baseUrl);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      const page = await openConsole(viewport);
      const problems: string[] = [];
      const audit = async (view: string) => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        problems.push(
          ...(await layoutIssues(page, `${view} at ${viewport.width}`, {
            tapTargets: viewport.width < 640,
            allowScrollingTabs: viewport.width < 640,
          })),
        );
        await page.screenshot({
          path: `${SHOTS}/desktop-layout-${view}-${viewport.width}.png`,
          fullPage: true,
        });
      };
      await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
      await audit('gate');
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
      await audit('settings');
      await page.getByRole('button', { name: 'Console' }).click();
      await page.getByLabel('Password', { exact: true }).fill('admin-dev');
      await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
      const sections = page.getByRole('tablist', { name: 'Admin sections' });
      await sections.waitFor();
      for (const name of ['Dashboard', 'Question Scheduling', 'Marketing']) {
        await sections.getByRole('tab', { name, exact: true }).click();
        await page.getByRole('tabpanel', { name }).waitFor();
        await audit(name.toLowerCase().replace(/ /g, '-'));
      }
      expect(problems).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  }, 180_000);
});
