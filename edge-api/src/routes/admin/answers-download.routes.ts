import { zValidator } from '@hono/zod-validator';
import { ExportDownloadQuerySchema } from '@daily-tea/shared/contracts/admin';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { validationHook } from '../../errors';
import { exportAnswersByTicket, type AnswersExport } from '../../services/admin/answers-export.service';

/** The streamed export as a file download (both export routes answer with it). */
export function exportResponse(c: Context<AppEnv>, { contentType, fileName, body }: AnswersExport): Response {
  return c.body(body, 200, {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
  });
}

/**
 * GET /api/admin/answers/export/download?ticket=…: the one admin route without the bearer token — the signed
 * 60-second ticket (POST /answers/export/ticket) is its credential, so a plain link downloads it natively.
 */
export const answersDownloadRoutes = new Hono<AppEnv>().get(
  '/answers/export/download',
  zValidator('query', ExportDownloadQuerySchema, validationHook),
  async (c) => exportResponse(c, await exportAnswersByTicket(c.var.deps, c.req.valid('query').ticket)),
);
