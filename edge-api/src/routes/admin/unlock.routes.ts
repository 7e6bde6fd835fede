import { zValidator } from '@hono/zod-validator';
import { UnlockInputSchema } from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { clientIp } from '../../auth/client-ip';
import { validationHook } from '../../errors';
import { unlockOperator, type Gate } from '../../services/admin/unlock.service';

/** POST /unlock { [name,] password } → { token, expiresAt, actor, role } at one gate (product.md#operators). */
function unlockRoutes(gate: Gate) {
  return new Hono<AppEnv>().post(
    '/unlock',
    zValidator('json', UnlockInputSchema, validationHook),
    async (c) => c.json(await unlockOperator(c.var.deps, gate, c.req.valid('json'), clientIp(c))),
  );
}

export const adminUnlockRoutes = unlockRoutes('admin');
export const marketingUnlockRoutes = unlockRoutes('marketing');
