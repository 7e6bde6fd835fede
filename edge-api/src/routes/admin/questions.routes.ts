import { zValidator } from '@hono/zod-validator';
import { CreateQuestionInputSchema, ImportableQuerySchema } from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import {
  createQuestion,
  deleteQuestion,
  listImportableQuestions,
  listQuestions,
} from '../../services/admin/questions.service';

/** /api/admin/questions: list, create or import (linkedQuestionId), delete, importable list. */
export const questionRoutes = new Hono<AppEnv>()
  .get('/questions', async (c) => c.json(await listQuestions(c.var.deps)))
  .get('/questions/importable', zValidator('query', ImportableQuerySchema, validationHook), async (c) => {
    const { topicId, currentDate } = c.req.valid('query');
    return c.json(await listImportableQuestions(c.var.deps, topicId, currentDate));
  })
  .post('/questions', zValidator('json', CreateQuestionInputSchema, validationHook), async (c) =>
    c.json(await createQuestion(c.var.deps, c.req.valid('json')), 201),
  )
  .delete('/questions/:id', async (c) => c.json(await deleteQuestion(c.var.deps, c.req.param('id'))));
