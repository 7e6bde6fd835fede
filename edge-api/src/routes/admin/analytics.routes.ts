import { zValidator } from '@hono/zod-validator';
import {
  ActivityQuerySchema,
  FunnelQuerySchema,
  RetentionQuerySchema,
} from '@daily-tea/shared/contracts/analytics';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { getActivity, getFunnel, getRetention } from '../../services/admin/analytics.service';

/** /api/admin/analytics/* (product.md#operators): activity, retention cohorts and the day's funnel. */
export const analyticsRoutes = new Hono<AppEnv>()
  .get('/analytics/activity', zValidator('query', ActivityQuerySchema, validationHook), async (c) =>
    c.json(await getActivity(c.var.deps, c.req.valid('query').days)),
  )
  .get('/analytics/retention', zValidator('query', RetentionQuerySchema, validationHook), async (c) =>
    c.json(await getRetention(c.var.deps, c.req.valid('query').weeks)),
  )
  .get('/analytics/funnel', zValidator('query', FunnelQuerySchema, validationHook), async (c) =>
    c.json(await getFunnel(c.var.deps, c.req.valid('query').date)),
  );
