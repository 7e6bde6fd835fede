import { zValidator } from '@hono/zod-validator';
import { CreateStaffInputSchema, ResetStaffPasswordInputSchema } from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { createStaff, listStaff, removeStaff, resetStaffPassword } from '../../services/admin/staff.service';

/** /api/admin/staff (product.md#operators): the owner's admin token only (requireOwner in index.ts). */
export const staffRoutes = new Hono<AppEnv>()
  .get('/staff', async (c) => c.json(await listStaff(c.var.deps)))
  .post('/staff', zValidator('json', CreateStaffInputSchema, validationHook), async (c) =>
    c.json(await createStaff(c.var.deps, c.req.valid('json')), 201),
  )
  .patch('/staff/:id', zValidator('json', ResetStaffPasswordInputSchema, validationHook), async (c) =>
    c.json(await resetStaffPassword(c.var.deps, c.req.param('id'), c.req.valid('json'))),
  )
  .delete('/staff/:id', async (c) => c.json(await removeStaff(c.var.deps, c.req.param('id'))));
