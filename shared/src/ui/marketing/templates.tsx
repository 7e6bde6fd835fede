import type { CSSProperties, ReactNode } from 'react';
import { BRAND } from '../../brand';
import {
  POST_SIZE,
  barWidthsRelativeToMax,
  formatSampleSize,
  formatSnapshotValue,
  previewOptions,
  previewRows,
  type PollContent,
  type PostContentMap,
  type PostType,
  type PromoContent,
  type QuoteContent,
  type ResultsContent,
  type SnapshotContent,
  type TeaserContent,
  weightingLine,
} from '../../domain/marketing';
import { TeaCupTile } from '../tea-cup';

/*
 * The six 1080x1080 marketing posts (product.md#screens). Styled inline with fixed pixel sizes and hex colours
 * only: the same node is shown scaled in the preview and captured full size by html2canvas-pro,
 * which must not depend on the host app's Tailwind build (web and desktop differ) nor on CSS it
 * cannot paint (filters, oklab gradients, line clamping).
 */

const C = {
  plum950: '#1b0940',
  plum900: '#270e58',
  plum800: '#411b83',
  plum700: '#5f22c8',
  plum600: '#7131e9',
  plum500: '#8450f6',
  plum300: '#c2adff',
  plum200: '#dcd1ff',
  plum100: '#ede7ff',
  plum50: '#f6f3ff',
  tea600: '#d95706',
  tea500: '#f57a0b',
  tea400: '#fb9d24',
  tea300: '#fcb84d',
  tea200: '#fdd48a',
  tea100: '#feebc7',
  tea50: '#fff8eb',
  ink: '#140a2b',
  white: '#ffffff',
  pink: '#f0529c',
} as const;

const FONT =
  "'Inter Display', Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, 'Noto Color Emoji', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif";

/** Picks a font size from the text length so long copy still fits the square. */
export function sizeForLength(
  text: string,
  steps: readonly (readonly [maxLength: number, size: number])[],
  smallest: number,
): number {
  const length = text.trim().length;
  for (const [maxLength, size] of steps) if (length <= maxLength) return size;
  return smallest;
}

type Tone = 'dark' | 'light';

function BrandMark({ tone }: { tone: Tone }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
      <TeaCupTile
        size={72}
        background={tone === 'dark' ? C.tea400 : C.plum700}
        color={tone === 'dark' ? C.plum900 : C.tea300}
      />
      <span
        style={{
          fontSize: 38,
          fontWeight: 800,
          letterSpacing: -0.5,
          color: tone === 'dark' ? C.white : C.plum900,
        }}
      >
        {BRAND.name}
      </span>
    </div>
  );
}

function Eyebrow({
  children,
  background,
  color,
}: {
  children: ReactNode;
  background: string;
  color: string;
}) {
  return (
    <span
      style={{
        display: 'inline-block',
        alignSelf: 'flex-start',
        padding: '14px 28px',
        borderRadius: 999,
        background,
        color,
        fontSize: 26,
        fontWeight: 800,
        letterSpacing: 3,
        textTransform: 'uppercase',
        lineHeight: 1,
      }}
    >
      {children}
    </span>
  );
}

/** A soft decorative disc; plain rgba fills because html2canvas cannot paint blur filters. */
function Blob({ style }: { style: CSSProperties }) {
  return <div aria-hidden="true" style={{ position: 'absolute', borderRadius: '50%', ...style }} />;
}

/** Handle and site, the brand footer every post carries (product.md#brand). */
function Footer({ tone, children }: { tone: Tone; children?: ReactNode }) {
  const muted = tone === 'dark' ? 'rgba(255,255,255,0.78)' : C.plum700;
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 24,
        paddingTop: 32,
        borderTop: `2px solid ${tone === 'dark' ? 'rgba(255,255,255,0.18)' : 'rgba(95,34,200,0.16)'}`,
        fontSize: 28,
        fontWeight: 600,
        color: muted,
      }}
    >
      <span style={{ minWidth: 0 }}>{children ?? BRAND.handle}</span>
      <span style={{ flex: '0 0 auto', fontWeight: 800, color: tone === 'dark' ? C.tea300 : C.plum800 }}>
        {children ? `${BRAND.handle} · ${BRAND.site}` : BRAND.site}
      </span>
    </div>
  );
}

