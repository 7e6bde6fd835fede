import type { User } from '@daily-tea/shared/contracts/auth';
import { freezeNotice } from '@daily-tea/shared/domain/streak';

/** "A freeze kept your 12-day streak": shown on the game day whose first answer spent freezes. */
export function FreezeNotice({ user }: { user: User }) {
  const text = freezeNotice(user.freezesSpentToday, user.currentStreak);
  if (!text) return null;
  return (
    <div
      className="flex items-center gap-3 rounded-3xl bg-sky-50 px-5 py-4 text-sky-950 ring-1 ring-sky-200"
      role="status"
      data-testid="freeze-notice"
    >
      <span aria-hidden="true" className="text-2xl">
        ❄️
      </span>
      <div>
        <p className="font-bold">{text}</p>
        <p className="text-sm text-sky-900">
          You missed {user.freezesSpentToday === 1 ? 'a day' : `${user.freezesSpentToday} days`}; it&apos;s
          now {user.currentStreak} days.{' '}
          {user.streakFreezes > 0
            ? `${user.streakFreezes} ${user.streakFreezes === 1 ? 'freeze' : 'freezes'} left.`
            : 'Play 7 days in a row to earn another.'}
        </p>
      </div>
    </div>
  );
}
