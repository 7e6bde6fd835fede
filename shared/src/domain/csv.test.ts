import { describe, expect, it } from 'vitest';
import type { AdminAnswer } from '../contracts/admin';
import {
  csvCell,
  fetchAllPages,
  responsesCsv,
  responsesCsvFileName,
  RESPONSES_CSV_HEADER,
  toCsv,
} from './csv';

/** A minimal RFC 4180 parser, so the tests check what a reader gets back rather than our own formatting. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i += 1;
      } else {
        field += ch;
        i += 1;
      }
    } else if (ch === '"') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 2;
    } else {
      field += ch;
      i += 1;
    }
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

describe('csvCell', () => {
  it('leaves plain text and numbers bare', () => {
    expect(csvCell('tea')).toBe('tea');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-3.5)).toBe('-3.5');
    expect(csvCell(true)).toBe('true');
  });

  it('writes null and undefined as empty fields', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes, CR and LF, doubling inner quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(csvCell('x\ry')).toBe('"x\ry"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('+1 hours')).toBe("'+1 hours");
    expect(csvCell('-5')).toBe('-5');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });
});

describe('toCsv', () => {
  it('ends every record with CRLF and round-trips through an RFC 4180 reader', () => {
    const rows = [
      ['1', 'plain', 3],
      ['2', 'comma, "quoted"\nand newline', null],
    ];
    const text = toCsv(['id', 'text', 'n'], rows);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n')[0]).toBe('id,text,n');
    expect(parseCsv(text)).toEqual([
      ['id', 'text', 'n'],
      ['1', 'plain', '3'],
      ['2', 'comma, "quoted"\nand newline', ''],
    ]);
  });

  it('writes only the header for no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });
});

const answer = (over: Partial<AdminAnswer> = {}): AdminAnswer => ({
  id: 'ans-1',
  userId: 'user-123456789',
  username: 'tea_lover',
  questionId: 'q-1',
  questionText: 'Milk first, or tea first?',
  topicTitle: 'Tea, "properly"',
  selectedOptionId: 'opt-1',
  answerText: 'Milk first',
  numericValue: null,
  answeredAt: '2026-11-22T10:15:00.000Z',
  ...over,
});

describe('responsesCsv', () => {
  it('has the header and one record per answer, in order', () => {
    const rows = parseCsv(
      responsesCsv([
        answer(),
        answer({
          id: 'ans-2',
          username: null,
          selectedOptionId: null,
          numericValue: 7,
          answerText: '7 hours',
        }),
      ]),
    );
    expect(rows[0]).toEqual([...RESPONSES_CSV_HEADER]);
    expect(rows[1]).toEqual([
      'ans-1',
      '2026-11-22T10:15:00.000Z',
      'user-123456789',
      'tea_lover',
      'Tea, "properly"',
      'q-1',
      'Milk first, or tea first?',
      'Milk first',
      'opt-1',
      '',
    ]);
    expect(rows[2]).toEqual([
      'ans-2',
      '2026-11-22T10:15:00.000Z',
      'user-123456789',
      '',
      'Tea, "properly"',
      'q-1',
      'Milk first, or tea first?',
      '7 hours',
      '',
      '7',
    ]);
    expect(rows).toHaveLength(3);
  });
});

describe('responsesCsvFileName', () => {
  it('names the file after the date, and the question when filtered', () => {
    expect(responsesCsvFileName('2026-11-22')).toBe('responses-2026-11-22.csv');
    expect(responsesCsvFileName('2026-11-22', 'abc/../x')).toBe('responses-2026-11-22-abc_x.csv');
  });
});

describe('fetchAllPages', () => {
  const source = Array.from({ length: 450 }, (_, i) => i);
  const pager =
    (data: number[], calls: { limit: number; offset: number }[]) =>
    async (page: { limit: number; offset: number }) => {
      calls.push(page);
      return { items: data.slice(page.offset, page.offset + page.limit), total: data.length };
    };

  it('reads every page in order', async () => {
    const calls: { limit: number; offset: number }[] = [];
    expect(await fetchAllPages(pager(source, calls), 200)).toEqual(source);
    expect(calls).toEqual([
      { limit: 200, offset: 0 },
      { limit: 200, offset: 200 },
      { limit: 200, offset: 400 },
    ]);
  });

  it('stops after one call for an empty list and on an exact multiple of the page size', async () => {
    const none: { limit: number; offset: number }[] = [];
    expect(await fetchAllPages(pager([], none), 200)).toEqual([]);
    expect(none).toHaveLength(1);
    const exact: { limit: number; offset: number }[] = [];
    expect(await fetchAllPages(pager(source.slice(0, 400), exact), 200)).toHaveLength(400);
    expect(exact).toHaveLength(2);
  });

  it('does not page past the first total even if the list keeps growing', async () => {
    let calls = 0;
    const growing = async (page: { limit: number; offset: number }) => {
      calls += 1;
      return {
        items: Array.from({ length: page.limit }, (_, i) => page.offset + i),
        total: calls === 1 ? 300 : 300 + calls * 1000,
      };
    };
    const all = await fetchAllPages(growing, 100);
    expect(all).toHaveLength(300);
    expect(calls).toBe(3);
  });
});