function Frame({
  type,
  background,
  tone,
  decorations,
  children,
}: {
  type: PostType;
  background: string;
  tone: Tone;
  decorations?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div
      data-post-type={type}
      style={{
        position: 'relative',
        width: POST_SIZE,
        height: POST_SIZE,
        overflow: 'hidden',
        background,
        color: tone === 'dark' ? C.white : C.ink,
        fontFamily: FONT,
        boxSizing: 'border-box',
        WebkitFontSmoothing: 'antialiased',
      }}
    >
      {decorations}
      <div
        style={{
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          width: '100%',
          height: '100%',
          padding: 80,
          boxSizing: 'border-box',
        }}
      >
        {children}
      </div>
    </div>
  );
}

// The middle block takes the free space and never pushes into the footer, however long the copy.
const grow: CSSProperties = {
  flex: '1 1 auto',
  minHeight: 0,
  overflow: 'hidden',
  display: 'flex',
  flexDirection: 'column',
  padding: '24px 0',
};

export function TeaserTemplate({ content }: { content: TeaserContent }) {
  const questionSize = sizeForLength(
    content.question,
    [
      [40, 96],
      [70, 84],
      [110, 70],
      [160, 58],
    ],
    48,
  );
  return (
    <Frame
      type="teaser"
      tone="dark"
      background={`linear-gradient(145deg, ${C.plum950} 0%, ${C.plum800} 55%, ${C.plum600} 100%)`}
      decorations={
        <>
          <Blob
            style={{
              width: 640,
              height: 640,
              right: -260,
              top: -280,
              border: '56px solid rgba(251,157,36,0.22)',
              boxSizing: 'border-box',
            }}
          />
          <Blob
            style={{ width: 300, height: 300, right: -90, top: -110, background: 'rgba(251,157,36,0.9)' }}
          />
          <Blob
            style={{ width: 520, height: 520, left: -260, bottom: -200, background: 'rgba(132,80,246,0.35)' }}
          />
          <div
            aria-hidden="true"
            style={{
              position: 'absolute',
              right: 70,
              bottom: 150,
              fontSize: 460,
              fontWeight: 900,
              lineHeight: 1,
              color: 'rgba(255,255,255,0.06)',
            }}
          >
            ?
          </div>
        </>
      }
    >
      <BrandMark tone="dark" />
      <div style={{ ...grow, justifyContent: 'center', gap: 36 }}>
        {content.headline.trim() ? (
          <div style={{ fontSize: 44, fontWeight: 800, color: C.tea300, lineHeight: 1.15 }}>
            {content.headline}
          </div>
        ) : null}
        <div
          style={{
            fontSize: questionSize,
            fontWeight: 900,
            lineHeight: 1.06,
            letterSpacing: -1.5,
            overflowWrap: 'anywhere',
          }}
        >
          {content.question}
        </div>
        {content.subtext.trim() ? (
          <div style={{ fontSize: 34, fontWeight: 500, lineHeight: 1.35, color: C.plum200, maxWidth: 820 }}>
            {content.subtext}
          </div>
        ) : null}
        {content.cta.trim() ? (
          <div
            style={{
              alignSelf: 'flex-start',
              marginTop: 12,
              padding: '26px 44px',
              borderRadius: 999,
              background: C.tea400,
              color: C.plum950,
              fontSize: 36,
              fontWeight: 800,
              lineHeight: 1.1,
              boxShadow: '0 18px 40px rgba(0,0,0,0.28)',
            }}
          >
            {content.cta} →
          </div>
        ) : null}
      </div>
      <Footer tone="dark" />
    </Frame>
  );
}

