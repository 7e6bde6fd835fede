import { useEffect } from 'react';

/**
 * Marks the document as an operator console (`<html data-console>`) while a console page is shown, so the
 * console's touch rules in theme.css reach its dialogs and toasts too, which render outside the page's own
 * tree (docs/decisions/0255-console-tap-targets.md). The desktop renderer sets the attribute in its HTML.
 */
export function useConsoleDocument(): void {
  useEffect(() => {
    const root = document.documentElement;
    if (root.hasAttribute('data-console')) return;
    root.setAttribute('data-console', '');
    return () => root.removeAttribute('data-console');
  }, []);
}
