/**
 * Writes marketing PNGs — and claims the files that responses exports are downloaded into — in the export
 * folder. Names and bytes come from the renderer, which is treated as untrusted: the name is reduced to a
 * safe charset, the bytes must be a real PNG under a size cap, and nothing can land outside the folder the
 * user chose or replace a file.
 */
import { mkdir, open, realpath, stat, unlink, type FileHandle } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { MAX_PNG_BYTES } from '../ipc/contract';

/** A failure whose message is written for the person at the keyboard. */
export class ExportError extends Error {
  override name = 'ExportError';
}

export const PNG_SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const IHDR = [0x49, 0x48, 0x44, 0x52];
const FALLBACK_BASE_NAME = 'daily-tea-export';
const MAX_BASE_NAME_LENGTH = 120;
/** Beyond this many same-named files something is wrong; stop rather than loop forever. */
const MAX_NUMBERED_COPIES = 9999;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

/**
 * Reduces any string to `<letters digits _ ->.<extension>`, the charset of `<post-type>-<timestamp>.png` and
 * `responses-<date>.csv`. Directory parts are dropped, so `../../x` can only ever name a file inside the folder.
 */
export function sanitizeFileName(input: string, extension: string): string {
  const lastSegment = input.split(/[/\\]/).pop() ?? '';
  let base = lastSegment
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(new RegExp(`\\.${extension}$`, 'i'), '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, MAX_BASE_NAME_LENGTH)
    .replace(/[-_]+$/g, '');
  if (base === '') base = FALLBACK_BASE_NAME;
  if (WINDOWS_RESERVED.test(base)) base = `export-${base}`;
  return `${base}.${extension}`;
}

export const sanitizePngFileName = (input: string): string => sanitizeFileName(input, 'png');

/** Checks the PNG signature, the IHDR chunk that must follow it, and the size cap. */
export function assertPng(bytes: Uint8Array, maxBytes: number = MAX_PNG_BYTES): void {
  if (bytes.byteLength > maxBytes) {
    throw new ExportError(`The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  const hasSignature =
    bytes.byteLength >= 16 && PNG_SIGNATURE.every((value, index) => bytes[index] === value);
  const hasHeader = hasSignature && IHDR.every((value, index) => bytes[12 + index] === value);
  if (!hasHeader) throw new ExportError('The image is not a PNG file');
}

/** True when `child` is strictly inside `parent` (both already resolved). */
export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

async function resolveFolder(folder: string, create: boolean): Promise<string> {
  if (!isAbsolute(folder)) throw new ExportError('The export folder must be an absolute path');
  if (create) await mkdir(folder, { recursive: true });
  let real: string;
  try {
    real = await realpath(folder);
  } catch {
    throw new ExportError(`The export folder ${folder} does not exist`);
  }
  if (!(await stat(real)).isDirectory()) throw new ExportError(`The export folder ${folder} is not a folder`);
  return real;
}

export interface WritePngInput {
  folder: string;
  fileName: string;
  bytes: Uint8Array;
  maxBytes?: number;
}

/**
 * Creates the folder if needed and creates `name` in it, adding -1, -2… when the name is taken. Files are
 * opened with O_CREAT|O_EXCL, so an existing file — or a symlink planted under that name — is never written
 * through. `write` fills the new file; if it fails the file is removed, so the folder only holds good exports.
 * @returns the absolute path created
 */
async function createExclusive(
  folder: string,
  name: string,
  write: (handle: FileHandle) => Promise<void>,
): Promise<string> {
  const realFolder = await resolveFolder(folder, true);
  const extension = extname(name);
  const base = name.slice(0, -extension.length);

  for (let copy = 0; copy <= MAX_NUMBERED_COPIES; copy += 1) {
    const target = join(realFolder, copy === 0 ? name : `${base}-${copy}${extension}`);
    if (!isInside(realFolder, target)) throw new ExportError('Refusing to write outside the export folder');
    let handle;
    try {
      handle = await open(target, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    try {
      await write(handle);
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => undefined);
      await unlink(target).catch(() => undefined);
      throw error;
    }
    return target;
  }
  throw new ExportError(`Too many files named ${name} in the export folder`);
}

/**
 * Writes the PNG into the folder under a sanitised name, never replacing a file (see createExclusive).
 * @returns the absolute path written
 */
export async function writePngExclusive({
  folder,
  fileName,
  bytes,
  maxBytes,
}: WritePngInput): Promise<string> {
  assertPng(bytes, maxBytes);
  return createExclusive(folder, sanitizePngFileName(fileName), (handle) => handle.writeFile(bytes));
}

/** Extensions of the files the API streams at a download link (the responses export). */
export const DOWNLOAD_EXTENSIONS = ['csv', 'jsonl'] as const;

/**
 * Claims a new, empty file in the folder for a download (sanitised name, one of DOWNLOAD_EXTENSIONS, never
 * replacing a file): Electron then streams the download into exactly this path.
 * @returns the absolute path claimed
 */
export async function reserveDownloadFile(folder: string, fileName: string): Promise<string> {
  const extension = DOWNLOAD_EXTENSIONS.find((ext) => fileName.toLowerCase().endsWith(`.${ext}`));
  if (!extension) throw new ExportError('Only .csv and .jsonl exports can be downloaded');
  return createExclusive(folder, sanitizeFileName(fileName, extension), async () => undefined);
}

/**
 * Resolves a path the renderer wants revealed and refuses anything that is not an existing
 * file inside the export folder (symlinks are resolved before the check).
 */
export async function resolveExportedFile(folder: string, path: string): Promise<string> {
  if (!isAbsolute(path)) throw new ExportError('The path must be absolute');
  const realFolder = await resolveFolder(folder, false);
  let realTarget: string;
  try {
    realTarget = await realpath(path);
  } catch {
    throw new ExportError(`The file ${path} no longer exists`);
  }
  if (!isInside(realFolder, realTarget))
    throw new ExportError('Only files in the export folder can be shown');
  if (!(await stat(realTarget)).isFile()) throw new ExportError(`${path} is not a file`);
  return realTarget;
}
