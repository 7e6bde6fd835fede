import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** Matches kept (a bound, not an expected size: the app's paths, and the ids in the few hot ones). */
const MAX_MATCHES = 4_096;

/**
 * Hono's default router (SmartRouter: RegExpRouter where it accepts every route, else TrieRouter) with each
 * method and path's match kept once found. The routes are fixed once the app is built, so a path always matches
 * the same handlers; Hono only reads a match. The app's routes need TrieRouter (RegExpRouter refuses
 * `DELETE /friends/invites/:code` beside `DELETE /friends/:userId`), whose search walks the route tree and
 * allocates the handler list on every request: about 0.6 µs of CPU per match measured alone, more in a request
 * with the garbage it leaves (ADR 0305). A kept match is one map lookup (0.08–0.16 µs).
 */
export class MatchCacheRouter<T> implements Router<T> {
  readonly name = 'MatchCacheRouter';
  readonly #router: Router<T> = new SmartRouter<T>({
    routers: [new RegExpRouter<T>(), new TrieRouter<T>()],
  });
  readonly #matches = new Map<string, Result<T>>();

  add(method: string, path: string, handler: T): void {
    this.#matches.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#matches.get(key);
    if (result === undefined) {
      result = this.#router.match(method, path);
      if (this.#matches.size >= MAX_MATCHES) this.#matches.clear();
      this.#matches.set(key, result);
    }
    return result;
  }
}
