import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { UnauthorizedError } from '../errors';

/** Player routes: 401 `{message:'Not authenticated'}` without a valid session; afterwards c.get('user')! is set. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw new UnauthorizedError('Not authenticated');
  await next();
};
