import { zValidator } from '@hono/zod-validator';
import { TopicInputSchema, TopicQuestionsQuerySchema } from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { listTopicQuestions } from '../../services/admin/questions.service';
import { createTopic, listTopics, updateTopic } from '../../services/admin/topics.service';

/** /api/admin/topics (product.md#endpoints Admin). Topics are never deleted: "Delete" is a PUT with isActive false. */
export const topicRoutes = new Hono<AppEnv>()
  .get('/topics', async (c) => c.json(await listTopics(c.var.deps)))
  .post('/topics', zValidator('json', TopicInputSchema, validationHook), async (c) =>
    c.json(await createTopic(c.var.deps, c.req.valid('json')), 201),
  )
  .put('/topics/:id', zValidator('json', TopicInputSchema, validationHook), async (c) =>
    c.json(await updateTopic(c.var.deps, c.req.param('id'), c.req.valid('json'))),
  )
  .get(
    '/topics/:topicId/questions',
    zValidator('query', TopicQuestionsQuerySchema, validationHook),
    async (c) =>
      c.json(await listTopicQuestions(c.var.deps, c.req.param('topicId'), c.req.valid('query').date)),
  );