const OPTION_LETTERS = ['A', 'B', 'C', 'D'];

export function PollTemplate({ content }: { content: PollContent }) {
  const options = previewOptions(content.options, content.useEmojis);
  const questionSize = sizeForLength(
    content.question,
    [
      [40, 76],
      [70, 64],
      [110, 52],
      [160, 46],
    ],
    40,
  );
  const long = content.question.trim().length > 70 || options.length > 3;
  const optionSize = options.some((option) => option.length > 28) ? 32 : 38;
  return (
    <Frame
      type="poll"
      tone="light"
      background={`linear-gradient(180deg, ${C.tea50} 0%, ${C.tea100} 100%)`}
      decorations={
        <>
          <Blob
            style={{ width: 560, height: 560, right: -260, top: -260, background: 'rgba(132,80,246,0.14)' }}
          />
          <Blob
            style={{ width: 300, height: 300, left: -150, bottom: 120, background: 'rgba(251,157,36,0.22)' }}
          />
        </>
      }
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <BrandMark tone="light" />
        <Eyebrow background={C.plum700} color={C.white}>
          Poll
        </Eyebrow>
      </div>
      <div style={{ ...grow, justifyContent: 'center', gap: long ? 32 : 44 }}>
        <div
          style={{
            fontSize: questionSize,
            fontWeight: 900,
            lineHeight: 1.08,
            letterSpacing: -1.2,
            color: C.plum900,
            overflowWrap: 'anywhere',
          }}
        >
          {content.question}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: long ? 16 : 20 }}>
          {options.map((option, index) => (
            <div
              key={index}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 28,
                padding: long ? '16px 24px' : '22px 28px',
                borderRadius: 28,
                background: C.white,
                border: `3px solid ${index === 0 ? C.plum500 : C.plum200}`,
                boxShadow: '0 8px 22px rgba(65,27,131,0.10)',
              }}
            >
              <div
                style={{
                  flex: '0 0 auto',
                  width: 64,
                  height: 64,
                  borderRadius: 20,
                  background: index === 0 ? C.plum700 : C.plum100,
                  color: index === 0 ? C.white : C.plum800,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  fontSize: 32,
                  fontWeight: 900,
                }}
              >
                {OPTION_LETTERS[index]}
              </div>
              <div
                style={{
                  fontSize: optionSize,
                  fontWeight: 700,
                  color: C.ink,
                  lineHeight: 1.15,
                  overflowWrap: 'anywhere',
                }}
              >
                {option}
              </div>
            </div>
          ))}
        </div>
      </div>
      <Footer tone="light">{content.footer.trim() || BRAND.handle}</Footer>
    </Frame>
  );
}

export function SnapshotTemplate({ content }: { content: SnapshotContent }) {
  const value = formatSnapshotValue(content.value);
  const valueSize = sizeForLength(
    value,
    [
      [3, 360],
      [4, 300],
      [6, 220],
    ],
    160,
  );
  const contextSize = sizeForLength(
    content.context,
    [
      [50, 60],
      [90, 50],
      [140, 42],
    ],
    36,
  );
  return (
    <Frame
      type="snapshot"
      tone="light"
      background={`linear-gradient(150deg, ${C.tea300} 0%, ${C.tea400} 45%, ${C.tea500} 100%)`}
      decorations={
        <>
          <Blob
            style={{
              width: 760,
              height: 760,
              right: -300,
              bottom: -320,
              background: 'rgba(255,255,255,0.18)',
            }}
          />
          <Blob
            style={{
              width: 300,
              height: 300,
              right: -110,
              top: 330,
              border: '40px solid rgba(255,255,255,0.22)',
              boxSizing: 'border-box',
            }}
          />
        </>
      }
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <BrandMark tone="light" />
        <Eyebrow background={C.plum900} color={C.tea300}>
          Snapshot
        </Eyebrow>
      </div>
      <div style={{ ...grow, justifyContent: 'center' }}>
        {content.label.trim() ? (
          <div
            style={{
              fontSize: 40,
              fontWeight: 800,
              letterSpacing: 4,
              textTransform: 'uppercase',
              color: C.plum800,
            }}
          >
            {content.label}
          </div>
        ) : null}
        <div
          style={{
            fontSize: valueSize,
            fontWeight: 900,
            lineHeight: 1,
            letterSpacing: -8,
            color: C.plum900,
            margin: '12px 0 20px -6px',
          }}
        >
          {value}
        </div>
        <div style={{ width: 140, height: 12, borderRadius: 6, background: C.plum700, marginBottom: 36 }} />
        <div
          style={{
            fontSize: contextSize,
            fontWeight: 800,
            lineHeight: 1.15,
            letterSpacing: -0.5,
            color: C.ink,
            maxWidth: 900,
          }}
        >
          {content.context}
        </div>
      </div>
      <Footer tone="light">Community snapshot</Footer>
    </Frame>
  );
}

