import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireAdmin, requireOwner } from '../../auth/require-operator';
import { analyticsRoutes } from './analytics.routes';
import { answersDownloadRoutes } from './answers-download.routes';
import { communityRoutes } from './community.routes';
import { dayRoutes } from './days.routes';
import { questionRoutes } from './questions.routes';
import { scheduleRoutes } from './schedule.routes';
import { sessionRoutes } from './sessions.routes';
import { staffRoutes } from './staff.routes';
import { statsRoutes } from './stats.routes';
import { topicRoutes } from './topics.routes';
import { adminUnlockRoutes } from './unlock.routes';

/**
 * /api/admin (mounted by app.ts). Unlock and the ticket download (whose signed 60-second ticket, issued to an
 * admin token, is its credential) are registered first and answer on their own; every other path — known or
 * not — passes requireAdmin, so nothing else under /api/admin is reachable without a console token. Users,
 * staff and sessions then pass requireOwner too: an editor's token gets 403 there (product.md#operators).
 */
export const adminRoutes = new Hono<AppEnv>()
  .route('/', adminUnlockRoutes)
  .route('/', answersDownloadRoutes)
  .use('*', requireAdmin)
  .use('/users', requireOwner)
  .use('/users/*', requireOwner)
  .use('/stats/users', requireOwner)
  .use('/staff', requireOwner)
  .use('/staff/*', requireOwner)
  .use('/sessions/revoke-all', requireOwner)
  .route('/', staffRoutes)
  .route('/', topicRoutes)
  .route('/', questionRoutes)
  .route('/', scheduleRoutes)
  .route('/', dayRoutes)
  .route('/', communityRoutes)
  .route('/', statsRoutes)
  .route('/', analyticsRoutes)
  .route('/', sessionRoutes);
