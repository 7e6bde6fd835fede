import { AnswersExportQuerySchema, type ExportTicket } from '@daily-tea/shared/contracts/admin';
import { RESPONSES_CSV_HEADER, csvCell, csvRecord, responsesFileName } from '@daily-tea/shared/domain/csv';
import type { z } from 'zod';
import type { Deps } from '../../env';
import {
  findAnswersExportPage,
  openExportScan,
  type ExportAnswerRow,
  type ExportCursor,
  type ExportScan,
} from '../../db/queries/admin/answers.queries';
import { findQuestionsOnDate } from '../../db/queries/admin/days.queries';
import type { QuestionWithTopic } from '../../db/queries/admin/questions.queries';
import type { OperatorClaims } from '../../app-env';
import { issueDownloadTicket, redeemDownloadTicket } from '../../auth/download-ticket';
import { insertAudit } from '../../db/queries/audit.queries';
import { NotFoundError, UnauthorizedError } from '../../errors';
import { answerText } from './answers.service';
import { auditActor } from './audit.service';

export type AnswersExportValues = z.output<typeof AnswersExportQuerySchema>;

/**
 * Rows per keyset page. The first page is small, so the first bytes leave at once; each next page is four
 * times bigger, up to EXPORT_PAGE_SIZE: 1M answers are ~250 seeks sent as ~1 MB chunks, and one page keeps the
 * event loop for some tens of milliseconds at most (players are served between pages).
 */
export const EXPORT_FIRST_PAGE_SIZE = 250;
export const EXPORT_PAGE_SIZE = 4000;

/** A UTF-8 byte order mark: spreadsheet apps read a CSV that starts with it as UTF-8 (names are not ASCII-only). */
export const UTF8_BOM = '\uFEFF';

export type AnswersExport = { contentType: string; fileName: string; body: ReadableStream<Uint8Array> };

/**
 * GET /api/admin/answers/export: every answer of a date (or of one question of it), oldest first, as CSV
 * (RFC 4180, formula-injection guard) or JSON Lines. A pull-based stream: the next keyset page is read only
 * when the client has taken the previous one, so memory stays flat at any size and a slow download slows
 * the reads instead of buffering them. The same ReadableStream serves Node (@hono/node-server) and Workers.
 * `bom` starts a CSV with a UTF-8 byte order mark (the file an operator downloads to open in a spreadsheet).
 */
export async function exportAnswers(
  deps: Deps,
  q: AnswersExportValues,
  opts: { bom?: boolean } = {},
): Promise<AnswersExport> {
  const byId = new Map((await findQuestionsOnDate(deps.db, q.date)).map((x) => [x.id, x]));
  if (q.questionId && !byId.has(q.questionId))
    throw new NotFoundError(`No question ${q.questionId} on ${q.date}`);
  const format = q.format;
  const line = format === 'csv' ? csvLine : jsonLine;
  const parts = new QuestionParts(byId);
  const encoder = new TextEncoder();
  let cursor: ExportCursor | null = null;
  let pageSize = EXPORT_FIRST_PAGE_SIZE;
  let head = format === 'csv' ? `${opts.bom ? UTF8_BOM : ''}${csvRecord(RESPONSES_CSV_HEADER)}` : '';
  // Opened with the first page, closed with the last one or when the client goes away.
  let scan: ExportScan | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (cursor === null) scan = openExportScan(deps.db);
          const rows = await findAnswersExportPage(
            deps.db,
            { date: q.date, questionId: q.questionId, cursor, limit: pageSize },
            scan,
          );
          // One string per page, encoded once: a chunk of ~1 MB, not a write per answer.
          let chunk = head;
          head = '';
          for (let i = 0; i < rows.length; i++) chunk += line(rows[i]!, parts);
          if (chunk) controller.enqueue(encoder.encode(chunk));
          const last = rows[rows.length - 1];
          if (!last || rows.length < pageSize) {
            scan?.close();
            controller.close();
            return;
          }
          cursor = { answeredAt: last.answeredAt.getTime(), seq: last.seq };
          pageSize = Math.min(pageSize * 4, EXPORT_PAGE_SIZE);
        } catch (err) {
          scan?.close();
          throw err;
        }
      },
      cancel() {
        scan?.close();
      },
    },
    // Nothing is read ahead: a page is read when the consumer asks for bytes (the Node adapter asks again only
    // after the socket drained, Workers' runtime likewise), so a slow client slows the reads.
    { highWaterMark: 0 },
  );
  return {
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    fileName: responsesFileName(q.date, q.questionId, format),
    body,
  };
}

