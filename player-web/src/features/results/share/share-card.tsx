import { forwardRef, type CSSProperties } from 'react';
import { BRAND } from '@daily-tea/shared/brand';
import { SHARE_CARD_SIZE } from '@daily-tea/shared/domain/constants';
import type { ShareCardData, ShareQuestion } from './share-model';
import { averageText, plural, withUnit } from '../components/results-model';
import { TeaCup } from '@daily-tea/shared/ui/tea-cup';

/*
 * The 1080x1080 results card (SPEC §2). Styled inline with pixel sizes and hex colours only: it is
 * captured by html2canvas-pro, which must not depend on the app's Tailwind build nor on CSS it
 * cannot paint (filters, oklch gradients, line clamping).
 */

const C = {
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

const FONT = "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

const panel: CSSProperties = {
  flex: '0 1 auto',
  minHeight: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 14,
  padding: '28px 36px',
  borderRadius: 36,
  background: C.white,
  color: C.ink,
  boxSizing: 'border-box',
  overflow: 'hidden',
};

function QuestionPanel({ question, index }: { question: ShareQuestion; index: number }) {
  return (
    <div style={panel}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 24 }}>
        <span
          style={{
            fontSize: 22,
            fontWeight: 800,
            letterSpacing: 2.5,
            textTransform: 'uppercase',
            color: C.plum700,
          }}
        >
          Question {index + 1}
        </span>
        <span style={{ fontSize: 22, fontWeight: 700, color: C.muted }}>
          {plural(question.total, 'answer')}
        </span>
      </div>
      <div style={{ fontSize: 36, fontWeight: 800, lineHeight: 1.16, letterSpacing: -0.5 }}>
        {question.text}
      </div>
      {question.kind === 'choice' ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginTop: 2 }}>
          {question.rows.map((row) => (
            <div key={row.id} style={{ display: 'flex', alignItems: 'center', gap: 18 }}>
              <div
                style={{
                  position: 'relative',
                  flex: '1 1 auto',
                  height: 42,
                  borderRadius: 14,
                  background: row.isUser ? C.tea100 : C.plum50,
                  overflow: 'hidden',
                }}
              >
                <div
                  style={{
                    position: 'absolute',
                    left: 0,
                    top: 0,
                    bottom: 0,
                    width: `${Math.max(row.pct, 1)}%`,
                    borderRadius: 14,
                    background: row.isUser ? `linear-gradient(90deg, ${C.tea400}, ${C.tea500})` : C.plum300,
                  }}
                />
                <div
                  style={{
                    position: 'absolute',
                    left: 20,
                    right: 20,
                    top: 0,
                    bottom: 0,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 12,
                    fontSize: 24,
                    fontWeight: 700,
                    color: row.isUser ? C.tea900 : C.ink,
                    whiteSpace: 'nowrap',
                  }}
                >
                  <span>{row.text}</span>
                  {row.isUser ? (
                    <span
                      style={{
                        padding: '4px 12px',
                        borderRadius: 999,
                        background: C.white,
                        color: C.tea900,
                        fontSize: 18,
                        fontWeight: 800,
                        letterSpacing: 1,
                        textTransform: 'uppercase',
                      }}
                    >
                      You
                    </span>
                  ) : null}
                </div>
              </div>
              <span
                style={{
                  width: 96,
                  textAlign: 'right',
                  fontSize: 32,
                  fontWeight: 900,
                  color: row.isUser ? C.tea900 : C.plum800,
                }}
              >
                {row.pct}%
              </span>
            </div>
          ))}
          {question.hidden > 0 ? (
            <span style={{ fontSize: 20, fontWeight: 600, color: C.muted }}>
              + {plural(question.hidden, 'more option')}
            </span>
          ) : null}
        </div>
      ) : (
        <div style={{ display: 'flex', gap: 16, marginTop: 4 }}>
          {[
            { label: 'Average', value: averageText(question.average, question.unit) },
            { label: 'Lowest', value: withUnit(question.min, question.unit) },
            { label: 'Highest', value: withUnit(question.max, question.unit) },
          ].map((stat) => (
            <div
              key={stat.label}
              style={{ flex: '1 1 0', padding: '16px 22px', borderRadius: 22, background: C.plum50 }}
            >
              <div
                style={{
                  fontSize: 20,
                  fontWeight: 800,
                  letterSpacing: 2,
                  textTransform: 'uppercase',
                  color: C.plum700,
                }}
              >
                {stat.label}
              </div>
              <div style={{ marginTop: 6, fontSize: 34, fontWeight: 900, color: C.ink }}>{stat.value}</div>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** The card itself: brand, topic title, the first two questions with community shares, handle and site. */
export const ShareCard = forwardRef<HTMLDivElement, { data: ShareCardData }>(function ShareCard(
  { data },
  ref,
) {
  const titleSize = data.title.length > 40 ? 46 : data.title.length > 24 ? 54 : 62;
  return (
    <div
      ref={ref}
      data-share-card=""
      style={{
        position: 'relative',
        width: SHARE_CARD_SIZE,
        height: SHARE_CARD_SIZE,
        overflow: 'hidden',
        background: `linear-gradient(150deg, ${C.plum950} 0%, ${C.plum800} 55%, ${C.plum600} 100%)`,
        color: C.white,
        fontFamily: FONT,
        boxSizing: 'border-box',
      }}
    >
      <div
        style={{
          position: 'absolute',
          width: 560,
          height: 560,
          right: -240,
          top: -260,
          borderRadius: '50%',
          border: '60px solid rgba(251,157,36,0.22)',
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
          gap: 24,
          width: '100%',
          height: '100%',
          padding: '64px 72px 56px',
          boxSizing: 'border-box',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 18 }}>
            <div
              style={{
                width: 64,
                height: 64,
                borderRadius: 20,
                background: C.tea400,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <TeaCup color={C.plum900} size={40} />
            </div>
            <span style={{ fontSize: 36, fontWeight: 800, letterSpacing: -0.5 }}>{BRAND.name}</span>
          </div>
          <span
            style={{
              padding: '12px 24px',
              borderRadius: 999,
              background: 'rgba(255,255,255,0.14)',
              fontSize: 22,
              fontWeight: 800,
              letterSpacing: 2.5,
              textTransform: 'uppercase',
              color: C.tea300,
            }}
          >
            Community results
          </span>
        </div>
        <div style={{ fontSize: titleSize, fontWeight: 900, lineHeight: 1.05, letterSpacing: -1.5 }}>
          {data.title}
        </div>
        <div
          style={{
            flex: '1 1 auto',
            minHeight: 0,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            gap: 20,
          }}
        >
          {data.questions.map((question, index) => (
            <QuestionPanel key={index} question={question} index={index} />
          ))}
        </div>
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
