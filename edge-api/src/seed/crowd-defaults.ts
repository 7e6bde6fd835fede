import { DEFAULT_PREFERENCES } from '@daily-tea/shared/contracts/preference-defaults';
import { STREAK_FREEZE_EVERY_DAYS, STREAK_FREEZES_MAX } from '@daily-tea/shared/domain/constants';

/** Seeded answers: on time, no guess, never revealed (bulkInsert needs every column). */
export const UNREVEALED_ANSWER = {
  guessOptionId: null,
  revealedAt: null,
  crowdTop: null,
  ownShare: null,
  guessCorrect: null,
  late: false,
} as const;

/** Seeded players' preferences: the defaults of a new player (product.md#accounts). */
export const SEEDED_PREFERENCES = {
  guessTheCrowd: DEFAULT_PREFERENCES.guessTheCrowd,
  theme: DEFAULT_PREFERENCES.theme,
  shareAnswersWithFriends: DEFAULT_PREFERENCES.shareAnswersWithFriends,
};

/**
 * Seeded players' freeze and guess fields (and default preferences): the freezes a streak of `currentStreak` days would have earned
 * with none spent (one per 7 days, at most 2), no guesses yet. The versions start at 0; the triggers move them as the
 * seed's figures, badges, crowd days, answers and selections load (ADRs 0274, 0306, 0309).
 */
export function seededCrowdFields(currentStreak: number) {
  return {
    streakFreezes: Math.min(STREAK_FREEZES_MAX, Math.floor(currentStreak / STREAK_FREEZE_EVERY_DAYS)),
    freezesSpentOn: null,
    freezesSpent: 0,
    crowdGuesses: 0,
    crowdRight: 0,
    statsVersion: 0,
    answersVersion: 0,
    dayVersion: 0,
    ...SEEDED_PREFERENCES,
  };
}