export function ResultsTemplate({ content }: { content: ResultsContent }) {
  const rows = previewRows(content.rows);
  const widths = barWidthsRelativeToMax(rows);
  const max = Math.max(0, ...rows.map((row) => row.percent));
  const questionSize = sizeForLength(
    content.question,
    [
      [40, 70],
      [70, 60],
      [110, 50],
    ],
    44,
  );
  return (
    <Frame
      type="results"
      tone="light"
      background={C.white}
      decorations={
        <>
          <Blob style={{ width: 480, height: 480, right: -240, top: -240, background: C.plum50 }} />
          <div
            aria-hidden="true"
            style={{
              position: 'absolute',
              left: 0,
              top: 0,
              width: POST_SIZE,
              height: 18,
              background: `linear-gradient(90deg, ${C.plum700}, ${C.tea400})`,
            }}
          />
        </>
      }
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <BrandMark tone="light" />
        <Eyebrow background={C.tea100} color={C.plum900}>
          The results are in
        </Eyebrow>
      </div>
      <div style={{ ...grow, justifyContent: 'center', gap: 48 }}>
        <div
          style={{
            fontSize: questionSize,
            fontWeight: 900,
            lineHeight: 1.08,
            letterSpacing: -1.2,
            color: C.plum900,
            overflowWrap: 'anywhere',
          }}
        >
          {content.question}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 30 }}>
          {rows.map((row, index) => {
            const leader = max > 0 && row.percent === max;
            return (
              <div key={index} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
                <div
                  style={{
                    display: 'flex',
                    alignItems: 'baseline',
                    justifyContent: 'space-between',
                    gap: 24,
                  }}
                >
                  <span
                    style={{
                      fontSize: 34,
                      fontWeight: 700,
                      color: C.ink,
                      lineHeight: 1.15,
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {row.label}
                  </span>
                  <span
                    style={{
                      fontSize: 44,
                      fontWeight: 900,
                      color: leader ? C.tea600 : C.plum700,
                      lineHeight: 1,
                    }}
                  >
                    {row.percent}%
                  </span>
                </div>
                <div style={{ height: 30, borderRadius: 15, background: C.plum100, overflow: 'hidden' }}>
                  <div
                    style={{
                      width: `${widths[index] ?? 0}%`,
                      height: '100%',
                      borderRadius: 15,
                      background: leader
                        ? `linear-gradient(90deg, ${C.tea400}, ${C.tea500})`
                        : `linear-gradient(90deg, ${C.plum600}, ${C.plum500})`,
                    }}
                  />
                </div>
              </div>
            );
          })}
        </div>
      </div>
      {content.weighting ? (
        // Outside the middle block, which clips long copy: the claim about the figures is always in the image.
        <div
          data-weighting-line=""
          style={{
            flex: '0 0 auto',
            display: 'flex',
            alignItems: 'center',
            gap: 16,
            marginBottom: 28,
            fontSize: 30,
            fontWeight: 700,
            lineHeight: 1.2,
            color: C.plum800,
          }}
        >
          <span
            aria-hidden="true"
            style={{ flex: '0 0 auto', width: 16, height: 16, borderRadius: 8, background: C.tea500 }}
          />
          {weightingLine(content.weighting)}
        </div>
      ) : null}
      <Footer tone="light">
        {content.sampleSize
          ? `Based on ${formatSampleSize(content.sampleSize)} answers`
          : 'Community results'}
      </Footer>
    </Frame>
  );
}

