/**
 * The one IPC contract between the renderer (through the preload bridge) and the main process.
 * It imports no electron so main, preload, renderer and tests can all read it. The main process
 * validates every argument against these schemas: the renderer is treated as untrusted.
 */
import { z } from 'zod';

export { IPC_CHANNELS } from './channels';
import type { IPC_CHANNELS } from './channels';

export type OperationName = keyof typeof IPC_CHANNELS;
export type IpcChannel = (typeof IPC_CHANNELS)[OperationName];

/** Marketing PNGs are 1080x1080; 20 MB is far above any real one and bounds what the renderer can make main write. */
export const MAX_PNG_BYTES = 20 * 1024 * 1024;
export const MAX_FILE_NAME_LENGTH = 200;
export const MAX_PATH_LENGTH = 4096;

const isLoopbackHost = (hostname: string) => hostname === '127.0.0.1' || hostname === 'localhost';

/**
 * The API base URL: https anywhere, plain http only on this machine. The renderer's
 * Content-Security-Policy admits exactly these origins, so any other URL could never be reached.
 */
export const ApiBaseUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the API base URL')
  .max(2048, 'The URL is too long')
  .refine((value) => URL.canParse(value), 'Enter a full URL such as http://127.0.0.1:8787')
  .transform((value) => new URL(value))
  .refine((url) => url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)), {
    message: 'Use https://, or http:// only for 127.0.0.1 or localhost',
  })
  .refine(
    (url) => url.username === '' && url.password === '',
    'The URL must not contain a user name or password',
  )
  .refine((url) => url.search === '' && url.hash === '', 'The URL must not contain a query or fragment')
  // Stored without a trailing slash so `${base}/api/...` never doubles it.
  .transform((url) => `${url.origin}${url.pathname}`.replace(/\/+$/, ''));

export const SettingsSchema = z.object({
  apiBaseUrl: z.string(),
  exportFolder: z.string(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SavePngFileNameSchema = z
  .string()
  .min(1, 'The file name is empty')
  .max(MAX_FILE_NAME_LENGTH, `The file name is longer than ${MAX_FILE_NAME_LENGTH} characters`);

export const PngBytesSchema = z
  .instanceof(Uint8Array, { message: 'The image must be sent as bytes (Uint8Array)' })
  .refine((bytes) => bytes.byteLength > 0, 'The image is empty')
  .refine(
    (bytes) => bytes.byteLength <= MAX_PNG_BYTES,
    `The image is larger than ${MAX_PNG_BYTES / 1024 / 1024} MB`,
  );

export const SavedPathSchema = z
  .string()
  .min(1, 'The path is empty')
  .max(MAX_PATH_LENGTH, 'The path is too long');

/** A download link of the API (checked against the configured API base URL in main). */
export const DownloadUrlSchema = z
  .string()
  .min(1, 'The download link is empty')
  .max(4096, 'The download link is too long')
  .refine((value) => URL.canParse(value), 'The download link is not a URL');

/** Thrown errors lose their shape over IPC, so every handler answers with this union instead. */
export type IpcResult<T> = { ok: true; data: T } | { ok: false; message: string };

export interface ChooseFolderResult {
  /** False when the user closed the dialog without choosing. */
  changed: boolean;
  settings: Settings;
}

export interface SavedPng {
  /** Absolute path of the file written (may carry a -1, -2… suffix: files are never overwritten). */
  path: string;
}

/** A download saved into the export folder (same naming rules as SavedPng). */
export type SavedDownload = SavedPng;

/** Outcome of the settings screen's connection check, worded for the operator. */
export interface ConnectionCheck {
  reachable: boolean;
  message: string;
  /** The server's game day when reachable. */
  today: string | null;
}

/** A result type in the operations table (a type only: the value is never read). */
const answers = <T>() => undefined as T;

/**
 * Every operation the renderer may ask of the main process, in one table: the zod tuple of its arguments (main
 * validates every call — extra or missing arguments are refused, not ignored) and the data it answers with. Its
 * channel is `IPC_CHANNELS[name]` (channels.ts, apart so the sandboxed preload stays free of zod). The bridge
 * (`OperatorBridge`, `window.operator`), the preload and main's listeners are all derived from it; main's
 * handlers must implement each entry (main/ipc.ts).
 */
export const IPC_OPERATIONS = {
  getSettings: { args: z.tuple([]), answers: answers<Settings>() },
  setApiBaseUrl: { args: z.tuple([ApiBaseUrlSchema]), answers: answers<Settings>() },
  /** Opens the native folder dialog; the chosen folder is remembered between runs. */
  chooseExportFolder: { args: z.tuple([]), answers: answers<ChooseFolderResult>() },
  /** Writes a PNG into the export folder as `<post-type>-<timestamp>.png` (sanitised, never overwriting). */
  savePng: { args: z.tuple([SavePngFileNameSchema, PngBytesSchema]), answers: answers<SavedPng>() },
  /** Reveals a file previously saved into the export folder in the system file manager. */
  showInFolder: { args: z.tuple([SavedPathSchema]), answers: answers<null>() },
  /**
   * Downloads a responses export from its 60-second link on the API into the export folder as `fileName`
   * (Electron's download, streamed to disk); resolves when the whole file is saved.
   */
  downloadExport: {
    args: z.tuple([SavePngFileNameSchema, DownloadUrlSchema]),
    answers: answers<SavedDownload>(),
  },
  /**
   * Asks the API's /api/health from the main process (the health route is same-origin only: CORS admits the
   * console to bearer-token routes and nothing else), so "unreachable" and "not a Daily Tea API" are told apart.
   */
  checkConnection: { args: z.tuple([ApiBaseUrlSchema]), answers: answers<ConnectionCheck>() },
} satisfies Record<OperationName, { args: z.ZodType<unknown[]>; answers: unknown }>;

type Operations = typeof IPC_OPERATIONS;
/** The arguments main's handler receives (validated, transformed: a trimmed URL without a trailing slash). */
export type OperationArgs<N extends OperationName> = z.output<Operations[N]['args']>;
export type OperationData<N extends OperationName> = Operations[N]['answers'];

/** What `window.operator` offers the renderer: one function per operation, nothing generic. */
export type OperatorBridge = {
  [N in OperationName]: (...args: z.input<Operations[N]['args']>) => Promise<IpcResult<OperationData<N>>>;
};

/** Reads the first validation message, the one a person can act on. */
export function describeValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid arguments';
  return issue.message;
}
