import { zValidator } from '@hono/zod-validator';
import { ResponseFilterSchema } from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import {
  getResponseDemographics,
  getResponseQuestions,
} from '../../services/admin/response-analytics.service';
import { getDashboardStats, getResponseStats, getUserAnalytics } from '../../services/admin/stats.service';

const responseFilter = zValidator('query', ResponseFilterSchema, validationHook);

/** Server-side aggregates for the dashboard and analytics tabs (fast at 100k users / 1M answers). */
export const statsRoutes = new Hono<AppEnv>()
  .get('/stats/dashboard', async (c) => c.json(await getDashboardStats(c.var.deps)))
  .get('/stats/users', async (c) => c.json(await getUserAnalytics(c.var.deps)))
  // Response Analytics: the stat cards, the per-question charts and the demographic split, all under one filter.
  .get('/stats/responses', responseFilter, async (c) =>
    c.json(await getResponseStats(c.var.deps, c.req.valid('query'))),
  )
  .get('/stats/responses/questions', responseFilter, async (c) =>
    c.json(await getResponseQuestions(c.var.deps, c.req.valid('query'))),
  )
  .get('/stats/responses/demographics', responseFilter, async (c) =>
    c.json(await getResponseDemographics(c.var.deps, c.req.valid('query'))),
  );
