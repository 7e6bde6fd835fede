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

/** One record: its fields joined by commas, ended by CRLF. */
export function csvRecord(fields: readonly CsvCell[]): string {
  return `${fields.map(csvCell).join(',')}\r\n`;
}

/** A whole document: the header record, then one record per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map(csvRecord).join('');
}

/** Columns of the responses export (GET /api/admin/answers/export); the JSON Lines variant uses the camelCase names. */
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
  'late',
] as const;

/** `responses-2026-11-22.csv`, or with the question id when filtered to one question; `.jsonl` for JSON Lines. */
export function responsesFileName(
  date: string,
  questionId?: string | null,
  format: 'csv' | 'jsonl' = 'csv',
): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_');
  return `responses-${safe(date)}${questionId ? `-${safe(questionId)}` : ''}.${format}`;
}
