/**
 * Settings persisted as JSON in the app's userData folder. The file is outside the app's
 * control (hand edits, crashes mid-write, older versions), so every field is validated on
 * read and anything unusable falls back to its default instead of stopping the app.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { ApiBaseUrlSchema, type Settings } from '../ipc/contract';

export const DEFAULT_API_BASE_URL = 'http://127.0.0.1:8787';
export const DEFAULT_EXPORT_FOLDER_NAME = 'Daily Tea Marketing';
export const SETTINGS_FILE_NAME = 'settings.json';

export const ExportFolderSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((value) => isAbsolute(value), 'The export folder must be an absolute path');

export function defaultSettings(picturesDir: string): Settings {
  return { apiBaseUrl: DEFAULT_API_BASE_URL, exportFolder: join(picturesDir, DEFAULT_EXPORT_FOLDER_NAME) };
}

export interface SettingsStore {
  get(): Settings;
  setApiBaseUrl(url: string): Promise<Settings>;
  setExportFolder(folder: string): Promise<Settings>;
}

export interface SettingsStoreOptions {
  filePath: string;
  defaults: Settings;
  /** Told when the stored file was unreadable and defaults were used. */
  onCorrupt?: (reason: string) => void;
}

/** Reads the stored settings, keeping each valid field and defaulting the rest. */
export async function readSettingsFile(
  filePath: string,
  defaults: Settings,
  onCorrupt?: (reason: string) => void,
): Promise<Settings> {
  let raw: string;
  try {
    raw = await readFile(filePath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      onCorrupt?.(`cannot read ${filePath}: ${(error as Error).message}`);
    return { ...defaults };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    onCorrupt?.(`${filePath} is not valid JSON`);
    return { ...defaults };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    onCorrupt?.(`${filePath} does not hold a settings object`);
    return { ...defaults };
  }
  const record = parsed as Record<string, unknown>;
  const apiBaseUrl = ApiBaseUrlSchema.safeParse(record.apiBaseUrl);
  const exportFolder = ExportFolderSchema.safeParse(record.exportFolder);
  if (
    (record.apiBaseUrl !== undefined && !apiBaseUrl.success) ||
    (record.exportFolder !== undefined && !exportFolder.success)
  ) {
    onCorrupt?.(`${filePath} holds invalid values; using defaults for them`);
  }
  return {
    apiBaseUrl: apiBaseUrl.success ? apiBaseUrl.data : defaults.apiBaseUrl,
    exportFolder: exportFolder.success ? exportFolder.data : defaults.exportFolder,
  };
}

export async function createSettingsStore({
  filePath,
  defaults,
  onCorrupt,
}: SettingsStoreOptions): Promise<SettingsStore> {
  let current = await readSettingsFile(filePath, defaults, onCorrupt);
  // Writes are chained so two quick changes can never interleave and leave the older one on disk.
  let writes: Promise<void> = Promise.resolve();

  const persist = (next: Settings): Promise<Settings> => {
    current = next;
    const write = writes.then(async () => {
      await mkdir(dirname(filePath), { recursive: true });
      // Write-then-rename: a crash mid-write leaves the previous file intact, never half a file.
      const temp = `${filePath}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(next, null, 2)}\n`, 'utf8');
      await rename(temp, filePath);
    });
    writes = write.catch(() => undefined);
    return write.then(() => ({ ...next }));
  };

  return {
    get: () => ({ ...current }),
    setApiBaseUrl: async (url) => persist({ ...current, apiBaseUrl: ApiBaseUrlSchema.parse(url) }),
    setExportFolder: async (folder) =>
      persist({ ...current, exportFolder: ExportFolderSchema.parse(folder) }),
  };
}
