import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assertPng,
  ExportError,
  resolveExportedFile,
  sanitizePngFileName,
  writePngExclusive,
} from './export-writer';
import { makeTempDir, tinyPng } from './main.test-kit';

describe('sanitizePngFileName', () => {
  it('keeps a <post-type>-<timestamp>.png name as it is', () => {
    expect(sanitizePngFileName('teaser-2025-06-01T10-20-30-123Z.png')).toBe(
      'teaser-2025-06-01T10-20-30-123Z.png',
    );
    expect(sanitizePngFileName('results_1717236000000.png')).toBe('results_1717236000000.png');
  });

  it('forces the .png extension', () => {
    expect(sanitizePngFileName('poll')).toBe('poll.png');
    expect(sanitizePngFileName('poll.PNG')).toBe('poll.png');
    expect(sanitizePngFileName('payload.exe')).toBe('payload-exe.png');
    expect(sanitizePngFileName('quote.png.sh')).toBe('quote-png-sh.png');
  });

  it('drops directory parts, so traversal can only name a file in the folder', () => {
    expect(sanitizePngFileName('../../etc/passwd')).toBe('passwd.png');
    expect(sanitizePngFileName('..\\..\\Windows\\win.ini')).toBe('win-ini.png');
    expect(sanitizePngFileName('/abs/promo.png')).toBe('promo.png');
    expect(sanitizePngFileName('..')).toBe('daily-tea-export.png');
    expect(sanitizePngFileName('snapshot/..')).toBe('daily-tea-export.png');
  });

  it('replaces characters outside letters, digits, _ and -', () => {
    expect(sanitizePngFileName('snap shot: "2025"?*<>|.png')).toBe('snap-shot-2025.png');
    expect(sanitizePngFileName('café-ünïcode')).toBe('cafe-unicode.png');
    expect(sanitizePngFileName('teaser\u0000evil')).toBe('teaser-evil.png');
    expect(sanitizePngFileName('.hidden')).toBe('hidden.png');
  });

  it('never returns an empty, reserved or unbounded name', () => {
    expect(sanitizePngFileName('   ')).toBe('daily-tea-export.png');
    expect(sanitizePngFileName('***')).toBe('daily-tea-export.png');
    expect(sanitizePngFileName('CON')).toBe('export-CON.png');
    expect(sanitizePngFileName('lpt1.png')).toBe('export-lpt1.png');
    const long = sanitizePngFileName(`${'a'.repeat(500)}.png`);
    expect(long).toBe(`${'a'.repeat(120)}.png`);
    for (const name of ['x/y', 'a..b', '🍵', 'a'.repeat(300)])
      expect(sanitizePngFileName(name)).toMatch(/^[A-Za-z0-9_-]{1,127}\.png$/);
  });
});

