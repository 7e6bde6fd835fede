import { zValidator } from '@hono/zod-validator';
import {
  ActivityQuerySchema,
  FunnelQuerySchema,
  RetentionQuerySchema,
} from '@daily-tea/shared/contracts/analytics';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import {
  getActivity,
  getFunnel,
  getRetention,
  getSampleMakeup,
} from '../../services/admin/analytics.service';
import { SampleMakeupQuerySchema } from '@daily-tea/shared/contracts/weighting';

/**
 * /api/admin/analytics/* (product.md#operators): activity, retention cohorts, the day's funnel and the sample's
 * make-up against the weighting targets.
 */
export const analyticsRoutes = new Hono<AppEnv>()
  .get('/analytics/activity', zValidator('query', ActivityQuerySchema, validationHook), async (c) =>
    c.json(await getActivity(c.var.deps, c.req.valid('query').days)),
  )
  .get('/analytics/retention', zValidator('query', RetentionQuerySchema, validationHook), async (c) =>
    c.json(await getRetention(c.var.deps, c.req.valid('query').weeks)),
  )
  .get('/analytics/funnel', zValidator('query', FunnelQuerySchema, validationHook), async (c) =>
    c.json(await getFunnel(c.var.deps, c.req.valid('query').date)),
  )
  .get('/analytics/sample', zValidator('query', SampleMakeupQuerySchema, validationHook), async (c) =>
    c.json(await getSampleMakeup(c.var.deps, c.req.valid('query'))),
  );