const EXPORT_PURPOSE = 'answers-export';
export const EXPORT_DOWNLOAD_PATH = '/api/admin/answers/export/download';
export const EXPIRED_TICKET_MESSAGE =
  'This download link has expired or is not valid. Start the export again.';

/**
 * POST /api/admin/answers/export/ticket: a 60-second link for one export (date, question, format) that a browser
 * or the desktop app downloads natively, straight to disk — the bearer token cannot ride in a URL
 * (docs/decisions/0145-download-tickets.md). Checked like the export itself, so a bad question is a 404 now.
 */
export async function issueExportTicket(
  deps: Deps,
  operator: OperatorClaims,
  q: AnswersExportValues,
): Promise<ExportTicket> {
  if (q.questionId && !(await findQuestionsOnDate(deps.db, q.date)).some((x) => x.id === q.questionId))
    throw new NotFoundError(`No question ${q.questionId} on ${q.date}`);
  const scope = { date: q.date, format: q.format, ...(q.questionId ? { questionId: q.questionId } : {}) };
  const { ticket, expiresAt } = issueDownloadTicket(deps, operator, EXPORT_PURPOSE, scope);
  await auditExport(deps, q);
  return {
    url: `${EXPORT_DOWNLOAD_PATH}?ticket=${encodeURIComponent(ticket)}`,
    fileName: responsesFileName(q.date, q.questionId, q.format),
    expiresAt,
  };
}

/** GET /api/admin/answers/export/download?ticket=…: the ticket's export, a CSV starting with a UTF-8 BOM (a file for spreadsheets). */
export async function exportAnswersByTicket(deps: Deps, ticket: string): Promise<AnswersExport> {
  const scope = AnswersExportQuerySchema.safeParse(await redeemDownloadTicket(deps, EXPORT_PURPOSE, ticket));
  if (!scope.success) throw new UnauthorizedError(EXPIRED_TICKET_MESSAGE);
  return exportAnswers(deps, scope.data, { bom: true });
}

type Encoded = { csv: string; json: string };
type QuestionPart = {
  /** `topic,question_id,question` cells, and the JSON members from "topic" to "question". */
  fields: Encoded;
  question: QuestionWithTopic | undefined;
  /** Answer and selected-option cells per chosen option, encoded once (a choice question has a handful). */
  choices: Map<string, { answer: Encoded; selected: Encoded }>;
};

/**
 * What is the same for every answer of a question — topic, question text, the text of each option — encoded
 * once per export instead of once per row. An answer to a question created after the export began (not in
 * the map read at the start) gets empty topic and question cells, as it always did.
 */
class QuestionParts {
  readonly #byId: Map<string, QuestionWithTopic>;
  readonly #parts = new Map<string, QuestionPart>();

  constructor(byId: Map<string, QuestionWithTopic>) {
    this.#byId = byId;
  }

  of(questionId: string): QuestionPart {
    let part = this.#parts.get(questionId);
    if (!part) {
      const question = this.#byId.get(questionId);
      const topic = question?.topicTitle ?? '';
      const text = question?.text ?? '';
      part = {
        question,
        choices: new Map(),
        fields: {
          csv: `${csvCell(topic)},${csvCell(questionId)},${csvCell(text)}`,
          json: `"topic":${JSON.stringify(topic)},"questionId":${JSON.stringify(questionId)},"question":${JSON.stringify(text)}`,
        },
      };
      this.#parts.set(questionId, part);
    }
    return part;
  }

