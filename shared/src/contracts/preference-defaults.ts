import type { Preferences } from './preferences';

/**
 * The colour-scheme choices and a player's default preferences (product.md#accounts): the spec's question flow (no
 * guess step), the system's colour scheme, answers shared with friends. Plain values with no zod: the player app
 * reads them on its boot path, which does not load zod (preferences.ts builds the schemas from THEMES;
 * docs/decisions/0275-boot-path.md).
 */
export const THEMES = ['system', 'light', 'dark'] as const;

export const DEFAULT_PREFERENCES: Preferences = {
  guessTheCrowd: false,
  theme: 'system',
  shareAnswersWithFriends: true,
};
