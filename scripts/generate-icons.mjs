#!/usr/bin/env node
// Renders the Daily Tea app icons (web app manifest, apple-touch-icon, favicon) from one SVG drawing.
// Run once after changing the drawing: `node scripts/generate-icons.mjs`; the PNGs are committed.
// sharp comes with wrangler's toolchain (it is already in node_modules).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const OUT = join(import.meta.dirname, '..', 'player-web', 'public', 'icons');
const BRAND = '#5f22c8'; // brand-700, the theme colour
const TEA = '#fdd48a'; // tea-200

/** A tea cup with steam, drawn on a 512 grid; `scale` shrinks it into the maskable safe zone. */
function drawing({ rounded, scale }) {
  const bg = rounded
    ? `<rect width="512" height="512" rx="112" fill="${BRAND}"/>`
    : `<rect width="512" height="512" fill="${BRAND}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  ${bg}
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">
    <path d="M196 96c-18 22 18 38 0 62M256 84c-20 26 20 44 0 74M316 96c-18 22 18 38 0 62" fill="none" stroke="${TEA}" stroke-width="18" stroke-linecap="round"/>
    <path d="M112 200h272v52c0 84-60 144-136 144s-136-60-136-144z" fill="#fff"/>
    <path d="M384 222h18c34 0 54 22 54 50s-22 52-56 52h-30" fill="none" stroke="#fff" stroke-width="26"/>
    <path d="M112 200h272v36H112z" fill="${TEA}"/>
    <rect x="84" y="404" width="328" height="28" rx="14" fill="#fff"/>
  </g>
</svg>`;
}

mkdirSync(OUT, { recursive: true });
const any = drawing({ rounded: true, scale: 0.86 });
const maskable = drawing({ rounded: false, scale: 0.62 });
writeFileSync(join(OUT, 'icon.svg'), any);
for (const size of [192, 512]) {
  await sharp(Buffer.from(any))
    .resize(size, size)
    .png()
    .toFile(join(OUT, `icon-${size}.png`));
  await sharp(Buffer.from(maskable))
    .resize(size, size)
    .png()
    .toFile(join(OUT, `maskable-${size}.png`));
}
await sharp(Buffer.from(maskable)).resize(180, 180).png().toFile(join(OUT, 'apple-touch-icon.png'));
console.log(`icons written to ${OUT}`);
