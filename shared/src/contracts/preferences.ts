import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';

export const THEMES = ['system', 'light', 'dark'] as const;
export const ThemeSchema = z.enum(THEMES);

/**
 * A player's preferences (product.md#accounts), on every user body. Defaults: the spec's question flow (no guess step),
 * the system's colour scheme, answers shared with friends.
 */
export const PreferencesSchema = z.object({
  guessTheCrowd: z.boolean(),
  theme: ThemeSchema,
  shareAnswersWithFriends: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  guessTheCrowd: false,
  theme: 'system',
  shareAnswersWithFriends: true,
};

/** PUT /api/preferences: any subset of the keys (unknown keys refused); answers the whole object. */
export const PreferencesInputSchema = PreferencesSchema.partial().strict();
export type PreferencesInput = z.infer<typeof PreferencesInputSchema>;