export function QuoteTemplate({ content }: { content: QuoteContent }) {
  const attribution = content.attribution.trim();
  if (content.style === 'meme') {
    const size = sizeForLength(
      content.text,
      [
        [40, 112],
        [80, 96],
        [130, 78],
        [200, 62],
        [300, 50],
      ],
      42,
    );
    return (
      <Frame
        type="quote"
        tone="dark"
        background={`linear-gradient(180deg, #0d0620 0%, ${C.plum950} 100%)`}
        decorations={
          <Blob
            style={{ width: 700, height: 700, left: 190, top: 190, background: 'rgba(113,49,233,0.18)' }}
          />
        }
      >
        <BrandMark tone="dark" />
        <div
          style={{ ...grow, justifyContent: 'center', alignItems: 'center', textAlign: 'center', gap: 40 }}
        >
          <div
            style={{
              fontSize: size,
              fontWeight: 900,
              lineHeight: 1.05,
              letterSpacing: -1.5,
              textTransform: 'uppercase',
              color: C.white,
              overflowWrap: 'anywhere',
            }}
          >
            {content.text}
          </div>
          <div style={{ width: 160, height: 14, borderRadius: 7, background: C.tea400 }} />
          {attribution ? (
            <div style={{ fontSize: 34, fontWeight: 700, color: C.tea300 }}>{attribution}</div>
          ) : null}
        </div>
        <Footer tone="dark" />
      </Frame>
    );
  }
  const size = sizeForLength(
    content.text,
    [
      [50, 76],
      [90, 66],
      [140, 56],
      [210, 48],
      [320, 42],
    ],
    36,
  );
  return (
    <Frame
      type="quote"
      tone="light"
      background={`linear-gradient(160deg, ${C.plum50} 0%, ${C.plum100} 100%)`}
      decorations={
        <>
          <Blob
            style={{
              width: 520,
              height: 520,
              right: -200,
              bottom: -160,
              background: 'rgba(251,157,36,0.18)',
            }}
          />
          <div
            aria-hidden="true"
            style={{
              position: 'absolute',
              left: 56,
              top: 150,
              fontSize: 420,
              fontWeight: 900,
              lineHeight: 1,
              color: C.tea400,
              fontFamily: 'Georgia, serif',
            }}
          >
            “
          </div>
        </>
      }
    >
      <BrandMark tone="light" />
      <div style={{ ...grow, justifyContent: 'center', gap: 44, paddingTop: 90 }}>
        <div
          style={{
            fontSize: size,
            fontWeight: 700,
            lineHeight: 1.2,
            letterSpacing: -0.8,
            color: C.plum900,
            overflowWrap: 'anywhere',
          }}
        >
          {content.text}
        </div>
        {attribution ? (
          <div style={{ display: 'flex', alignItems: 'center', gap: 20 }}>
            <div style={{ width: 56, height: 6, borderRadius: 3, background: C.tea500 }} />
            <div style={{ fontSize: 34, fontWeight: 700, color: C.plum700 }}>{attribution}</div>
          </div>
        ) : null}
      </div>
      <Footer tone="light" />
    </Frame>
  );
}

