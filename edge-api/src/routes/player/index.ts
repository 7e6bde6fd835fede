import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { answerRoutes } from './answers.routes';
import { crowdRoutes } from './crowd.routes';
import { dailyRoutes } from './daily.routes';
import { friendsRoutes } from './friends.routes';
import { historyRoutes } from './history.routes';
import { pushRoutes } from './push.routes';
import { resultsRoutes } from './results.routes';

/** Daily play (product.md#endpoints "Daily play"), mounted at /api by app.ts. */
export const playerRoutes = new Hono<AppEnv>()
  .route('/', dailyRoutes)
  .route('/', answerRoutes)
  .route('/', resultsRoutes)
  .route('/', crowdRoutes)
  .route('/', pushRoutes)
  .route('/', friendsRoutes)
  .route('/', historyRoutes);