describe('assertPng', () => {
  it('accepts real PNG bytes', () => {
    expect(() => assertPng(tinyPng())).not.toThrow();
  });

  it('refuses bytes without the PNG signature or IHDR header', () => {
    expect(() => assertPng(new TextEncoder().encode('<svg onload=alert(1)>'))).toThrow(ExportError);
    expect(() =>
      assertPng(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
    ).toThrow('not a PNG');
    expect(() => assertPng(tinyPng().slice(0, 8))).toThrow('not a PNG');
    const badHeader = tinyPng();
    badHeader[12] = 0x41;
    expect(() => assertPng(badHeader)).toThrow('not a PNG');
    expect(() => assertPng(new Uint8Array())).toThrow('not a PNG');
  });

  it('refuses PNGs above the size cap', () => {
    const png = tinyPng();
    expect(() => assertPng(png, png.byteLength)).not.toThrow();
    expect(() => assertPng(png, png.byteLength - 1)).toThrow(/larger than/);
    const huge = new Uint8Array(20 * 1024 * 1024 + 1);
    huge.set(png);
    expect(() => assertPng(huge)).toThrow('The image is larger than 20 MB');
  });
});

describe('writePngExclusive', () => {
  it('creates the folder and writes the exact bytes under the sanitised name', async () => {
    const root = await makeTempDir();
    const folder = join(root, 'Pictures', 'Daily Tea Marketing');
    const png = tinyPng();
    const path = await writePngExclusive({ folder, fileName: 'teaser-2025-06-01T10-20-30Z.png', bytes: png });
    expect(path).toBe(join(folder, 'teaser-2025-06-01T10-20-30Z.png'));
    expect(new Uint8Array(await readFile(path))).toEqual(png);
  });

  it('never overwrites: numbers -1, -2… and keeps every file', async () => {
    const folder = await makeTempDir();
    const paths = [];
    for (const grey of [1, 2, 3])
      paths.push(await writePngExclusive({ folder, fileName: 'poll-x.png', bytes: tinyPng(grey) }));
    expect(paths).toEqual([
      join(folder, 'poll-x.png'),
      join(folder, 'poll-x-1.png'),
      join(folder, 'poll-x-2.png'),
    ]);
    expect(new Uint8Array(await readFile(paths[0]!))).toEqual(tinyPng(1));
    expect(new Uint8Array(await readFile(paths[2]!))).toEqual(tinyPng(3));
  });

  it('does not replace a file the user already has under that name', async () => {
    const folder = await makeTempDir();
    await writeFile(join(folder, 'promo.png'), 'precious');
    const path = await writePngExclusive({ folder, fileName: 'promo.png', bytes: tinyPng() });
    expect(path).toBe(join(folder, 'promo-1.png'));
    expect(await readFile(join(folder, 'promo.png'), 'utf8')).toBe('precious');
  });

  it('gives concurrent saves of one name distinct files', async () => {
    const folder = await makeTempDir();
    const paths = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        writePngExclusive({ folder, fileName: 'quote.png', bytes: tinyPng(i) }),
      ),
    );
    expect(new Set(paths).size).toBe(6);
    expect((await readdir(folder)).sort()).toHaveLength(6);
  });

  it('keeps traversal names inside the folder', async () => {
    const root = await makeTempDir();
    const folder = join(root, 'exports');
    const path = await writePngExclusive({ folder, fileName: '../../escape.png', bytes: tinyPng() });
    expect(path).toBe(join(folder, 'escape.png'));
    expect(await readdir(root)).toEqual(['exports']);
  });

  it('never writes through a symlink planted under the target name', async () => {
    const root = await makeTempDir();
    const folder = join(root, 'exports');
    await mkdir(folder);
    const outside = join(root, 'outside.txt');
    await writeFile(outside, 'untouched');
    await symlink(outside, join(folder, 'teaser.png'));
    await symlink(join(root, 'dangling.png'), join(folder, 'teaser-1.png'));
    const path = await writePngExclusive({ folder, fileName: 'teaser.png', bytes: tinyPng() });
    expect(path).toBe(join(folder, 'teaser-2.png'));
    expect(await readFile(outside, 'utf8')).toBe('untouched');
    expect(await readdir(root)).toEqual(['exports', 'outside.txt']);
  });

  it('writes into the real folder when the export folder itself is a symlink', async () => {
    const root = await makeTempDir();
    await mkdir(join(root, 'real'));
    await symlink(join(root, 'real'), join(root, 'link'));
    const path = await writePngExclusive({
      folder: join(root, 'link'),
      fileName: 'snapshot.png',
      bytes: tinyPng(),
    });
    expect(path).toBe(join(root, 'real', 'snapshot.png'));
  });

  it('refuses non-PNG bytes and relative folders without writing anything', async () => {
    const folder = await makeTempDir();
    await expect(
      writePngExclusive({ folder, fileName: 'x.png', bytes: new TextEncoder().encode('GIF89a....') }),
    ).rejects.toThrow('not a PNG');
    await expect(
      writePngExclusive({ folder: 'relative/exports', fileName: 'x.png', bytes: tinyPng() }),
    ).rejects.toThrow('absolute');
    expect(await readdir(folder)).toEqual([]);
  });

  it('refuses a folder path that is a file', async () => {
    const root = await makeTempDir();
    await writeFile(join(root, 'file'), 'x');
    await expect(
      writePngExclusive({ folder: join(root, 'file'), fileName: 'x.png', bytes: tinyPng() }),
    ).rejects.toThrow();
  });
});

describe('resolveExportedFile', () => {
  it('resolves a file saved in the export folder', async () => {
    const folder = await makeTempDir();
    const saved = await writePngExclusive({ folder, fileName: 'poll.png', bytes: tinyPng() });
    await expect(resolveExportedFile(folder, saved)).resolves.toBe(saved);
  });

  it('refuses paths outside the folder, including through .. and symlinks', async () => {
    const root = await makeTempDir();
    const folder = join(root, 'exports');
    await mkdir(folder);
    await writeFile(join(root, 'secret.png'), 'x');
    await symlink(join(root, 'secret.png'), join(folder, 'link.png'));
    await expect(resolveExportedFile(folder, join(root, 'secret.png'))).rejects.toThrow(
      'Only files in the export folder',
    );
    await expect(resolveExportedFile(folder, join(folder, '..', 'secret.png'))).rejects.toThrow(
      'Only files in the export folder',
    );
    await expect(resolveExportedFile(folder, join(folder, 'link.png'))).rejects.toThrow(
      'Only files in the export folder',
    );
    await expect(resolveExportedFile(folder, folder)).rejects.toThrow('Only files in the export folder');
    await expect(resolveExportedFile(folder, 'exports/poll.png')).rejects.toThrow('absolute');
    await expect(resolveExportedFile(folder, join(folder, 'missing.png'))).rejects.toThrow(
      'no longer exists',
    );
  });
});
