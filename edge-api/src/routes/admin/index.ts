import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireAdmin } from '../../auth/require-operator';
import { answersDownloadRoutes } from './answers-download.routes';
import { communityRoutes } from './community.routes';
import { dayRoutes } from './days.routes';
import { questionRoutes } from './questions.routes';
import { scheduleRoutes } from './schedule.routes';
import { sessionRoutes } from './sessions.routes';
import { statsRoutes } from './stats.routes';
import { topicRoutes } from './topics.routes';
import { adminUnlockRoutes } from './unlock.routes';

/**
 * /api/admin (mounted by app.ts). Unlock and the ticket download (whose signed 60-second ticket, issued to an
 * admin token, is its credential) are registered first and answer on their own; every other path — known or
 * not — passes requireAdmin, so nothing else under /api/admin is reachable without an admin token.
 */
export const adminRoutes = new Hono<AppEnv>()
  .route('/', adminUnlockRoutes)
  .route('/', answersDownloadRoutes)
  .use('*', requireAdmin)
  .route('/', topicRoutes)
  .route('/', questionRoutes)
  .route('/', scheduleRoutes)
  .route('/', dayRoutes)
  .route('/', communityRoutes)
  .route('/', statsRoutes)
  .route('/', sessionRoutes);
