import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, responsesFileName, toCsv } from './csv';
import { parseCsv } from './parse-csv.test-kit';

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

describe('csvRecord', () => {
  it('is one guarded record ended by CRLF', () => {
    expect(csvRecord(['=cmd', 'a,b', null, 3])).toBe(`'=cmd,"a,b",,3\r\n`);
    expect(parseCsv(csvRecord(['x', 'y "z"']))).toEqual([['x', 'y "z"']]);
  });
});

describe('responsesFileName', () => {
  it('names the file after the date, and the question when filtered, with the format as extension', () => {
    expect(responsesFileName('2026-11-22')).toBe('responses-2026-11-22.csv');
    expect(responsesFileName('2026-11-22', 'abc/../x')).toBe('responses-2026-11-22-abc_x.csv');
    expect(responsesFileName('2026-11-22', null, 'jsonl')).toBe('responses-2026-11-22.jsonl');
  });
});
