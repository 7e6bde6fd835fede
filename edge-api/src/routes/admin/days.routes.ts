import { zValidator } from '@hono/zod-validator';
import { SaveDayInputSchema } from '@daily-tea/shared/contracts/admin';
import { IsoDateSchema } from '@daily-tea/shared/contracts/common';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { getDay, saveDay } from '../../services/admin/days.service';

const DateParamSchema = z.object({ date: IsoDateSchema });

/** /api/admin/days/:date — a whole day (topics with their questions), read in one request and saved atomically. */
export const dayRoutes = new Hono<AppEnv>()
  .get('/days/:date', zValidator('param', DateParamSchema, validationHook), async (c) =>
    c.json(await getDay(c.var.deps, c.req.valid('param').date)),
  )
  .put(
    '/days/:date',
    zValidator('param', DateParamSchema, validationHook),
    zValidator('json', SaveDayInputSchema, validationHook),
    async (c) => c.json(await saveDay(c.var.deps, c.req.valid('param').date, c.req.valid('json'))),
  );
