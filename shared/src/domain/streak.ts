import { STREAK_FREEZE_EVERY_DAYS, STREAK_FREEZES_MAX } from './constants';
import { daysBetween } from './game-day';

/** Streak fields stored on a user. */
export type StreakState = {
  currentStreak: number;
  longestStreak: number;
  lastActivityDate: string | null;
  /** Streak freezes held (0..STREAK_FREEZES_MAX). */
  streakFreezes: number;
};

/** The streak after the first answer of a game day, and what happened to the freezes on the way. */
export type StreakUpdate = StreakState & {
  /** Freezes spent on missed days by this answer (0 when none were missed, or too many were). */
  freezesSpent: number;
  /** True when this answer reached a multiple of 7 days and a freeze was added (capped at the maximum). */
  freezeEarned: boolean;
};

/**
 * Streak after an answer on game day `day` (product.md#play-rules, with freezes):
 * - same day as the last activity (or an earlier one): unchanged;
 * - the day after: +1;
 * - after missed days: if the player holds at least one freeze per missed day, that many are spent and the
 *   streak goes on (+1 for today); otherwise none is spent and the streak restarts at 1.
 * Reaching a multiple of 7 consecutive days earns a freeze (at most 2 held). Longest = max.
 */
export function applyAnswerToStreak(prev: StreakState, day: string): StreakUpdate {
  const gap = prev.lastActivityDate === null ? null : daysBetween(prev.lastActivityDate, day);
  if (gap !== null && gap <= 0) {
    return {
      ...prev,
      longestStreak: Math.max(prev.longestStreak, prev.currentStreak),
      freezesSpent: 0,
      freezeEarned: false,
    };
  }
  const missed = gap === null ? 0 : gap - 1;
  const continues = gap !== null && missed <= prev.streakFreezes;
  const freezesSpent = continues ? missed : 0;
  const currentStreak = continues ? prev.currentStreak + 1 : 1;
  const freezeEarned =
    currentStreak % STREAK_FREEZE_EVERY_DAYS === 0 && prev.streakFreezes - freezesSpent < STREAK_FREEZES_MAX;
  return {
    currentStreak,
    longestStreak: Math.max(prev.longestStreak, currentStreak),
    lastActivityDate: day,
    streakFreezes: prev.streakFreezes - freezesSpent + (freezeEarned ? 1 : 0),
    freezesSpent,
    freezeEarned,
  };
}

/**
 * Streak as it reads on `today`: the stored streak while it can still go on — last active today or yesterday,
 * or every day missed since can be covered by the freezes held — else 0.
 */
export function effectiveCurrentStreak(s: StreakState, today: string): number {
  if (!s.lastActivityDate) return 0;
  const missedSoFar = daysBetween(s.lastActivityDate, today) - 1;
  return missedSoFar <= s.streakFreezes ? s.currentStreak : 0;
}

/** Freezes the first answer of `today` spent (0 on any other day): what the home screen reports. */
export function freezesSpentOn(
  s: { freezesSpentOn: string | null; freezesSpent: number },
  today: string,
): number {
  return s.freezesSpentOn === today ? s.freezesSpent : 0;
}

/** Home notice after freezes were spent today, e.g. "A freeze kept your 12-day streak" (the streak before today). */
export function freezeNotice(freezesSpent: number, currentStreak: number): string | null {
  if (freezesSpent <= 0) return null;
  const kept = Math.max(1, currentStreak - 1);
  const who = freezesSpent === 1 ? 'A freeze' : `${freezesSpent} freezes`;
  return `${who} kept your ${kept}-day streak`;
}
