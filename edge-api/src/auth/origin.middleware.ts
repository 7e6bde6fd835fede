import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { ForbiddenError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OPERATOR_PATH = /^\/api\/(admin|marketing)(\/|$)/;

/**
 * CSRF defence for cookie-authenticated writes (product.md#accounts): a state-changing request whose Origin
 * is not this site's is refused with 403. Exempt: requests carrying a bearer token (a browser cannot
 * attach one cross-site) and the operator routes called from an allowed operator origin (the desktop
 * console's unlock, which CORS admits). Requests without an Origin header are not from a browser
 * form or fetch of another site, so they pass.
 */
export const originCheck: MiddlewareHandler<AppEnv> = (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const origin = c.req.header('Origin');
  if (origin === undefined) return next();
  if (/^Bearer\s+\S+/i.test(c.req.header('Authorization') ?? '')) return next();
  if (OPERATOR_PATH.test(c.req.path) && c.get('deps').config.operatorOrigins.includes(origin)) return next();
  if (!isSameSite(origin, c.req.url, c.req.header('Host'), c.req.header('X-Forwarded-Host'))) {
    throw new ForbiddenError('Cross-origin request refused');
  }
  return next();
};

function isSameSite(
  origin: string,
  requestUrl: string,
  host: string | undefined,
  forwardedHost: string | undefined,
): boolean {
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  if (!originHost) return false;
  const allowed = [new URL(requestUrl).host, host, forwardedHost?.split(',')[0]?.trim()].filter(Boolean);
  return allowed.includes(originHost);
}
