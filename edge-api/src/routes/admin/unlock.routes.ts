import { zValidator } from '@hono/zod-validator';
import { UnlockInputSchema } from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv, OperatorClaims } from '../../app-env';
import { clientIp } from '../../auth/client-ip';
import { validationHook } from '../../errors';
import { unlockOperator } from '../../services/admin/unlock.service';

/** POST /unlock {password} → { token, expiresAt } for one operator role (product.md#operators). */
function unlockRoutes(role: OperatorClaims['role']) {
  return new Hono<AppEnv>().post(
    '/unlock',
    zValidator('json', UnlockInputSchema, validationHook),
    async (c) => c.json(await unlockOperator(c.var.deps, role, c.req.valid('json').password, clientIp(c))),
  );
}

export const adminUnlockRoutes = unlockRoutes('admin');
export const marketingUnlockRoutes = unlockRoutes('marketing');
