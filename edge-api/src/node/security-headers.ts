import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { isApiPath, securityHeaderLists } from '../security-headers';

/**
 * The security headers on Node, as a Hono middleware that runs first: the same headers as the `securityHeaders`
 * middleware (Hono's secureHeaders, read once per process by `securityHeaderLists`), set on Node's response
 * object (`c.env.outgoing` of @hono/node-server) instead of on each web Response. Node writes them with the app's
 * own headers, which win where the app sets one (`Cache-Control` of an asset); a 500 the adapter writes itself
 * carries them too. Adding them to each Response afterwards costs a web `Headers` object, a dozen validated `set`s
 * and a sorted copy back to Node's plain headers: about half the CPU of a small API response (ADR 0134).
 */
export async function nodeSecurityHeaders(secure: boolean): Promise<MiddlewareHandler<AppEnv>> {
  const lists = await securityHeaderLists(secure);
  return (c, next) => {
    const outgoing = (c.env as { outgoing: ServerResponse }).outgoing;
    for (const [name, value] of isApiPath(c.req.path) ? lists.api : lists.app)
      outgoing.setHeader(name, value);
    return next();
  };
}
