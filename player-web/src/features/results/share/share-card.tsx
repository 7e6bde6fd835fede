import { forwardRef, type CSSProperties } from 'react';
import { SHARE_CARD_SIZE } from '@daily-tea/shared/domain/constants';
import type { ShareCardData, ShareQuestion } from './share-model';
import { averageText, plural, withUnit } from '../components/results-model';
import { BrandCardFrame, CARD_COLORS, cardPanel, eyebrow } from '../../../components/brand-card';

/* The 1080x1080 results card (product.md#screens) in the brand card frame (inline styles only: see brand-card.tsx). */

const C = CARD_COLORS;

const panel: CSSProperties = {
  ...cardPanel,
  flex: '0 1 auto',
  minHeight: 0,
  gap: 14,
  padding: '28px 36px',
  borderRadius: 36,
  overflow: 'hidden',
};

function QuestionPanel({ question, index }: { question: ShareQuestion; index: number }) {
  return (
    <div style={panel}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 24 }}>
        <span style={eyebrow(22)}>Question {index + 1}</span>
        <span style={{ fontSize: 22, fontWeight: 700, color: C.muted }}>
          {plural(question.total, 'answer')}
          {question.weighted ? ', weighted to SA adults' : ''}
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
            {
              label: question.weighted ? 'Average, weighted' : 'Average',
              value: averageText(question.average, question.unit),
            },
            { label: 'Lowest', value: withUnit(question.min, question.unit) },
            { label: 'Highest', value: withUnit(question.max, question.unit) },
          ].map((stat) => (
            <div
              key={stat.label}
              style={{ flex: '1 1 0', padding: '16px 22px', borderRadius: 22, background: C.plum50 }}
            >
              <div style={eyebrow(20)}>{stat.label}</div>
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
  const anyWeighted = data.questions.some((q) => q.weighted);
  return (
    <BrandCardFrame
      ref={ref}
      attrs={{ 'data-share-card': '', 'data-weighted': String(anyWeighted) }}
      height={SHARE_CARD_SIZE}
      padding="64px 72px 56px"
      gap={24}
      headerEnd={
        <span
          style={{
            ...eyebrow(22, C.tea300),
            display: 'inline-block',
            padding: '12px 24px',
            borderRadius: 999,
            background: 'rgba(255,255,255,0.14)',
          }}
        >
          {anyWeighted ? 'Weighted to SA adults' : 'Community results'}
        </span>
      }
    >
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
    </BrandCardFrame>
  );
});
