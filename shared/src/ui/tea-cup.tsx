/** The brand's tea cup mark: the marketing posts and page header, the results share card and the recap image. */
export function TeaCup({ color, size }: { color: string; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" fill="none" aria-hidden="true">
      <path d="M8 18h26v10a11 11 0 0 1-11 11h-4A11 11 0 0 1 8 28V18Z" fill={color} />
      <path d="M34 21h3a5 5 0 0 1 0 10h-3" stroke={color} strokeWidth="4" strokeLinecap="round" />
      <path d="M6 43h32" stroke={color} strokeWidth="4" strokeLinecap="round" />
      <path d="M16 6c-2 3 2 5 0 8M24 6c-2 3 2 5 0 8" stroke={color} strokeWidth="3.2" strokeLinecap="round" />
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
