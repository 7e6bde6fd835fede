import { zValidator } from '@hono/zod-validator';
import { SelectTopicInputSchema } from '@daily-tea/shared/contracts/daily';
import { ArchiveDateParamSchema, ArchiveQuerySchema } from '@daily-tea/shared/contracts/history';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireUser } from '../../auth/require-user';
import { validationHook } from '../../errors';
import {
  getArchiveDay,
  getPlayerStats,
  listArchive,
  selectArchiveTopic,
} from '../../services/play/history.service';
import { dailyTopicsJson } from '../../db/engine/daily-topics-json';
import { jsonBody } from '../json-body';

/** GET /me/stats, GET /archive, GET /archive/:date, POST /archive/:date/select-topic (players and guests). */
export const historyRoutes = new Hono<AppEnv>()
  .get('/me/stats', requireUser, async (c) => jsonBody(c, await getPlayerStats(c.var.deps, c.var.user)))
  .get('/archive', requireUser, zValidator('query', ArchiveQuerySchema, validationHook), async (c) =>
    c.json(await listArchive(c.var.deps, c.var.user, c.req.valid('query'))),
  )
  .get(
    '/archive/:date',
    requireUser,
    zValidator('param', ArchiveDateParamSchema, validationHook),
    async (c) =>
      jsonBody(
        c,
        await getArchiveDay(c.var.deps, c.var.user, c.req.valid('param').date),
        200,
        dailyTopicsJson,
      ),
  )
  .post(
    '/archive/:date/select-topic',
    requireUser,
    zValidator('param', ArchiveDateParamSchema, validationHook),
    zValidator('json', SelectTopicInputSchema, validationHook),
    async (c) =>
      c.json(
        await selectArchiveTopic(c.var.deps, c.var.user, c.req.valid('param').date, c.req.valid('json')),
      ),
  );
