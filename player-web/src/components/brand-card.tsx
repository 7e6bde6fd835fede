import { forwardRef, type CSSProperties, type ReactNode } from 'react';
import { BRAND } from '@daily-tea/shared/brand';
import { SHARE_CARD_SIZE } from '@daily-tea/shared/domain/constants';
import { TeaCupTile } from '@daily-tea/shared/ui/tea-cup';

/*
 * The frame of every image a player shares (the results card, the recap square and story): the brand
 * gradient with its two decorations, the brand mark and name with something at the top right, and the
 * tagline with the handle and site at the bottom. Inline pixel sizes and hex colours only, so html2canvas-pro
 * paints it exactly (no Tailwind, no oklch, no filters or line clamping).
 */

export const CARD_COLORS = {
  plum950: '#1b0940',
  plum900: '#270e58',
  plum800: '#411b83',
  plum700: '#5f22c8',
  plum600: '#7131e9',
  plum300: '#c2adff',
  plum100: '#ede7ff',
  plum50: '#f6f3ff',
  tea500: '#f57a0b',
  tea400: '#fb9d24',
  tea300: '#fcb84d',
  tea100: '#feebc7',
  tea900: '#78260f',
  ink: '#140a2b',
  muted: '#4b4163',
  white: '#ffffff',
} as const;

export const CARD_FONT =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** The small uppercase label over a figure or a panel ("QUESTION 1", "STREAK"). */
export function eyebrow(fontSize: number, color: string = CARD_COLORS.plum700): CSSProperties {
  return { fontSize, fontWeight: 800, letterSpacing: fontSize / 9, textTransform: 'uppercase', color };
}

/** A white panel on the gradient: a question, a stat tile. */
export const cardPanel: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  background: CARD_COLORS.white,
  color: CARD_COLORS.ink,
  boxSizing: 'border-box',
};

export const BrandCardFrame = forwardRef<
  HTMLDivElement,
  {
    height: number;
    /** What tests and the capture find the card by, e.g. `{ 'data-share-card': '' }`. */
    attrs: Record<`data-${string}`, string>;
    padding: string;
    gap: number;
    /** Beside the brand name, at the right. */
    headerEnd: ReactNode;
    children: ReactNode;
  }
>(function BrandCardFrame(props, ref) {
  const C = CARD_COLORS;
  return (
    <div
      ref={ref}
      {...props.attrs}
      style={{
        position: 'relative',
        width: SHARE_CARD_SIZE,
        height: props.height,
        overflow: 'hidden',
        background: `linear-gradient(155deg, ${C.plum950} 0%, ${C.plum800} 58%, ${C.plum600} 100%)`,
        color: C.white,
        fontFamily: CARD_FONT,
        boxSizing: 'border-box',
      }}
    >
      <div
        style={{
          position: 'absolute',
          width: 600,
          height: 600,
          right: -250,
          top: -270,
          borderRadius: '50%',
          border: '62px solid rgba(251,157,36,0.22)',
          boxSizing: 'border-box',
        }}
      />
      <div
        style={{
          position: 'absolute',
          width: 420,
          height: 420,
          left: -200,
          bottom: -220,
          borderRadius: '50%',
          background: 'rgba(132,80,246,0.35)',
        }}
      />
      <div
        style={{
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          gap: props.gap,
          width: '100%',
          height: '100%',
          padding: props.padding,
          boxSizing: 'border-box',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 18 }}>
          <TeaCupTile size={64} background={C.tea400} color={C.plum950} />
          <span style={{ fontSize: 36, fontWeight: 800, letterSpacing: -0.5 }}>{BRAND.name}</span>
          <span style={{ marginLeft: 'auto' }}>{props.headerEnd}</span>
        </div>
        {props.children}
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            fontSize: 26,
            fontWeight: 600,
            color: 'rgba(255,255,255,0.82)',
          }}
        >
          <span>{BRAND.tagline}</span>
          <span style={{ fontWeight: 800, color: C.tea300 }}>
            {BRAND.handle} · {BRAND.site}
          </span>
        </div>
      </div>
    </div>
  );
});