  /** The answer cell/member and the selected-option cell/member of one row. */
  answer(
    part: QuestionPart,
    selectedOptionId: string | null,
    numericValue: number | null,
  ): { answer: Encoded; selected: Encoded } {
    if (selectedOptionId !== null) {
      let choice = part.choices.get(selectedOptionId);
      if (!choice) {
        const text = this.#text(part, selectedOptionId, null);
        choice = {
          answer: { csv: csvCell(text), json: JSON.stringify(text) },
          selected: { csv: csvCell(selectedOptionId), json: JSON.stringify(selectedOptionId) },
        };
        part.choices.set(selectedOptionId, choice);
      }
      return choice;
    }
    const text = this.#text(part, null, numericValue);
    return { answer: { csv: csvCell(text), json: JSON.stringify(text) }, selected: NO_CHOICE };
  }

  #text(part: QuestionPart, selectedOptionId: string | null, numericValue: number | null): string {
    return answerText({
      questionOptions: part.question?.options ?? [],
      numericUnit: part.question?.numericUnit ?? null,
      selectedOptionId,
      numericValue,
    });
  }
}

const NO_CHOICE: Encoded = { csv: '', json: 'null' };

/** One CSV record in RESPONSES_CSV_HEADER's order; every cell through csvCell (quoting, formula guard). */
function csvLine(row: ExportAnswerRow, parts: QuestionParts): string {
  const { id, userId, username, questionId, selectedOptionId, numericValue, answeredAt, late } = row;
  const part = parts.of(questionId);
  const { answer, selected } = parts.answer(part, selectedOptionId, numericValue);
  return `${csvCell(id)},${answeredAt.toISOString()},${csvCell(userId)},${csvCell(username)},${part.fields.csv},${answer.csv},${selected.csv},${csvCell(numericValue)},${late}\r\n`;
}

/**
 * One JSON Lines record: the same text JSON.stringify gives for { answerId, answeredAt, userId, username, topic,
 * questionId, question, answer, selectedOptionId, numericValue, late }, without building that object per answer.
 */
function jsonLine(row: ExportAnswerRow, parts: QuestionParts): string {
  const { id, userId, username, questionId, selectedOptionId, numericValue, answeredAt, late } = row;
  const part = parts.of(questionId);
  const { answer, selected } = parts.answer(part, selectedOptionId, numericValue);
  return `{"answerId":${JSON.stringify(id)},"answeredAt":"${answeredAt.toISOString()}","userId":${JSON.stringify(userId)},"username":${JSON.stringify(username)},${part.fields.json},"answer":${answer.json},"selectedOptionId":${selected.json},"numericValue":${JSON.stringify(numericValue)},"late":${late}}\n`;
}

/** GET /api/admin/answers/export: the streamed export, logged in the audit (who took what). */
export async function startAnswersExport(deps: Deps, q: AnswersExportValues): Promise<AnswersExport> {
  const file = await exportAnswers(deps, q);
  await auditExport(deps, q);
  return file;
}

/**
 * Every export is in the audit log: who took which responses, in which format. The direct download
 * logs when it starts; the console's ticket when it is issued (the ticket opens that one download for 60 s).
 */
export async function auditExport(deps: Deps, q: AnswersExportValues): Promise<void> {
  await insertAudit(deps.db, {
    at: deps.now(),
    actor: auditActor(deps),
    action: 'answers.export',
    targetId: q.questionId ?? q.date,
    summary: `Exported the responses of ${q.questionId ? `question ${q.questionId} on ` : ''}${q.date} as ${q.format === 'csv' ? 'CSV' : 'JSON Lines'}`,
  });
}
