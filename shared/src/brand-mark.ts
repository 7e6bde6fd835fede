/**
 * The brand mark (ADR 0247): the tea cup with two wisps of steam on a 48 × 48 grid — the one drawing behind the
 * app icons (player-web/public/icons, generated from `brandIconSvg` by `npm run icons`), the sign-in and boot
 * tile, the share cards and the marketing posts (shared/src/ui/tea-cup.tsx).
 */
export const BRAND_MARK = {
  viewBox: 48,
  /** Filled: the cup's body. */
  body: 'M8 18h26v10a11 11 0 0 1-11 11h-4A11 11 0 0 1 8 28V18Z',
  /** Stroked 4 wide, round caps: the handle and the saucer line. */
  strokes: ['M34 21h3a5 5 0 0 1 0 10h-3', 'M6 43h32'],
  /** Stroked 3.2 wide, round caps: the steam. */
  steam: ['M16 6c-2 3 2 5 0 8M24 6c-2 3 2 5 0 8'],
} as const;

/** The brand colours of the app icon: the purple tile (brand-600) and the cup on it. */
export const BRAND_ICON_COLORS = { background: '#5f22c8', cup: '#ffffff' } as const;

/**
 * The mark on its tile as a standalone SVG document: `size` px square, the cup `scale` of the tile (0.63 as the
 * tiles in the app draw it; less for a maskable icon's safe zone), corners `radius` of the side (0 for a
 * full-bleed icon the platform masks itself).
 */
export function brandIconSvg(options: {
  size: number;
  scale?: number;
  radius?: number;
  background?: string;
  cup?: string;
}): string {
  const { size, scale = 0.63, radius = 0.22 } = options;
  const background = options.background ?? BRAND_ICON_COLORS.background;
  const cup = options.cup ?? BRAND_ICON_COLORS.cup;
  const k = (size * scale) / BRAND_MARK.viewBox;
  const offset = (size - size * scale) / 2;
  const stroke = (d: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${cup}" stroke-width="${width}" stroke-linecap="round"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<rect width="${size}" height="${size}" rx="${round(size * radius)}" fill="${background}"/>`,
    `<g transform="translate(${round(offset)} ${round(offset)}) scale(${round(k)})">`,
    `<path d="${BRAND_MARK.body}" fill="${cup}"/>`,
    ...BRAND_MARK.strokes.map((d) => stroke(d, 4)),
    ...BRAND_MARK.steam.map((d) => stroke(d, 3.2)),
    '</g>',
    '</svg>',
  ].join('\n');
}

const round = (n: number) => Math.round(n * 1000) / 1000;
