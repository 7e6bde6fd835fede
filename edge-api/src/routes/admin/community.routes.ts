import { zValidator } from '@hono/zod-validator';
import {
  AdminAnswersQuerySchema,
  AdminUsersQuerySchema,
  AnswersExportQuerySchema,
  AuditQuerySchema,
} from '@daily-tea/shared/contracts/admin';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { issueExportTicket, startAnswersExport } from '../../services/admin/answers-export.service';
import { exportResponse } from './answers-download.routes';
import { deleteAnswer, listAnswers } from '../../services/admin/answers.service';
import { listAudit, listAuditActors } from '../../services/admin/audit.service';
import { deleteUser, listUsers } from '../../services/admin/users.service';

/** Community lists that grow without bound (users, answers) and the audit log: all paginated. */
export const communityRoutes = new Hono<AppEnv>()
  .get('/users', zValidator('query', AdminUsersQuerySchema, validationHook), async (c) => {
    const { search, ...page } = c.req.valid('query');
    return c.json(await listUsers(c.var.deps, { ...page, search: search || undefined }));
  })
  .delete('/users/:id', async (c) => c.json(await deleteUser(c.var.deps, c.req.param('id'))))
  .get('/answers', zValidator('query', AdminAnswersQuerySchema, validationHook), async (c) =>
    c.json(await listAnswers(c.var.deps, c.req.valid('query'))),
  )
  .get('/answers/export', zValidator('query', AnswersExportQuerySchema, validationHook), async (c) =>
    exportResponse(c, await startAnswersExport(c.var.deps, c.req.valid('query'))),
  )
  .post('/answers/export/ticket', zValidator('json', AnswersExportQuerySchema, validationHook), async (c) =>
    c.json(await issueExportTicket(c.var.deps, c.var.operator!, c.req.valid('json'))),
  )
  .delete('/answers/:id', async (c) => c.json(await deleteAnswer(c.var.deps, c.req.param('id'))))
  .get('/audit', zValidator('query', AuditQuerySchema, validationHook), async (c) =>
    c.json(await listAudit(c.var.deps, c.req.valid('query'))),
  )
  .get('/audit/actors', async (c) => c.json(await listAuditActors(c.var.deps)));
