import { useQuery } from '@tanstack/react-query';
import { STREAK_FREEZE_EVERY_DAYS, STREAK_FREEZES_MAX } from '@daily-tea/shared/domain/constants';
import { useUser } from '../../../lib/auth';
import { crowdSenseQuery } from '../../../lib/queries';

/**
 * Home: the player's crowd sense (share of right guesses, last 30 game days and all time) and their streak
 * freezes. Sized the same while loading, so nothing below it moves.
 */
export function CrowdSenseCard() {
  const { data: user } = useUser();
  const sense = useQuery(crowdSenseQuery());
  if (!user) return null;
  const recent = sense.data?.recent;
  const total = sense.data?.total;
  return (
    <section
      className="rounded-3xl border border-stone-200 bg-white p-6 shadow-sm"
      aria-labelledby="crowd-sense"
      data-testid="crowd-sense"
    >
      <h2 id="crowd-sense" className="text-lg font-bold text-stone-900">
        Your crowd sense
      </h2>
      <div className="mt-2 min-h-16">
        {sense.isPending ? (
          <p className="text-sm text-stone-600" role="status">
            Loading your crowd sense...
          </p>
        ) : sense.isError ? (
          <p className="text-sm text-red-700" role="alert">
            {sense.error.message}
          </p>
        ) : recent && total && total.made > 0 ? (
          <div className="flex items-end gap-4">
            <p className="text-brand-700 text-4xl font-black tabular-nums" data-testid="crowd-sense-recent">
              {recent.percent === null ? '—' : `${recent.percent}%`}
            </p>
            <div className="pb-1 text-sm text-stone-700">
              <p>
                {recent.right} of {recent.made} guesses right in the last {sense.data.windowDays} days
              </p>
              <p className="text-stone-600">
                All time: {total.percent}% ({total.right} of {total.made})
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-stone-600">
            After each answer, guess what most players picked. Your hits show up here once you see the
            results.
          </p>
        )}
      </div>
      <p
        className="mt-3 flex items-center gap-2 border-t border-stone-100 pt-3 text-sm text-stone-700"
        data-testid="freezes-held"
      >
        <span aria-hidden="true">❄️</span>
        <span>
          <strong className="font-semibold">
            {user.streakFreezes} of {STREAK_FREEZES_MAX} streak freezes
          </strong>{' '}
          · earn one every {STREAK_FREEZE_EVERY_DAYS} days in a row; a missed day spends one.
        </span>
      </p>
    </section>
  );
}
