import { zValidator } from '@hono/zod-validator';
import { ScheduleInputSchema } from '@daily-tea/shared/contracts/admin';
import { IsoDateSchema } from '@daily-tea/shared/contracts/common';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { getSchedule, operatorClock, saveSchedule } from '../../services/admin/schedule.service';

const DateParamSchema = z.object({ date: IsoDateSchema });

/** /api/admin/daily-topics/:date and /api/admin/clock (the operator's game day). */
export const scheduleRoutes = new Hono<AppEnv>()
  .get('/clock', (c) => c.json(operatorClock(c.var.deps)))
  .get('/daily-topics/:date', zValidator('param', DateParamSchema, validationHook), async (c) =>
    c.json(await getSchedule(c.var.deps, c.req.valid('param').date)),
  )
  .put(
    '/daily-topics/:date',
    zValidator('param', DateParamSchema, validationHook),
    zValidator('json', ScheduleInputSchema, validationHook),
    async (c) =>
      c.json(await saveSchedule(c.var.deps, c.req.valid('param').date, c.req.valid('json').topicIds)),
  );
