import { BRAND_MARK } from '../brand-mark';

/**
 * The brand mark (shared/src/brand-mark.ts): the marketing posts and page header, the results share card, the
 * recap image, the sign-in tile — the same drawing as the app icons.
 */
export function TeaCup({ color, size }: { color: string; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${BRAND_MARK.viewBox} ${BRAND_MARK.viewBox}`}
      fill="none"
      aria-hidden="true"
    >
      <path d={BRAND_MARK.body} fill={color} />
      {BRAND_MARK.strokes.map((d) => (
        <path key={d} d={d} stroke={color} strokeWidth="4" strokeLinecap="round" />
      ))}
      {BRAND_MARK.steam.map((d) => (
        <path key={d} d={d} stroke={color} strokeWidth="3.2" strokeLinecap="round" />
      ))}
    </svg>
  );
}

/**
 * The tea cup on its rounded square, as the images draw it (the marketing posts, the results card, the recap):
 * inline styles only, so html2canvas-pro paints it exactly.
 */
export function TeaCupTile({ size, background, color }: { size: number; background: string; color: string }) {
  return (
    <div
      style={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: Math.round(size * 0.31),
        background,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <TeaCup color={color} size={Math.round(size * 0.63)} />
    </div>
  );
}
