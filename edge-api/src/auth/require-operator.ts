import type { MiddlewareHandler } from 'hono';
import type { AppEnv, OperatorClaims } from '../app-env';
import { UnauthorizedError } from '../errors';
import type { Deps } from '../env';
import { verifyOperatorSession } from './operator-session';

const BEARER = /^Bearer\s+(\S+)$/i;

/** Verified claims of the request's bearer token, or null (no header, malformed, tampered, expired, revoked). */
export async function readOperatorClaims(
  deps: Deps,
  authorization: string | undefined,
): Promise<OperatorClaims | null> {
  const token = BEARER.exec(authorization ?? '')?.[1];
  return token ? verifyOperatorSession(deps, token) : null;
}

function requireRole(
  accepts: (role: OperatorClaims['role']) => boolean,
  message: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const claims = await readOperatorClaims(c.var.deps, c.req.header('Authorization'));
    if (!claims || !accepts(claims.role)) throw new UnauthorizedError(message);
    c.set('operator', claims);
    await next();
  };
}

/** Every /api/admin/* route except unlock (product.md#operators): 401 without a valid admin token. */
export const requireAdmin = requireRole((role) => role === 'admin', 'Admin access required');

/** /api/marketing/* routes: a marketing token, or an admin token (which opens marketing too). */
export const requireMarketing = requireRole(
  (role) => role === 'admin' || role === 'marketing',
  'Marketing access required',
);
