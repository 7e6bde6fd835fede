import { zValidator } from '@hono/zod-validator';
import { PushSubscriptionInputSchema, PushUnsubscribeInputSchema } from '@daily-tea/shared/contracts/push';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/require-user';
import { validationHook } from '../../errors';
import {
  getPushConfig,
  pushSubscriptionState,
  subscribePush,
  unsubscribePush,
} from '../../services/push/push-subscriptions.service';

const EndpointQuerySchema = z.object({ endpoint: PushUnsubscribeInputSchema.shape.endpoint });

/** The reminder at the drop: VAPID key, and this browser's subscription for the signed-in player. */
export const pushRoutes = new Hono<AppEnv>()
  .get('/push/config', requireUser, (c) => c.json(getPushConfig(c.var.deps)))
  .get(
    '/push/subscriptions',
    requireUser,
    zValidator('query', EndpointQuerySchema, validationHook),
    async (c) => c.json(await pushSubscriptionState(c.var.deps, c.var.user, c.req.valid('query').endpoint)),
  )
  .post(
    '/push/subscriptions',
    requireUser,
    zValidator('json', PushSubscriptionInputSchema, validationHook),
    async (c) => c.json(await subscribePush(c.var.deps, c.var.user, c.req.valid('json')), 201),
  )
  .delete(
    '/push/subscriptions',
    requireUser,
    zValidator('json', PushUnsubscribeInputSchema, validationHook),
    async (c) => c.json(await unsubscribePush(c.var.deps, c.var.user, c.req.valid('json'))),
  );
