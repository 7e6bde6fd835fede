import { useQuery } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { recapQuery } from '../../../lib/queries';
import { ShareRecapButton } from '../share/share-recap-button';
import { recapStats } from './recap-image';

const TILE = 'rounded-2xl bg-white/10 px-4 py-3 ring-1 ring-white/15';
/** Room for a two-line answer over a two-line question on a phone (one line each from lg): the card keeps its size. */
const RAREST = 'mt-3 min-h-[8.25rem] rounded-2xl bg-white px-4 py-3 text-stone-900 lg:min-h-[5.5rem]';
const STAT_LABELS = ['With the majority', 'Read the crowd', 'Streak', 'Crowd sense'];

/**
 * The recap while it loads, laid out as the loaded card (the same tiles with their labels, the rarest answer's
 * box, the two share buttons' height), so the topics under it do not move when it arrives.
 */
function RecapSkeleton() {
  return (
    <>
      <p className="sr-only" role="status">
        Adding up your day...
      </p>
      <div aria-hidden="true" className="animate-pulse">
        <div className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {STAT_LABELS.map((label) => (
            <div key={label} className={TILE}>
              <p className="invisible text-xs font-bold tracking-wider uppercase">{label}</p>
              <p className="mt-1 h-8 rounded-lg bg-white/15" />
              <p className="text-sm">&nbsp;</p>
            </div>
          ))}
        </div>
        <div className={`${RAREST} bg-white/90`} />
        <div className="mt-5 grid gap-2 sm:grid-cols-2">
          {[0, 1].map((i) => (
            <div key={i} className="flex flex-col gap-1">
              <div className="h-11 rounded-full bg-white/15" />
              <div className="h-5" />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

/** The name a card shows: the player's chosen name, or null for a guest (whose name is an internal id). */
export const shownName = (user: User): string | null => (user.isGuest ? null : user.username);

/** Your day, as a recap: the finished day's figures, shareable as a post or a story. */
export function RecapCard({ user }: { user: User }) {
  const recap = useQuery(recapQuery());
  return (
    <section
      className="theme-light from-brand-950 to-brand-700 rounded-3xl bg-gradient-to-br p-6 text-white shadow-md sm:p-7"
      aria-labelledby="day-recap"
      data-testid="day-recap"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="day-recap" className="text-2xl font-black tracking-tight">
          Your day, as a recap
        </h2>
        {recap.data ? (
          <p className="text-tea-300 text-sm font-semibold">{formatDisplayDate(recap.data.date)}</p>
        ) : null}
      </div>
      {recap.isPending ? (
        <RecapSkeleton />
      ) : recap.isError ? (
        <p className="mt-4 font-semibold text-rose-200" role="alert">
          {recap.error.message}
        </p>
      ) : (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {recapStats(recap.data).map((s) => (
              <div key={s.label} className={TILE}>
                <dt className="text-tea-300 text-xs font-bold tracking-wider uppercase">{s.label}</dt>
                <dd className="mt-1 text-2xl font-black tabular-nums">{s.value}</dd>
                <dd className="text-sm text-white/80">{s.detail}</dd>
              </div>
            ))}
          </dl>
          {recap.data.rarestAnswer ? (
            <div className={RAREST} data-testid="rarest-answer">
              <p className="text-brand-700 text-xs font-bold tracking-wider uppercase">Your rarest answer</p>
              <p className="mt-0.5 font-bold break-words">
                “{recap.data.rarestAnswer.optionText}” — only {recap.data.rarestAnswer.sharePercent}% of
                players
              </p>
              <p className="text-sm break-words text-stone-600">
                {recap.data.rarestAnswer.topicTitle}: {recap.data.rarestAnswer.questionText}
              </p>
            </div>
          ) : null}
          <div className="mt-5 grid gap-2 sm:grid-cols-2">
            <ShareRecapButton recap={recap.data} username={shownName(user)} format="story" primary />
            <ShareRecapButton recap={recap.data} username={shownName(user)} format="square" />
          </div>
        </>
      )}
    </section>
  );
}
