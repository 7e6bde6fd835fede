import { addDays } from './game-day';

/** Streak fields stored on a user. */
export type StreakState = { currentStreak: number; longestStreak: number; lastActivityDate: string | null };

/** Streak after an answer on game day `day` (DESIGN §5): +1 after yesterday, unchanged on the same day, else 1. */
export function applyAnswerToStreak(prev: StreakState, day: string): StreakState {
  if (prev.lastActivityDate === day) {
    return { ...prev, longestStreak: Math.max(prev.longestStreak, prev.currentStreak) };
  }
  const currentStreak = prev.lastActivityDate === addDays(day, -1) ? prev.currentStreak + 1 : 1;
  return { currentStreak, longestStreak: Math.max(prev.longestStreak, currentStreak), lastActivityDate: day };
}

/** Streak as it reads on `today`: 0 once a whole game day has been missed. */
export function effectiveCurrentStreak(s: StreakState, today: string): number {
  if (!s.lastActivityDate) return 0;
  if (s.lastActivityDate === today || s.lastActivityDate === addDays(today, -1)) return s.currentStreak;
  return 0;
}
