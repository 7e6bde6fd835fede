/**
 * Responses exports saved by Electron's own download machinery, straight into the export folder: the renderer
 * gets a 60-second download link from the API (the bearer token never rides in a URL) and hands it here; main
 * checks the link, claims a new file in the folder, and starts the download in the session. Chromium streams
 * the response to that file as it arrives — neither the renderer nor main ever holds the export in memory.
 * Downloads the console did not ask for this way are refused (`will-download` cancels them).
 */
import { unlink } from 'node:fs/promises';
import { ExportError, reserveDownloadFile } from './export-writer';
import type { SettingsStore } from './settings';

/** The path of the API's ticket download route; any other URL is refused. */
export const EXPORT_DOWNLOAD_PATH = '/api/admin/answers/export/download';
/** How long a requested download may take to start (Chromium's `will-download`) before it is given up. */
export const DOWNLOAD_START_TIMEOUT_MS = 30_000;

/** The part of Electron's DownloadItem used here. */
export interface DownloadItemLike {
  getURL(): string;
  setSavePath(path: string): void;
  once(
    event: 'done',
    listener: (event: unknown, state: 'completed' | 'cancelled' | 'interrupted') => void,
  ): unknown;
}

export interface ExportDownloadDeps {
  settings: SettingsStore;
  /** Starts a download of `url` in the app's session (Electron: `session.defaultSession.downloadURL`). */
  startDownload(url: string): void;
  startTimeoutMs?: number;
}

type Pending = {
  target: string;
  resolve: (path: string) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
};

/** True when `url` is the API's ticket download route on the configured API base URL, with a ticket. */
export function isExportDownloadUrl(url: string, apiBaseUrl: string): boolean {
  if (!URL.canParse(url) || !URL.canParse(apiBaseUrl)) return false;
  const actual = new URL(url);
  const base = new URL(apiBaseUrl);
  return (
    actual.origin === base.origin &&
    actual.pathname === `${base.pathname.replace(/\/+$/, '')}${EXPORT_DOWNLOAD_PATH}` &&
    actual.username === '' &&
    actual.password === '' &&
    actual.hash === '' &&
    [...actual.searchParams.keys()].join() === 'ticket'
  );
}

export function createExportDownloads(deps: ExportDownloadDeps) {
  const pending = new Map<string, Pending>();
  const startTimeoutMs = deps.startTimeoutMs ?? DOWNLOAD_START_TIMEOUT_MS;
  const discard = (path: string) => unlink(path).catch(() => undefined);

  return {
    /**
     * Downloads `url` (a ticket link on the configured API) into the export folder as `fileName` (sanitised,
     * never replacing a file) and resolves with the path once the whole file is on disk.
     */
    async download(fileName: string, url: string): Promise<{ path: string }> {
      const { apiBaseUrl, exportFolder } = deps.settings.get();
      if (!isExportDownloadUrl(url, apiBaseUrl))
        throw new ExportError(`Only exports of the API at ${apiBaseUrl} can be downloaded`);
      if (pending.has(url)) throw new ExportError('This export is already being downloaded');
      const target = await reserveDownloadFile(exportFolder, fileName);
      const path = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(url);
          void discard(target);
          reject(new ExportError('The download did not start; is the API reachable?'));
        }, startTimeoutMs);
        pending.set(url, { target, resolve, reject, timer });
        try {
          deps.startDownload(url);
        } catch (error) {
          clearTimeout(timer);
          pending.delete(url);
          void discard(target);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      return { path };
    },

    /**
     * The session's `will-download`: a download this module started goes into its claimed file (set
     * synchronously, so no save dialog opens); any other download is cancelled.
     */
    onWillDownload(event: { preventDefault(): void }, item: DownloadItemLike): void {
      const request = pending.get(item.getURL());
      if (!request) {
        event.preventDefault();
        return;
      }
      pending.delete(item.getURL());
      clearTimeout(request.timer);
      item.setSavePath(request.target);
      item.once('done', (_event, state) => {
        if (state === 'completed') {
          request.resolve(request.target);
          return;
        }
        void discard(request.target);
        request.reject(
          new ExportError(
            state === 'cancelled'
              ? 'The download was cancelled'
              : 'The download failed (the link expired, the server refused it or the connection dropped). Try again.',
          ),
        );
      });
    },
  };
}

export type ExportDownloads = ReturnType<typeof createExportDownloads>;
