import { createMiddleware } from 'hono/factory';
import type { Session } from 'lucia';
import type { UserRow } from '../app-env';
import { UnauthorizedError } from '../errors';

/** What a handler behind requireUser may rely on: a signed-in player and their session. */
type SignedInEnv = { Variables: { user: UserRow; session: Session } };

/**
 * Player routes: 401 `Not authenticated` without a valid session. Handlers after it see `c.var.user` as the
 * player (Hono merges this middleware's env into theirs), so they never assert it.
 */
export const requireUser = createMiddleware<SignedInEnv>((c, next) => {
  // The session middleware (typed by AppEnv) leaves null here when nobody is signed in.
  if (!(c.get('user') as UserRow | null)) throw new UnauthorizedError('Not authenticated');
  return next();
});
