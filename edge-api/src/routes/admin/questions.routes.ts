import { zValidator } from '@hono/zod-validator';
import {
  CreateQuestionInputSchema,
  EditQuestionInputSchema,
  ImportableQuerySchema,
  QuestionSearchQuerySchema,
} from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import {
  createQuestion,
  deleteQuestion,
  editQuestion,
  listImportableQuestions,
  listQuestions,
  searchQuestions,
} from '../../services/admin/questions.service';

/** /api/admin/questions: list, search, create or import (linkedQuestionId), edit, delete, importable list. */
export const questionRoutes = new Hono<AppEnv>()
  .get('/questions', async (c) => c.json(await listQuestions(c.var.deps)))
  .get('/questions/importable', zValidator('query', ImportableQuerySchema, validationHook), async (c) => {
    const { topicId, currentDate } = c.req.valid('query');
    return c.json(await listImportableQuestions(c.var.deps, topicId, currentDate));
  })
  .get('/questions/search', zValidator('query', QuestionSearchQuerySchema, validationHook), async (c) =>
    c.json(await searchQuestions(c.var.deps, c.req.valid('query'))),
  )
  .post('/questions', zValidator('json', CreateQuestionInputSchema, validationHook), async (c) =>
    c.json(await createQuestion(c.var.deps, c.req.valid('json')), 201),
  )
  .patch('/questions/:id', zValidator('json', EditQuestionInputSchema, validationHook), async (c) =>
    c.json(await editQuestion(c.var.deps, c.req.param('id'), c.req.valid('json'))),
  )
  .delete('/questions/:id', async (c) => c.json(await deleteQuestion(c.var.deps, c.req.param('id'))));
