import { zValidator } from '@hono/zod-validator';
import { ResponseStatsQuerySchema } from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { getDashboardStats, getResponseStats, getUserAnalytics } from '../../services/admin/stats.service';

/** Server-side aggregates for the dashboard and analytics tabs (fast at 100k users / 1M answers). */
export const statsRoutes = new Hono<AppEnv>()
  .get('/stats/dashboard', async (c) => c.json(await getDashboardStats(c.var.deps)))
  .get('/stats/users', async (c) => c.json(await getUserAnalytics(c.var.deps)))
  .get('/stats/responses', zValidator('query', ResponseStatsQuerySchema, validationHook), async (c) =>
    c.json(await getResponseStats(c.var.deps, c.req.valid('query').date)),
  );
