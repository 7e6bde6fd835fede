import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { blankSessionCookie, SESSION_COOKIE, validateSession } from './lucia';

/** Resolves the session cookie into c.var.user / c.var.session; refreshes a sliding session's cookie. */
export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  const sessionId = getCookie(c, SESSION_COOKIE);
  if (sessionId) {
    const deps = c.get('deps');
    const found = await validateSession(deps, sessionId);
    if (found) {
      c.set('user', found.user);
      c.set('session', found.session);
      if (found.refreshCookie) c.header('Set-Cookie', found.refreshCookie, { append: true });
    } else {
      c.header('Set-Cookie', blankSessionCookie(deps), { append: true });
    }
  }
  return next();
};
