/**
 * A visit that opens a topic's results URL needs today's topics before anything of the page can show (ADR 0248):
 * the HTML answering that URL names them in a `Link: rel=preload` header, so the browser asks for them with the
 * HTML instead of after the scripts (as index.html's `<link rel=preload>` does for /api/session). The app's own
 * fetch (credentials included) takes the preloaded response. Node and Workers add it the same way.
 */
const RESULTS_PATH = /^\/topics\/[^/]+\/results\/?$/;

export const DAILY_TOPICS_PRELOAD = '</api/daily-topics>; rel=preload; as=fetch; crossorigin=use-credentials';

/** The `Link` header for the app shell served at `path`, or null. */
export function entryPreloadLink(path: string): string | null {
  return RESULTS_PATH.test(path) ? DAILY_TOPICS_PRELOAD : null;
}
