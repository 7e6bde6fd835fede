import type { AnswersExportQuerySchema } from '@daily-tea/shared/contracts/admin';
import { RESPONSES_CSV_HEADER, csvRecord, responsesFileName } from '@daily-tea/shared/domain/csv';
import type { z } from 'zod';
import type { Deps } from '../../env';
import {
  findAnswersExportPage,
  type ExportAnswerRow,
  type ExportCursor,
} from '../../db/queries/admin/answers.queries';
import { findQuestionsOnDate } from '../../db/queries/admin/days.queries';
import type { QuestionWithTopic } from '../../db/queries/admin/questions.queries';
import { NotFoundError } from '../../errors';
import { answerText } from './answers.service';

export type AnswersExportValues = z.output<typeof AnswersExportQuerySchema>;

/** Rows per keyset page: big enough that 1M answers are ~1,000 seeks, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 1000;

export type AnswersExport = { contentType: string; fileName: string; body: ReadableStream<Uint8Array> };

/**
 * GET /api/admin/answers/export: every answer of a date (or of one question of it), oldest first, as CSV
 * (RFC 4180, formula-injection guard) or JSON Lines. A pull-based stream: the next keyset page is read only
 * when the client has taken the previous one, so memory stays flat at any size and a slow download slows
 * the reads instead of buffering them. The same ReadableStream serves Node (@hono/node-server) and Workers.
 */
export async function exportAnswers(deps: Deps, q: AnswersExportValues): Promise<AnswersExport> {
  const questions = new Map((await findQuestionsOnDate(deps.db, q.date)).map((x) => [x.id, x]));
  if (q.questionId && !questions.has(q.questionId))
    throw new NotFoundError(`No question ${q.questionId} on ${q.date}`);
  const format = q.format;
  const encoder = new TextEncoder();
  let cursor: ExportCursor | null = null;
  let headerSent = format !== 'csv';
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const rows = await findAnswersExportPage(deps.db, {
          date: q.date,
          questionId: q.questionId,
          cursor,
          limit: EXPORT_PAGE_SIZE,
        });
        let chunk = '';
        if (!headerSent) {
          chunk += csvRecord(RESPONSES_CSV_HEADER);
          headerSent = true;
        }
        for (const row of rows) chunk += format === 'csv' ? csvLine(row, questions) : jsonLine(row, questions);
        if (chunk) controller.enqueue(encoder.encode(chunk));
        const last = rows.at(-1);
        if (!last || rows.length < EXPORT_PAGE_SIZE) controller.close();
        else cursor = { answeredAt: last.answeredAt, seq: last.seq };
      },
    },
    { highWaterMark: 0 },
  );
  return {
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    fileName: responsesFileName(q.date, q.questionId, format),
    body,
  };
}

function fields(row: ExportAnswerRow, questions: Map<string, QuestionWithTopic>) {
  const question = questions.get(row.questionId);
  return {
    answerId: row.id,
    answeredAt: new Date(row.answeredAt).toISOString(),
    userId: row.userId,
    username: row.username,
    topic: question?.topicTitle ?? '',
    questionId: row.questionId,
    question: question?.text ?? '',
    answer: answerText({
      questionOptions: question?.options ?? [],
      numericUnit: question?.numericUnit ?? null,
      selectedOptionId: row.selectedOptionId,
      numericValue: row.numericValue,
    }),
    selectedOptionId: row.selectedOptionId,
    numericValue: row.numericValue,
  };
}

function csvLine(row: ExportAnswerRow, questions: Map<string, QuestionWithTopic>): string {
  const f = fields(row, questions);
  return csvRecord([
    f.answerId,
    f.answeredAt,
    f.userId,
    f.username,
    f.topic,
    f.questionId,
    f.question,
    f.answer,
    f.selectedOptionId,
    f.numericValue,
  ]);
}

function jsonLine(row: ExportAnswerRow, questions: Map<string, QuestionWithTopic>): string {
  return `${JSON.stringify(fields(row, questions))}\n`;
}
