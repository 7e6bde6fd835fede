/**
 * Writes marketing PNGs into the export folder. Names and bytes come from the renderer, which
 * is treated as untrusted: the name is reduced to a safe charset, the bytes must be a real PNG
 * under a size cap, and nothing can land outside the folder the user chose or replace a file.
 */
import { mkdir, open, realpath, stat, unlink } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
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
 * Reduces any string to `<letters digits _ ->.png`, the charset of `<post-type>-<timestamp>.png`.
 * Directory parts are dropped, so `../../x` can only ever name a file inside the folder.
 */
export function sanitizePngFileName(input: string): string {
  const lastSegment = input.split(/[/\\]/).pop() ?? '';
  let base = lastSegment
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/\.png$/i, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, MAX_BASE_NAME_LENGTH)
    .replace(/[-_]+$/g, '');
  if (base === '') base = FALLBACK_BASE_NAME;
  if (WINDOWS_RESERVED.test(base)) base = `export-${base}`;
  return `${base}.png`;
}

/** Checks the PNG signature, the IHDR chunk that must follow it, and the size cap. */
export function assertPng(bytes: Uint8Array, maxBytes: number = MAX_PNG_BYTES): void {
  if (bytes.byteLength > maxBytes) {
    throw new ExportError(`The image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  const hasSignature = bytes.byteLength >= 16 && PNG_SIGNATURE.every((value, index) => bytes[index] === value);
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
 * Creates the folder if needed and writes the PNG under a sanitised name, adding -1, -2… when
 * the name is taken. Files are opened with O_CREAT|O_EXCL, so an existing file — or a symlink
 * planted under that name — is never written through.
 * @returns the absolute path written
 */
export async function writePngExclusive({ folder, fileName, bytes, maxBytes }: WritePngInput): Promise<string> {
  assertPng(bytes, maxBytes);
  const realFolder = await resolveFolder(folder, true);
  const name = sanitizePngFileName(fileName);
  const base = name.slice(0, -'.png'.length);

  for (let copy = 0; copy <= MAX_NUMBERED_COPIES; copy += 1) {
    const target = join(realFolder, copy === 0 ? name : `${base}-${copy}.png`);
    if (!isInside(realFolder, target)) throw new ExportError('Refusing to write outside the export folder');
    let handle;
    try {
      handle = await open(target, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw error;
    }
    try {
      await handle.writeFile(bytes);
      await handle.close();
    } catch (error) {
      await handle.close().catch(() => undefined);
      // A half-written PNG is worse than none: remove it so the folder only holds good exports.
      await unlink(target).catch(() => undefined);
      throw error;
    }
    return target;
  }
  throw new ExportError(`Too many files named ${name} in the export folder`);
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
  if (!isInside(realFolder, realTarget)) throw new ExportError('Only files in the export folder can be shown');
  if (!(await stat(realTarget)).isFile()) throw new ExportError(`${path} is not a file`);
  return realTarget;
}