export function PromoTemplate({ content }: { content: PromoContent }) {
  const fun = content.style === 'fun';
  const headlineSize = sizeForLength(
    content.headline,
    [
      [30, 108],
      [50, 92],
      [80, 78],
      [120, 64],
    ],
    54,
  );
  const tone: Tone = fun ? 'light' : 'dark';
  return (
    <Frame
      type="promo"
      tone={tone}
      background={
        fun
          ? `linear-gradient(135deg, ${C.tea300} 0%, ${C.pink} 55%, ${C.plum500} 100%)`
          : `linear-gradient(160deg, ${C.plum950} 0%, ${C.plum700} 70%, ${C.plum600} 100%)`
      }
      decorations={
        fun ? (
          <>
            <Blob
              style={{
                width: 380,
                height: 380,
                right: -120,
                top: -110,
                background: 'rgba(255,255,255,0.28)',
              }}
            />
            <Blob
              style={{ width: 200, height: 200, left: 620, top: 210, background: 'rgba(255,255,255,0.2)' }}
            />
            <Blob
              style={{ width: 520, height: 520, left: -240, bottom: -260, background: 'rgba(39,14,88,0.16)' }}
            />
            <div
              aria-hidden="true"
              style={{ position: 'absolute', right: 96, top: 110, fontSize: 120, transform: 'rotate(12deg)' }}
            >
              🫖
            </div>
          </>
        ) : (
          <>
            <Blob
              style={{
                width: 900,
                height: 900,
                right: -420,
                top: -460,
                background: 'rgba(255,255,255,0.05)',
              }}
            />
            <Blob
              style={{
                width: 640,
                height: 640,
                right: -300,
                top: -320,
                background: 'rgba(255,255,255,0.06)',
              }}
            />
            <Blob style={{ width: 96, height: 96, right: 110, top: 90, background: C.tea400 }} />
            <Blob style={{ width: 40, height: 40, right: 250, top: 120, background: C.tea300 }} />
          </>
        )
      }
    >
      <BrandMark tone={tone} />
      <div style={{ ...grow, justifyContent: 'center', gap: 40 }}>
        <div
          style={{
            fontSize: headlineSize,
            fontWeight: 900,
            lineHeight: 1.02,
            letterSpacing: -2,
            color: fun ? C.plum950 : C.white,
            overflowWrap: 'anywhere',
          }}
        >
          {content.headline}
        </div>
        {content.description.trim() ? (
          <div
            style={{
              fontSize: 36,
              fontWeight: 600,
              lineHeight: 1.35,
              color: fun ? C.plum900 : C.plum200,
              maxWidth: 860,
            }}
          >
            {content.description}
          </div>
        ) : null}
        {content.cta.trim() ? (
          <div
            style={{
              alignSelf: 'flex-start',
              marginTop: 8,
              padding: '28px 48px',
              borderRadius: fun ? 999 : 24,
              background: fun ? C.plum950 : C.tea400,
              color: fun ? C.white : C.plum950,
              fontSize: 38,
              fontWeight: 800,
              lineHeight: 1.1,
              boxShadow: '0 18px 40px rgba(0,0,0,0.25)',
            }}
          >
            {content.cta}
          </div>
        ) : null}
      </div>
      <Footer tone={tone}>{BRAND.tagline}</Footer>
    </Frame>
  );
}

export type PostTemplateProps<K extends PostType = PostType> = { type: K; content: PostContentMap[K] };

/** The template for one post type at its full 1080x1080 size. */
export function PostTemplate(props: { [K in PostType]: PostTemplateProps<K> }[PostType]) {
  switch (props.type) {
    case 'teaser':
      return <TeaserTemplate content={props.content} />;
    case 'poll':
      return <PollTemplate content={props.content} />;
    case 'snapshot':
      return <SnapshotTemplate content={props.content} />;
    case 'results':
      return <ResultsTemplate content={props.content} />;
    case 'quote':
      return <QuoteTemplate content={props.content} />;
    case 'promo':
      return <PromoTemplate content={props.content} />;
  }
}
