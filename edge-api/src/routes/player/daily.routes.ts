import { zValidator } from '@hono/zod-validator';
import { SelectTopicInputSchema } from '@daily-tea/shared/contracts/daily';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/require-user';
import { validationHook } from '../../errors';
import { getDailyTopics } from '../../services/play/daily-topics.service';
import { selectTopic } from '../../services/play/select-topic.service';
import { dailyTopicsJson } from '../../db/engine/daily-topics-json';
import { jsonBody } from '../json-body';

/** GET /daily-topics, POST /select-topic (signed-in players). */
export const dailyRoutes = new Hono<AppEnv>()
  .get('/daily-topics', requireUser, async (c) =>
    jsonBody(c, await getDailyTopics(c.var.deps, c.var.user), 200, dailyTopicsJson),
  )
  .post('/select-topic', requireUser, zValidator('json', SelectTopicInputSchema, validationHook), async (c) =>
    c.json(await selectTopic(c.var.deps, c.var.user, c.req.valid('json'))),
  );
