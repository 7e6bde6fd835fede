import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@daily-tea/shared/contracts/auth';
import { BADGE_DESCRIPTIONS, badgeName, isBadgeType } from '@daily-tea/shared/domain/badges';
import { STREAK_FREEZES_MAX } from '@daily-tea/shared/domain/constants';
import { badgesQuery } from '../../../lib/queries';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * The streak pill's sheet: the current and longest streak, the freezes held and the badges — the player's
 * history in brief, until a history screen takes its place. A sheet from the bottom on a phone, a dialog on a
 * desktop.
 */
export function StreakSheet({ user, onClose }: { user: User; onClose: () => void }) {
  const badges = useQuery(badgesQuery());
  const tiles = [
    { label: 'Current streak', value: days(user.currentStreak), testId: 'sheet-current' },
    { label: 'Longest streak', value: days(user.longestStreak), testId: 'sheet-longest' },
    {
      label: 'Streak freezes',
      value: `${user.streakFreezes} of ${STREAK_FREEZES_MAX}`,
      testId: 'sheet-freezes',
    },
  ];
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-stone-900/50 transition-opacity duration-200 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          transition
          data-testid="streak-sheet"
          className="max-h-[85dvh] w-full overflow-y-auto rounded-t-3xl bg-white p-6 shadow-xl transition duration-200 data-closed:translate-y-6 data-closed:opacity-0 motion-reduce:transition-none sm:max-w-md sm:rounded-3xl"
        >
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-xl font-black text-stone-900">
              <span aria-hidden="true">🔥 </span>Your streak
            </DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-mt-2 -mr-3 grid size-11 shrink-0 place-items-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              aria-label="Close"
            >
              <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
          <dl className="mt-4 grid grid-cols-3 gap-2">
            {tiles.map((t) => (
              <div key={t.label} className="bg-tea-50 ring-tea-200 rounded-2xl px-3 py-3 text-center ring-1">
                <dt className="text-tea-900 text-[11px] leading-tight font-bold tracking-wider uppercase">
                  {t.label}
                </dt>
                <dd className="mt-1 text-lg font-black text-stone-900 tabular-nums" data-testid={t.testId}>
                  {t.value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-stone-700">
            Play every day to keep it going. Every 7 days in a row earns a freeze (at most{' '}
            {STREAK_FREEZES_MAX}), and a missed day spends one instead of ending your streak.
          </p>
          <h3 className="mt-5 font-bold text-stone-900">Badges</h3>
          {badges.data && badges.data.length > 0 ? (
            <ul className="mt-2 space-y-2">
              {badges.data.map((b) => (
                <li key={b.id} className="flex items-start gap-2 text-sm">
                  <span aria-hidden="true">🏅</span>
                  <span>
                    <span className="font-semibold text-stone-900">{badgeName(b.type)}</span>
                    {isBadgeType(b.type) ? (
                      <span className="text-stone-700"> — {BADGE_DESCRIPTIONS[b.type]}</span>
                    ) : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-stone-700" role="status">
              {badges.isPending
                ? 'Loading your badges...'
                : 'No badges yet: answer a question to earn your first.'}
            </p>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
