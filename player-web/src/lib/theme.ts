import { useEffect } from 'react';
import type { Preferences } from '@daily-tea/shared/contracts/preferences';
import { usePreferences } from './preferences';
import { useUser } from './auth';

/** Where public/theme.js reads the choice before the first paint (docs/decisions/0271-dark-mode.md). */
export const THEME_STORAGE_KEY = 'daily-tea-theme';

/**
 * Puts `theme` on <html> (class `dark` or `light`; none for "system", where the stylesheet follows the system)
 * and remembers it for the next visit's first paint.
 */
export function applyTheme(theme: Preferences['theme']): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice still applies to this page.
  }
}

/** Keeps <html> on the signed-in player's saved theme (preferences.theme); signed out, the last choice stays. */
export function useThemeFromPreferences(): void {
  const signedIn = Boolean(useUser().data);
  const { theme } = usePreferences();
  useEffect(() => {
    if (signedIn) applyTheme(theme);
  }, [signedIn, theme]);
}
