/**
 * The two classic scripts that index.html runs inline in its `<head>`, before anything else can (the player web
 * app's vite.config.ts writes them there; docs/decisions/0275-boot-path.md). The app's Content-Security-Policy
 * admits exactly these texts by their SHA-256 (edge-api/src/security-headers.ts hashes this list), so a script is
 * written once, here, and the page and the policy cannot disagree. Plain ES5: they run before any of the app's code.
 */

/** Where the player's colour-scheme choice is kept on the device (player-web/src/lib/theme.ts writes it). */
export const THEME_STORAGE_KEY = 'daily-tea-theme';

/**
 * The saved colour scheme on `<html>` before the first paint (docs/decisions/0271-dark-mode.md). With no saved
 * choice, or "system", the stylesheet follows the system's preference by itself.
 */
const THEME_SCRIPT = `(function () {
  try {
    var theme = localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});
    if (theme === 'dark' || theme === 'light') document.documentElement.classList.add(theme);
  } catch (e) {}
})();`;

/**
 * On a topic's results URL, a modulepreload for each chunk the build lists in
 * `<meta name="daily-tea:results-chunks">` (above this script), so that screen's code is fetched with the entry's
 * (docs/decisions/0248-results-entry-prefetch.md). On any other URL it does nothing.
 */
const RESULTS_PRELOAD_SCRIPT = `(function () {
  if (!/^\\/topics\\/[^/]+\\/results\\/?$/.test(location.pathname)) return;
  var meta = document.querySelector('meta[name="daily-tea:results-chunks"]');
  if (!meta || !meta.content) return;
  meta.content.split(' ').forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
})();`;

/** In the order index.html runs them. */
export const HEAD_SCRIPTS: readonly string[] = [THEME_SCRIPT, RESULTS_PRELOAD_SCRIPT];
