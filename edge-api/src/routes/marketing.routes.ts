import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireMarketing } from '../auth/require-operator';
import { listMarketingQuestions } from '../services/admin/marketing.service';
import { marketingSessionRoutes } from './admin/sessions.routes';
import { marketingUnlockRoutes } from './admin/unlock.routes';

/** /api/marketing (mounted by app.ts): unlock, then everything else needs a marketing or admin token. */
export const marketingRoutes = new Hono<AppEnv>()
  .route('/', marketingUnlockRoutes)
  .use('*', requireMarketing)
  .get('/questions', async (c) => c.json(await listMarketingQuestions(c.var.deps)))
  .route('/', marketingSessionRoutes);
