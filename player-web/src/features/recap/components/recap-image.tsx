import { forwardRef, type CSSProperties } from 'react';
import type { DayRecap } from '@daily-tea/shared/contracts/crowd';
import { BRAND } from '@daily-tea/shared/brand';
import { SHARE_CARD_SIZE, STORY_CARD_HEIGHT } from '@daily-tea/shared/domain/constants';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { truncate } from '@daily-tea/shared/domain/results';
import { TeaCup } from '@daily-tea/shared/ui/tea-cup';

/*
 * The recap as an image: 1080×1080 (square post) or 1080×1920 (story). Inline pixel sizes and hex colours only,
 * so html2canvas-pro paints it exactly (no Tailwind, no oklch). Real figures only: what GET /api/recap returned.
 */

export type RecapFormat = 'square' | 'story';

const C = {
  plum950: '#1b0940',
  plum800: '#411b83',
  plum600: '#7131e9',
  plum50: '#f6f3ff',
  plum700: '#5f22c8',
  tea400: '#fb9d24',
  tea300: '#fcb84d',
  ink: '#140a2b',
  muted: '#4b4163',
  white: '#ffffff',
} as const;
const FONT = "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

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

const tile: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  padding: '26px 30px',
  borderRadius: 32,
  background: C.white,
  color: C.ink,
  boxSizing: 'border-box',
};

export const RecapImage = forwardRef<
  HTMLDivElement,
  { recap: DayRecap; format: RecapFormat; username: string }
>(function RecapImage({ recap, format, username }, ref) {
  const story = format === 'story';
  const height = story ? STORY_CARD_HEIGHT : SHARE_CARD_SIZE;
  const stats = recapStats(recap);
  const rarest = recap.rarestAnswer;
  return (
    <div
      ref={ref}
      data-recap-image={format}
      style={{
        position: 'relative',
        width: SHARE_CARD_SIZE,
        height,
        overflow: 'hidden',
        background: `linear-gradient(160deg, ${C.plum950} 0%, ${C.plum800} 60%, ${C.plum600} 100%)`,
        color: C.white,
        fontFamily: FONT,
        boxSizing: 'border-box',
      }}
    >
      <div
        style={{
          position: 'absolute',
          width: 620,
          height: 620,
          right: -260,
          top: -280,
          borderRadius: '50%',
          border: '64px solid rgba(251,157,36,0.22)',
          boxSizing: 'border-box',
        }}
      />
      <div
        style={{
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          gap: story ? 40 : 26,
          width: '100%',
          height: '100%',
          padding: story ? '120px 80px 96px' : '60px 72px 52px',
          boxSizing: 'border-box',
        }}
      >
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
            <TeaCup color={C.plum950} size={40} />
          </div>
          <span style={{ fontSize: 36, fontWeight: 800, letterSpacing: -0.5 }}>{BRAND.name}</span>
          <span style={{ marginLeft: 'auto', fontSize: 26, fontWeight: 700, color: C.tea300 }}>
            {formatDisplayDate(recap.date)}
          </span>
        </div>
        <div>
          <div
            style={{
              fontSize: 26,
              fontWeight: 800,
              letterSpacing: 3,
              textTransform: 'uppercase',
              color: C.tea300,
            }}
          >
            {truncate(username, 24)}&apos;s day
          </div>
          <div
            style={{
              marginTop: 8,
              fontSize: story ? 92 : 70,
              fontWeight: 900,
              lineHeight: 1.02,
              letterSpacing: -2,
            }}
          >
            How I read the crowd
          </div>
        </div>
        <div
          style={{
            flex: '1 1 auto',
            minHeight: 0,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: story ? 'center' : 'flex-start',
            gap: story ? 28 : 18,
          }}
        >
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: '1fr 1fr',
              gap: story ? 24 : 18,
            }}
          >
            {stats.map((s) => (
              <div key={s.label} style={tile}>
                <span
                  style={{
                    fontSize: 20,
                    fontWeight: 800,
                    letterSpacing: 2,
                    textTransform: 'uppercase',
                    color: C.plum700,
                  }}
                >
                  {s.label}
                </span>
                <span style={{ fontSize: story ? 64 : 54, fontWeight: 900, lineHeight: 1.05 }}>
                  {s.value}
                </span>
                <span style={{ fontSize: 22, fontWeight: 600, color: C.muted }}>{s.detail}</span>
              </div>
            ))}
          </div>
          {rarest ? (
            <div style={{ ...tile, background: C.plum50 }}>
              <span
                style={{
                  fontSize: 20,
                  fontWeight: 800,
                  letterSpacing: 2,
                  textTransform: 'uppercase',
                  color: C.plum700,
                }}
              >
                My rarest answer
              </span>
              <span style={{ fontSize: story ? 48 : 40, fontWeight: 900, lineHeight: 1.1 }}>
                “{truncate(rarest.optionText, 40)}” — {rarest.sharePercent}%
              </span>
              <span style={{ fontSize: 24, fontWeight: 600, color: C.muted, lineHeight: 1.3 }}>
                {truncate(rarest.questionText, story ? 90 : 70)}
              </span>
            </div>
          ) : null}
          {story ? (
            <div
              style={{
                marginTop: 12,
                padding: '34px 40px',
                borderRadius: 32,
                background: C.tea400,
                color: C.plum950,
                fontSize: 40,
                fontWeight: 900,
                lineHeight: 1.15,
              }}
            >
              Can you read the crowd better?
              <div style={{ marginTop: 8, fontSize: 28, fontWeight: 700 }}>
                New topics every day at {BRAND.site}
              </div>
            </div>
          ) : null}
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
