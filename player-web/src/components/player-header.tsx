import { Link, NavLink, useNavigate } from 'react-router-dom';
import type { User } from '@daily-tea/shared/contracts/auth';
import { formatDisplayDate } from '@daily-tea/shared/domain/game-day';
import { initials, locationLine } from '@daily-tea/shared/domain/profile';
import { paths } from '../config/paths';
import { useMediaQuery } from '../hooks/use-media-query';
import { useLogout } from '../lib/auth';
import { PhoneMenu } from './phone-menu';

export function PlayerHeader({
  user,
  date,
  onHowToPlay,
}: {
  user: User;
  date: string | undefined;
  /** The "?" shows how to play again. */
  onHowToPlay: () => void;
}) {
  const navigate = useNavigate();
  const logout = useLogout(() => navigate(paths.auth, { replace: true }));
  const streak = user.currentStreak;
  // Phones keep the width for who and where: Friends, how to play and Logout go into a menu (ADR 0282).
  const phone = useMediaQuery('(max-width: 39.99rem)');
  return (
    // Its height on phones is fixed by its lines (styles.css places toasts under it from that, with no script).
    <header
      data-player-header=""
      className="sticky top-0 z-20 border-b border-stone-200/80 bg-white/90 backdrop-blur"
    >
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-3 sm:gap-3 sm:px-6">
        <button
          type="button"
          onClick={() => navigate(paths.profileSetup)}
          className="bg-brand-600 hover:bg-brand-700 grid size-11 shrink-0 place-items-center rounded-full text-sm font-bold text-white shadow-sm"
          title="Edit your profile"
        >
          <span aria-hidden="true">{initials(user.username)}</span>
          <span className="sr-only">Edit your profile</span>
        </button>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-stone-900" data-testid="header-username">
            {user.username}
          </p>
          <p className="text-xs text-stone-600 sm:flex sm:gap-1">
            <span
              className="block truncate"
              title={locationLine(user.city, user.country)}
              data-testid="header-location"
            >
              {locationLine(user.city, user.country)}
            </span>
            {date ? (
              <time
                dateTime={date}
                className="block truncate sm:overflow-visible sm:whitespace-nowrap sm:before:content-['·_']"
                data-testid="header-date"
              >
                {formatDisplayDate(date)}
              </time>
            ) : (
              // The date arrives with today's topics: its line is reserved so the header never grows.
              <span className="block" aria-hidden="true">
                &nbsp;
              </span>
            )}
          </p>
        </div>
        {/* The streak pill opens the player's history (docs/decisions/0270-history-and-archive.md). */}
        <Link
          to={paths.stats}
          className="bg-tea-100 text-tea-900 hover:bg-tea-200 focus-visible:outline-brand-600 flex min-h-11 shrink-0 items-center gap-1 rounded-full px-2.5 text-sm font-bold focus-visible:outline-2 focus-visible:outline-offset-2 sm:px-3"
          data-testid="header-streak"
          title="Your history"
        >
          <span className="sr-only">Your history.</span>
          <span aria-hidden="true">🔥</span>
          {streak === 0 ? (
            // A streak of 0 is an invitation, not a score (product.md#play-rules: a lapsed streak reads as 0).
            <span className="text-xs font-semibold whitespace-nowrap sm:text-sm">
              <span className="sm:hidden">
                0<span className="sr-only"> days: start a streak</span>
              </span>
              <span className="max-sm:hidden">Start a streak</span>
            </span>
          ) : (
            <>
              <span className="sr-only">Current streak:</span> {streak}{' '}
              <span className="font-medium">{streak === 1 ? 'day' : 'days'}</span>
            </>
          )}
          {user.streakFreezes > 0 ? (
            // Streak freezes held: a missed day spends one automatically.
            <span
              className="border-tea-300 ml-1 flex items-center gap-0.5 border-l pl-1.5 text-sky-800"
              title={`${user.streakFreezes} streak ${user.streakFreezes === 1 ? 'freeze' : 'freezes'} held`}
              data-testid="header-freezes"
            >
              <span aria-hidden="true">❄️</span>
              <span className="sr-only">Streak freezes held:</span> {user.streakFreezes}
            </span>
          ) : null}
        </Link>
        {phone ? (
          <PhoneMenu
            onHowToPlay={onHowToPlay}
            onLogout={() => logout.mutate()}
            loggingOut={logout.isPending}
          />
        ) : (
          <>
            <NavLink
              to={paths.friends}
              end
              className="aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900 flex h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium text-stone-700 hover:bg-stone-100"
              data-testid="header-friends"
            >
              <span aria-hidden="true">👥</span>
              Friends
            </NavLink>
            <button
              type="button"
              onClick={onHowToPlay}
              title="How to play"
              className="grid size-11 shrink-0 place-items-center rounded-full text-lg font-bold text-stone-700 hover:bg-stone-100"
            >
              <span aria-hidden="true">?</span>
              <span className="sr-only">How to play</span>
            </button>
            <button
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              className="min-h-11 shrink-0 rounded-lg px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 disabled:opacity-60"
            >
              Logout
            </button>
          </>
        )}
      </div>
    </header>
  );
}
