import type { MiddlewareHandler } from 'hono';
import { STAFF_MESSAGES } from '@daily-tea/shared/contracts/admin';
import type { AppEnv, OperatorClaims } from '../app-env';
import { ForbiddenError, UnauthorizedError } from '../errors';
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
    // Every audit entry written while serving this request names its actor.
    c.set('deps', { ...c.var.deps, actor: claims.actor });
    await next();
  };
}

/**
 * Every /api/admin/* route except unlock (product.md#operators): 401 without a valid console token — the owner's admin
 * token or a staff editor's (what editors may not reach is refused by requireOwner).
 */
export const requireAdmin = requireRole(
  (role) => role === 'admin' || role === 'editor',
  'Admin access required',
);

/** Users, staff and sessions (product.md#operators): 403 for an editor's token; only the owner's admin token passes. */
export const requireOwner: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.operator?.role !== 'admin') throw new ForbiddenError(STAFF_MESSAGES.ownerOnly);
  await next();
};

/** /api/marketing/* routes: a marketing token, or a console token (which opens marketing too). */
export const requireMarketing = requireRole(
  (role) => role === 'admin' || role === 'editor' || role === 'marketing',
  'Marketing access required',
);
