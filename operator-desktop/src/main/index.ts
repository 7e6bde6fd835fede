/**
 * Electron main process: one hardened window serving the built renderer over app://daily-tea,
 * settings in userData, and the validated IPC handlers that write marketing PNGs and download responses
 * exports to disk.
 */
import { app, BrowserWindow, dialog, ipcMain, net, protocol, session, shell } from 'electron';
import { join } from 'node:path';
import { createExportDownloads } from './export-downloads';
import { createAppUrlCheck, registerIpcHandlers } from './ipc';
import { serveRendererFile } from './renderer-files';
import {
  APP_HOST,
  APP_ORIGIN,
  APP_SCHEME,
  contentSecurityPolicy,
  guardWebContents,
  SECURE_WEB_PREFERENCES,
} from './security';
import { createSettingsStore, defaultSettings, SETTINGS_FILE_NAME, type SettingsStore } from './settings';

// Must run before `ready`: app:// behaves like https (secure context, fetch, CORS origin "app://daily-tea").
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
  },
]);

/** electron-vite sets this in `dev`; packaged and `preview` runs serve the built files. */
const devServerUrl = process.env.ELECTRON_RENDERER_URL;
const rendererUrl = devServerUrl ?? `${APP_ORIGIN}/index.html`;
const isAppUrl = createAppUrlCheck(rendererUrl);

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'Daily Tea Operator',
    backgroundColor: '#fffaf3',
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: join(import.meta.dirname, '../preload/index.cjs') },
  });
  guardWebContents(window.webContents, isAppUrl, (url) => void shell.openExternal(url));
  window.once('ready-to-show', () => window.show());
  void window.loadURL(rendererUrl);
  return window;
}

async function start(): Promise<void> {
  await app.whenReady();
  const settings: SettingsStore = await createSettingsStore({
    filePath: join(app.getPath('userData'), SETTINGS_FILE_NAME),
    defaults: defaultSettings(app.getPath('pictures')),
    onCorrupt: (reason) => console.warn(`[settings] ${reason}`),
  });

  const rendererDir = join(import.meta.dirname, '../renderer');
  protocol.handle(APP_SCHEME, (request) => {
    if (new URL(request.url).host !== APP_HOST) return new Response('Not found', { status: 404 });
    return serveRendererFile(rendererDir, request.url, contentSecurityPolicy(settings.get().apiBaseUrl));
  });

  // The console needs no camera, microphone, notifications or geolocation: refuse every permission.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);

  // Responses exports: Electron downloads them into the export folder; every other download is refused.
  const downloads = createExportDownloads({
    settings,
    startDownload: (url) => session.defaultSession.downloadURL(url),
  });
  session.defaultSession.on('will-download', (event, item) => downloads.onWillDownload(event, item));

  registerIpcHandlers(ipcMain, {
    settings,
    downloads,
    isAppUrl,
    chooseFolder: async (defaultPath) => {
      const parent = BrowserWindow.getFocusedWindow();
      const options = {
        title: 'Choose the export folder',
        defaultPath,
        properties: ['openDirectory' as const, 'createDirectory' as const],
      };
      const result = parent
        ? await dialog.showOpenDialog(parent, options)
        : await dialog.showOpenDialog(options);
      return result.canceled ? null : (result.filePaths[0] ?? null);
    },
    showItemInFolder: (path) => shell.showItemInFolder(path),
    fetch: (url, init) => net.fetch(url, { signal: init.signal, cache: 'no-store' }),
    logError: (message, error) => console.error(message, error),
  });

  // Belt and braces for windows created any other way (devtools excluded).
  app.on('web-contents-created', (_event, contents) => {
    if (contents.getType() === 'window')
      guardWebContents(contents, isAppUrl, (url) => void shell.openExternal(url));
  });

  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

start().catch((error: unknown) => {
  console.error('Daily Tea Operator failed to start', error);
  app.exit(1);
});
