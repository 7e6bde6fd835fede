/**
 * The main-process side of the IPC contract. Every message is checked twice before it does
 * anything: the sender must be the app's own renderer (top frame, app origin), and the
 * arguments must match the channel's zod tuple. Handlers never throw across IPC; they answer
 * `{ ok: false, message }` with a message a person can act on.
 */
import { z } from 'zod';
import {
  type ConnectionCheck,
  IPC_CHANNELS,
  IPC_OPERATIONS,
  describeValidationError,
  type IpcChannel,
  type IpcResult,
  type OperationArgs,
  type OperationData,
  type OperationName,
} from '../ipc/contract';
import { ExportError, resolveExportedFile, writePngExclusive } from './export-writer';
import type { ExportDownloads } from './export-downloads';
import type { SettingsStore } from './settings';

/** The part of Electron's WebFrameMain the sender check reads. */
export interface SenderFrameLike {
  url: string;
  parent: unknown;
}

/** The part of Electron's IpcMainInvokeEvent the handlers read. */
export interface InvokeEventLike {
  senderFrame: SenderFrameLike | null;
}

/** The part of Electron's ipcMain used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
}

export interface IpcDeps {
  settings: SettingsStore;
  /** Native folder picker; resolves null when cancelled. */
  chooseFolder(defaultPath: string): Promise<string | null>;
  showItemInFolder(path: string): void;
  /** Responses exports downloaded by Electron into the export folder (export-downloads.ts). */
  downloads: Pick<ExportDownloads, 'download'>;
  /** True for URLs of the app's own renderer. */
  isAppUrl(url: string): boolean;
  /** GETs a URL from the main process (Electron's net.fetch in the app, a fake in tests). */
  fetch(
    url: string,
    init: { signal: AbortSignal },
  ): Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;
  logError?(message: string, error: unknown): void;
}

export type IpcListener = (event: InvokeEventLike, ...args: unknown[]) => Promise<IpcResult<unknown>>;

export const UNTRUSTED_SENDER_MESSAGE =
  'Refused: the request did not come from the Daily Tea Operator window';

/**
 * Builds a URL check for the renderer's origin. Compares scheme and host rather than
 * `URL.origin`, which is "null" for custom schemes such as app://.
 */
export function createAppUrlCheck(rendererUrl: string): (url: string) => boolean {
  const expected = new URL(rendererUrl);
  return (url) => {
    if (!URL.canParse(url)) return false;
    const actual = new URL(url);
    return actual.protocol === expected.protocol && actual.host === expected.host;
  };
}

/** Only the app's top-level frame may call main; iframes and foreign pages may not. */
export function isTrustedSender(event: InvokeEventLike, isAppUrl: (url: string) => boolean): boolean {
  const frame = event.senderFrame;
  return frame !== null && frame !== undefined && frame.parent === null && isAppUrl(frame.url);
}

function messageOf(error: unknown): string {
  if (error instanceof ExportError) return error.message;
  if (error instanceof Error) return `Could not complete the request: ${error.message}`;
  return 'Could not complete the request';
}

export const CONNECTION_TIMEOUT_MS = 5000;
const HealthReplySchema = z.object({ ok: z.literal(true), today: z.string() });

/** One GET of /api/health with a timeout; every outcome becomes a sentence the operator can act on. */
export async function checkConnection(
  deps: Pick<IpcDeps, 'fetch'>,
  apiBaseUrl: string,
): Promise<ConnectionCheck> {
  const url = `${apiBaseUrl}/api/health`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONNECTION_TIMEOUT_MS);
  try {
    const response = await deps.fetch(url, { signal: controller.signal });
    if (!response.ok) {
      return {
        reachable: false,
        today: null,
        message: `The server at ${apiBaseUrl} answered ${response.status}; is it the Daily Tea API?`,
      };
    }
    const health = HealthReplySchema.safeParse(await response.json().catch(() => null));
    if (!health.success) {
      return {
        reachable: false,
        today: null,
        message: `The server at ${apiBaseUrl} is not a Daily Tea API (no health report).`,
      };
    }
    return {
      reachable: true,
      today: health.data.today,
      message: `Connected to ${apiBaseUrl}. Game day ${health.data.today}.`,
    };
  } catch {
    const why = controller.signal.aborted
      ? `did not answer within ${CONNECTION_TIMEOUT_MS / 1000} s`
      : 'cannot be reached';
    return {
      reachable: false,
      today: null,
      message: `The API at ${apiBaseUrl} ${why}. Is it running (npm start)?`,
    };
  } finally {
    clearTimeout(timer);
  }
}

type Handlers = { [N in OperationName]: (args: OperationArgs<N>) => Promise<OperationData<N>> };

/** The channel → listener table of every operation (ipc/contract.ts); `registerIpcHandlers` hands it to ipcMain. */
export function createIpcListeners(deps: IpcDeps): Record<IpcChannel, IpcListener> {
  const handlers: Handlers = {
    getSettings: async () => deps.settings.get(),
    setApiBaseUrl: async ([url]) => deps.settings.setApiBaseUrl(url),
    chooseExportFolder: async () => {
      const chosen = await deps.chooseFolder(deps.settings.get().exportFolder);
      if (chosen === null) return { changed: false, settings: deps.settings.get() };
      return { changed: true, settings: await deps.settings.setExportFolder(chosen) };
    },
    savePng: async ([fileName, bytes]) => ({
      path: await writePngExclusive({ folder: deps.settings.get().exportFolder, fileName, bytes }),
    }),
    showInFolder: async ([path]) => {
      deps.showItemInFolder(await resolveExportedFile(deps.settings.get().exportFolder, path));
      return null;
    },
    downloadExport: async ([fileName, url]) => deps.downloads.download(fileName, url),
    checkConnection: async ([apiBaseUrl]) => checkConnection(deps, apiBaseUrl),
  };

  const listen =
    <N extends OperationName>(name: N): IpcListener =>
    async (event, ...args) => {
      if (!isTrustedSender(event, deps.isAppUrl)) return { ok: false, message: UNTRUSTED_SENDER_MESSAGE };
      const parsed = IPC_OPERATIONS[name].args.safeParse(args);
      if (!parsed.success) return { ok: false, message: describeValidationError(parsed.error) };
      try {
        const handler = handlers[name] as (args: unknown) => Promise<OperationData<N>>;
        return { ok: true, data: await handler(parsed.data) };
      } catch (error) {
        if (!(error instanceof ExportError)) deps.logError?.(`IPC ${IPC_CHANNELS[name]} failed`, error);
        return { ok: false, message: messageOf(error) };
      }
    };

  const names = Object.keys(IPC_OPERATIONS) as OperationName[];
  return Object.fromEntries(names.map((name) => [IPC_CHANNELS[name], listen(name)])) as Record<
    IpcChannel,
    IpcListener
  >;
}

export function registerIpcHandlers(ipcMain: IpcMainLike, deps: IpcDeps): void {
  for (const [channel, listener] of Object.entries(createIpcListeners(deps)))
    ipcMain.handle(channel, listener);
}
