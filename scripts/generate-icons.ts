/**
 * `npm run icons` — renders the app icons (web app manifest, apple-touch-icon, favicon) from the one brand mark
 * (shared/src/brand-mark.ts, ADR 0247): the same drawing as the sign-in tile, the share cards and the marketing
 * posts, so they cannot drift. Run after changing the mark; the files are committed
 * (shared/src/brand-mark.test.ts checks icon.svg against the mark).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { brandIconSvg } from '../shared/src/brand-mark';

const OUT = join(import.meta.dirname, '..', 'player-web', 'public', 'icons');

mkdirSync(OUT, { recursive: true });
// "any": a rounded tile; maskable and Apple: full bleed with the cup inside the 80 % safe zone (the platform masks).
const any = (size: number) => brandIconSvg({ size });
const fullBleed = (size: number) => brandIconSvg({ size, radius: 0, scale: 0.5 });
writeFileSync(join(OUT, 'icon.svg'), `${any(512)}\n`);
const png = (svg: string, file: string) => sharp(Buffer.from(svg)).png().toFile(join(OUT, file));
for (const size of [192, 512]) {
  await png(any(size), `icon-${size}.png`);
  await png(fullBleed(size), `maskable-${size}.png`);
}
await png(fullBleed(180), 'apple-touch-icon.png');
console.log(`icons written to ${OUT}`);
