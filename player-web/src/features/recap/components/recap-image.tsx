import { forwardRef, type CSSProperties } from 'react';
import type { DayRecap } from '@daily-tea/shared/contracts/crowd';
import { BRAND } from '@daily-tea/shared/brand';
import { SHARE_CARD_SIZE, STORY_CARD_HEIGHT } from '@daily-tea/shared/domain/constants';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { truncate } from '@daily-tea/shared/domain/results';
import { BrandCardFrame, CARD_COLORS, cardPanel, eyebrow } from '../../../components/brand-card';

/*
 * The recap as an image: 1080×1080 (square post) or 1080×1920 (story), in the brand card frame (inline styles
 * only: see brand-card.tsx). Real figures only: what GET /api/recap returned.
 */

export type RecapFormat = 'square' | 'story';

const C = CARD_COLORS;

/** The figures of a recap as stat tiles (label, big value, detail), in the order the home card shows them. */
export function recapStats(recap: DayRecap): { label: string; value: string; detail: string }[] {
  const stats = [
    {
      label: 'With the majority',
      value: `${recap.sidedWithMajority.count} of ${recap.sidedWithMajority.of}`,
      detail: recap.sidedWithMajority.of === 1 ? 'answer' : 'answers',
    },
    {
      label: 'Read the crowd',
      value: `${recap.guesses.right} of ${recap.guesses.made}`,
      detail: recap.guesses.made === 0 ? 'no guesses today' : 'guesses right',
    },
    {
      label: 'Streak',
      value: `${recap.streak.current} ${recap.streak.current === 1 ? 'day' : 'days'}`,
      detail:
        recap.streak.freezes > 0
          ? `${recap.streak.freezes} ${recap.streak.freezes === 1 ? 'freeze' : 'freezes'} held`
          : `longest ${recap.streak.longest}`,
    },
  ];
  if (recap.crowdSense.recent.percent !== null) {
    stats.push({
      label: 'Crowd sense',
      value: `${recap.crowdSense.recent.percent}%`,
      detail: `last ${recap.crowdSense.windowDays} days`,
    });
  }
  return stats;
}

const tile: CSSProperties = { ...cardPanel, gap: 6, padding: '26px 30px', borderRadius: 32 };

export const RecapImage = forwardRef<
  HTMLDivElement,
  { recap: DayRecap; format: RecapFormat; username: string | null }
>(function RecapImage({ recap, format, username }, ref) {
  const story = format === 'story';
  const stats = recapStats(recap);
  const rarest = recap.rarestAnswer;
  const title = (
    <div>
      <div style={eyebrow(26, C.tea300)}>
        {username === null ? 'My day' : `${truncate(username, 24)}’s day`}
      </div>
      <div
        style={{
          marginTop: story ? 14 : 8,
          fontSize: story ? 124 : 70,
          fontWeight: 900,
          lineHeight: 1.0,
          letterSpacing: story ? -3 : -2,
        }}
      >
        {story ? (
          <>
            How I read
            <br />
            the crowd
          </>
        ) : (
          'How I read the crowd'
        )}
      </div>
    </div>
  );
  return (
    <BrandCardFrame
      ref={ref}
      attrs={{ 'data-recap-image': format }}
      height={story ? STORY_CARD_HEIGHT : SHARE_CARD_SIZE}
      padding={story ? '110px 80px 90px' : '60px 72px 52px'}
      gap={story ? 40 : 26}
      headerEnd={
        <span style={{ fontSize: 26, fontWeight: 700, color: C.tea300 }}>
          {formatDisplayDate(recap.date)}
        </span>
      }
    >
      {story ? null : title}
      {/* The story is tall: its title, figures and call to action sit together in the middle, not spread apart. */}
      <div
        style={{
          flex: '1 1 auto',
          minHeight: 0,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: story ? 'center' : 'flex-start',
          gap: story ? 30 : 18,
        }}
      >
        {story ? <div style={{ marginBottom: 26 }}>{title}</div> : null}
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: story ? 26 : 18 }}>
          {stats.map((s) => (
            <div key={s.label} style={story ? { ...tile, padding: '34px 34px', gap: 8 } : tile}>
              <span style={eyebrow(story ? 22 : 20)}>{s.label}</span>
              <span style={{ fontSize: story ? 72 : 54, fontWeight: 900, lineHeight: 1.05 }}>{s.value}</span>
              <span style={{ fontSize: story ? 26 : 22, fontWeight: 600, color: C.muted }}>{s.detail}</span>
            </div>
          ))}
        </div>
        {rarest ? (
          <div style={{ ...tile, background: C.plum50, ...(story ? { padding: '34px 34px', gap: 8 } : {}) }}>
            <span style={eyebrow(story ? 22 : 20)}>My rarest answer</span>
            <span style={{ fontSize: story ? 52 : 40, fontWeight: 900, lineHeight: 1.1 }}>
              “{truncate(rarest.optionText, 40)}” — {rarest.sharePercent}%
            </span>
            <span style={{ fontSize: story ? 28 : 24, fontWeight: 600, color: C.muted, lineHeight: 1.3 }}>
              {truncate(rarest.questionText, story ? 90 : 70)}
            </span>
          </div>
        ) : null}
        {story ? (
          <div
            style={{
              marginTop: 14,
              padding: '38px 42px',
              borderRadius: 32,
              background: C.tea400,
              color: C.plum950,
              fontSize: 44,
              fontWeight: 900,
              lineHeight: 1.15,
            }}
          >
            Can you read the crowd better?
            <div style={{ marginTop: 10, fontSize: 30, fontWeight: 700 }}>
              New topics every day at {BRAND.site}
            </div>
          </div>
        ) : null}
      </div>
    </BrandCardFrame>
  );
});
