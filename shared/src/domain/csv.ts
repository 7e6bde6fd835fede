import type { AdminAnswer } from '../contracts/admin';

/**
 * RFC 4180 CSV: records end with CRLF, fields are separated by commas, and a field holding a comma,
 * double quote, CR or LF is wrapped in double quotes with inner quotes doubled.
 */

export type CsvCell = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]/;
// Cells starting with these run as formulas in spreadsheet apps (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** One field. Text that a spreadsheet would run as a formula gets a leading apostrophe; plain numbers stay as they are. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole document: the header record, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((record) => `${record.map(csvCell).join(',')}\r\n`).join('');
}

export const RESPONSES_CSV_HEADER = [
  'answer_id',
  'answered_at',
  'user_id',
  'username',
  'topic',
  'question_id',
  'question',
  'answer',
  'selected_option_id',
  'numeric_value',
] as const;

/** The responses of one date as CSV (Response Analytics download). */
export function responsesCsv(answers: readonly AdminAnswer[]): string {
  return toCsv(
    RESPONSES_CSV_HEADER,
    answers.map((a) => [
      a.id,
      a.answeredAt,
      a.userId,
      a.username,
      a.topicTitle,
      a.questionId,
      a.questionText,
      a.answerText,
      a.selectedOptionId,
      a.numericValue,
    ]),
  );
}

/** `responses-2026-11-22.csv`, or with the question id when filtered to one question. */
export function responsesCsvFileName(date: string, questionId?: string | null): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_');
  return questionId ? `responses-${safe(date)}-${safe(questionId)}.csv` : `responses-${safe(date)}.csv`;
}

/**
 * Reads every page of a limit/offset list. Stops on a short or empty page, and never asks past
 * `total` as reported by the first page, so a list that grows while paging cannot loop forever.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: { limit: number; offset: number }) => Promise<{ items: T[]; total: number }>,
  pageSize = 200,
): Promise<T[]> {
  const all: T[] = [];
  let total = Infinity;
  for (let offset = 0; offset < total; offset += pageSize) {
    const page = await fetchPage({ limit: pageSize, offset });
    if (offset === 0) total = page.total;
    all.push(...page.items);
    if (page.items.length < pageSize) break;
  }
  return all;
}
