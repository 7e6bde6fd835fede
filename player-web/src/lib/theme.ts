import { useEffect } from 'react';
import type { Preferences } from '@daily-tea/shared/contracts/preferences';
import { THEME_STORAGE_KEY } from '@daily-tea/shared/head-scripts';
import { usePreferences } from './preferences';
import { useUser } from './auth';

/**
 * Puts `theme` on <html> (class `dark` or `light`; none for "system", where the stylesheet follows the system)
 * and remembers it for the next visit's first paint (index.html's inline theme script, shared/src/head-scripts.ts).
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
