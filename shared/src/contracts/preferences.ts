import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { THEMES } from './preference-defaults';

export const ThemeSchema = z.enum(THEMES);

/**
 * A player's preferences (product.md#accounts), on every user body. Defaults: DEFAULT_PREFERENCES
 * (preference-defaults.ts).
 */
export const PreferencesSchema = z.object({
  guessTheCrowd: z.boolean(),
  theme: ThemeSchema,
  shareAnswersWithFriends: z.boolean(),
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/** PUT /api/preferences: any subset of the keys (unknown keys refused); answers the whole object. */
export const PreferencesInputSchema = PreferencesSchema.partial().strict();
export type PreferencesInput = z.infer<typeof PreferencesInputSchema>;
