import { useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { PlayerStats } from '@daily-tea/shared/contracts/history';
import { BADGE_DESCRIPTIONS, badgeLabel, isBadgeType } from '@daily-tea/shared/domain/badges';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { paths } from '../../../config/paths';
import { useFocusOnMount } from '../../../hooks/use-focus-on-mount';
import { statsQuery } from '../../../lib/queries';
import { HistoryCalendar } from './history-calendar';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

function Figure(props: { label: string; value: ReactNode; note?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200" data-testid={props.testId}>
      <dt className="text-xs font-bold tracking-wide text-stone-600 uppercase">{props.label}</dt>
      <dd className="mt-1 text-2xl font-black text-stone-900 tabular-nums">{props.value}</dd>
      {props.note ? <dd className="mt-0.5 text-sm text-stone-600">{props.note}</dd> : null}
    </div>
  );
}

const percentText = (percent: number | null) => (percent === null ? '—' : `${percent}%`);

/**
 * /stats — the player's history (docs/decisions/0270-history-and-archive.md): streaks and freezes, the last 90 game
 * days, totals, crowd sense, how often they sided with the majority, and their badges with the day earned.
 */
export function StatsPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  const stats = useQuery(statsQuery());
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex items-center justify-between gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-black text-stone-900 outline-none">
          Your history
        </h1>
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100"
        >
          ← Today
        </Link>
      </div>
      {stats.isPending ? (
        <StatsSkeleton />
      ) : stats.isError ? (
        <p role="alert" className="mt-6 rounded-2xl bg-red-50 p-4 text-red-800">
          {stats.error.message}
        </p>
      ) : (
        <StatsBody stats={stats.data} />
      )}
    </div>
  );
}

function StatsBody({ stats }: { stats: PlayerStats }) {
  const { crowdSense, majority } = stats;
  return (
    <>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure
          label="Streak"
          testId="stats-streak"
          value={
            <>
              <span aria-hidden="true">🔥 </span>
              {plural(stats.currentStreak, 'day')}
            </>
          }
          note={`Longest ${plural(stats.longestStreak, 'day')}`}
        />
        <Figure
          label="Freezes"
          testId="stats-freezes"
          value={
            <>
              <span aria-hidden="true">❄️ </span>
              {stats.streakFreezes} held
            </>
          }
          note={`${plural(stats.freezesSpent, 'day')} saved by a freeze`}
        />
        <Figure label="Days played" testId="stats-days" value={stats.daysPlayed.toLocaleString('en')} />
        <Figure label="Answers" testId="stats-answers" value={stats.answers.toLocaleString('en')} />
      </dl>

      <section
        aria-labelledby="calendar-heading"
        className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
      >
        <h2 id="calendar-heading" className="font-bold text-stone-900">
          The last 90 days
        </h2>
        <HistoryCalendar days={stats.calendar} />
      </section>

      <dl className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure
          label="Crowd sense, 30 days"
          testId="stats-crowd-30"
          value={percentText(crowdSense.last30.percent)}
          note={`${crowdSense.last30.right} of ${plural(crowdSense.last30.made, 'guess', 'guesses')} right`}
        />
        <Figure
          label="Crowd sense, all time"
          testId="stats-crowd-total"
          value={percentText(crowdSense.total.percent)}
          note={`${crowdSense.total.right} of ${plural(crowdSense.total.made, 'guess', 'guesses')} right`}
        />
        <Figure
          label="With the majority"
          testId="stats-majority"
          value={percentText(majority.percent)}
          note={`${majority.sided} of ${plural(majority.revealed, 'answer')} picked the most-picked option`}
        />
      </dl>

      <section
        aria-labelledby="badges-heading"
        className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:p-5"
      >
        <h2 id="badges-heading" className="font-bold text-stone-900">
          Badges
        </h2>
        {stats.badges.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">Answer your first question to earn one.</p>
        ) : (
          <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="stats-badges">
            {stats.badges.map((b) => (
              <li key={b.type} className="bg-tea-50 flex items-center gap-3 rounded-xl px-3 py-2.5">
                <span aria-hidden="true" className="text-2xl">
                  🏅
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-stone-900 capitalize">{badgeLabel(b.type)}</span>
                  <span className="block text-sm text-stone-700">
                    {isBadgeType(b.type) ? `${BADGE_DESCRIPTIONS[b.type]} · ` : ''}
                    {formatDisplayDate(b.earnedAt.slice(0, 10))}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Link
        to={paths.archive}
        className="bg-brand-700 hover:bg-brand-800 focus-visible:outline-brand-600 mt-6 flex min-h-12 items-center justify-center rounded-2xl px-5 font-bold text-white focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Play past days →
      </Link>
    </>
  );
}

/** The screen's shape while the figures load, so nothing moves when they arrive. */
function StatsSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse motion-reduce:animate-none">
      <div className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-[6.5rem] rounded-2xl bg-stone-200" />
        ))}
      </div>
      <div className="mt-6 h-64 rounded-2xl bg-stone-200" />
    </div>
  );
}
