import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '@daily-tea/shared/domain/parse-csv.test-kit';
import { RESPONSES_CSV_HEADER, csvRecord } from '@daily-tea/shared/domain/csv';
import {
  EXPIRED_TICKET_MESSAGE,
  EXPORT_FIRST_PAGE_SIZE,
  EXPORT_PAGE_SIZE,
} from '../../services/admin/answers-export.service';
import { insertAnswersBulk, insertUsersBulk } from '../../test/factories';
import { createAdminKit, type AdminKit } from './admin.test-kit';

const DATE = '2026-06-10';
const T0 = Date.parse('2026-06-10T08:00:00.000Z');

let kit: AdminKit;
let topic: { id: string; title: string };
let choice: { id: string };
let numeric: { id: string };
let other: { id: string };
const expectedIds = new Set<string>();
let playerSeq = 0;

async function insertPlayers(n: number) {
  const rows = Array.from({ length: n }, () => {
    playerSeq += 1;
    return {
      id: `exp-user-${playerSeq}`,
      username: `exporter_${playerSeq}`,
      passwordHash: 'x',
      createdAt: new Date(T0),
    };
  });
  await insertUsersBulk(kit.db, rows);
  return rows;
}

type AnswerInsert = Parameters<typeof insertAnswersBulk>[1][number];
/** Answers written straight to the table: many share one millisecond, so the rowid tie-break is exercised. */
const insertAnswers = (rows: AnswerInsert[]) => insertAnswersBulk(kit.db, rows);

const answerRow = (
  userId: string,
  q: { id: string },
  at: number,
  over: Partial<AnswerInsert> = {},
): AnswerInsert => ({
  id: `exp-${userId}-${q.id}`,
  userId,
  questionId: q.id,
  groupId: q.id,
  questionDate: DATE,
  selectedOptionId: 'opt-1',
  numericValue: null,
  answeredAt: new Date(at),
  ...over,
});

beforeAll(async () => {
  kit = await createAdminKit();
  topic = await kit.topic({ title: '=HYPERLINK("evil")' });
  choice = await kit.question(topic.id, DATE, {
    text: 'Milk first, or "tea" first?\nBe honest',
    options: ['Milk, always', '@tea', 'Neither'],
  });
  numeric = await kit.question(topic.id, DATE, {
    text: 'Cups a day?',
    type: 'numeric',
    options: [],
    numericUnit: 'cups',
    minValue: 0,
    maxValue: 30,
  });
  other = await kit.question(topic.id, '2026-06-11');
  const players = await insertPlayers(1300);
  const rows = players.flatMap((p, i) => [
    // Ten answers per millisecond: ties on answered_at everywhere.
    answerRow(p.id, choice, T0 + Math.floor(i / 10), { selectedOptionId: `opt-${(i % 3) + 1}` }),
    answerRow(p.id, numeric, T0 + Math.floor(i / 10), { selectedOptionId: null, numericValue: i % 31 }),
  ]);
  await insertAnswers([...rows, answerRow(players[0]!.id, other, T0, { questionDate: '2026-06-11' })]);
  for (const r of rows) expectedIds.add(r.id);
});
afterAll(() => kit.close());

const exportUrl = (query: string) => `/api/admin/answers/export?${query}`;
async function open(query: string) {
  return kit.app.request(exportUrl(query), {
    headers: { Authorization: `Bearer ${await kit.tokenFor('admin')}` },
  });
}
async function chunksOf(res: Response): Promise<string[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const chunks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

describe('GET /api/admin/answers/export', () => {
  it('streams every answer of the date once, as CSV in answer order, over several keyset pages', async () => {
    const res = await open(`date=${DATE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="responses-${DATE}.csv"`);
    const chunks = await chunksOf(res);
    // One chunk per keyset page, growing from a small first page: the body was produced page by page.
    let pages = 0;
    for (
      let read = 0, size = EXPORT_FIRST_PAGE_SIZE;
      read <= expectedIds.size;
      size = Math.min(size * 4, EXPORT_PAGE_SIZE)
    ) {
      read += size;
      pages += 1;
    }
    expect(chunks).toHaveLength(pages);
    expect(chunks.length).toBeGreaterThan(2);
    const records = parseCsv(chunks.join(''));
    expect(records[0]).toEqual([...RESPONSES_CSV_HEADER]);
    const body = records.slice(1);
    const ids = body.map((r) => r[0]!);
    expect(ids).toHaveLength(expectedIds.size);
    expect(new Set(ids)).toEqual(expectedIds);
    const times = body.map((r) => r[1]!);
    expect([...times].sort()).toEqual(times);
  });

  it('escapes quotes, commas and newlines and guards formula cells', async () => {
    const records = parseCsv((await chunksOf(await open(`date=${DATE}&questionId=${choice.id}`))).join(''));
    const row = records.find((r) => r[8] === 'opt-1')!;
    expect(row[4]).toBe(`'=HYPERLINK("evil")`);
    expect(row[6]).toBe('Milk first, or "tea" first?\nBe honest');
    expect(row[7]).toBe('Milk, always');
    expect(records.find((r) => r[8] === 'opt-2')![7]).toBe("'@tea");
    expect(records.slice(1).every((r) => r[5] === choice.id)).toBe(true);
    expect(records).toHaveLength(1301);
  });

  it('writes JSON Lines for analysts, numeric answers with their unit', async () => {
    const res = await open(`date=${DATE}&questionId=${numeric.id}&format=jsonl`);
    expect(res.headers.get('Content-Type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="responses-${DATE}-${numeric.id}.jsonl"`,
    );
    const lines = (await chunksOf(res)).join('').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(1300);
    const first = JSON.parse(lines[0]!);
    expect(first).toEqual({
      answerId: expect.any(String),
      answeredAt: '2026-06-10T08:00:00.000Z',
      userId: expect.any(String),
      username: expect.stringMatching(/^exporter_/),
      topic: topic.title,
      questionId: numeric.id,
      question: 'Cups a day?',
      answer: `${first.numericValue} ${first.numericValue === 1 ? 'cup' : 'cups'}`,
      selectedOptionId: null,
      numericValue: expect.any(Number),
      late: false,
    });
  });

  it('writes each record exactly as csvRecord and JSON.stringify of its fields would (the export contract)', async () => {
    const csv = (await chunksOf(await open(`date=${DATE}`))).join('');
    const records = parseCsv(csv);
    expect(records.map((r) => csvRecord(r)).join('')).toBe(csv);
    const jsonl = (await chunksOf(await open(`date=${DATE}&format=jsonl`))).join('');
    const lines = jsonl.split('\n').slice(0, -1);
    expect(lines).toHaveLength(records.length - 1);
    for (const [i, line] of lines.entries()) {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      expect(line).toBe(JSON.stringify(parsed));
      expect(Object.keys(parsed)).toEqual([
        'answerId',
        'answeredAt',
        'userId',
        'username',
        'topic',
        'questionId',
        'question',
        'answer',
        'selectedOptionId',
        'numericValue',
        'late',
      ]);
      // The same answer on the same line of both formats, field for field.
      const cells = records[i + 1]!;
      expect(Object.values(parsed).map((v) => (v === null ? '' : String(v)))).toEqual(
        cells.map((c) => (c.startsWith("'") ? c.slice(1) : c)),
      );
    }
  });

  it('keeps its order under concurrent inserts: every row once, rows added mid-export after the rest', async () => {
    const res = await open(`date=${DATE}`);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    // New answers arrive while the export is running (later answered_at, as real answers do).
    const late = await insertPlayers(30);
    const lateRows = late.map((p, i) => answerRow(p.id, choice, T0 + 3_600_000 + i));
    await insertAnswers(lateRows);
    let text = first.value ?? '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
    }
    const ids = parseCsv(text)
      .slice(1)
      .map((r) => r[0]!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of expectedIds) expect(ids).toContain(id);
    expect(ids.slice(-30)).toEqual(lateRows.map((r) => r.id));
    for (const r of lateRows) expectedIds.add(r.id);
  });

  it('refuses bad queries with a 400/404 JSON message and needs the admin token', async () => {
    const bad = async (query: string, status: number, message: RegExp) => {
      const res = await open(query);
      expect(res.status, query).toBe(status);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    };
    await bad('', 400, /date/i);
    await bad('date=2026-13-01', 400, /Date must be/);
    await bad(`date=${DATE}&format=xlsx`, 400, /format must be csv or jsonl/);
    await bad(`date=${DATE}&questionId=${other.id}`, 404, /No question/);
    expect((await kit.app.request(exportUrl(`date=${DATE}`))).status).toBe(401);
    const marketing = await kit.app.request(exportUrl(`date=${DATE}`), {
      headers: { Authorization: `Bearer ${kit.marketingToken}` },
    });
    expect(marketing.status).toBe(401);
  });

  it('exports an empty date as the header alone', async () => {
    const res = await open('date=2026-01-01');
    expect(res.status).toBe(200);
    expect((await chunksOf(res)).join('')).toBe(`${RESPONSES_CSV_HEADER.join(',')}\r\n`);
  });
});

describe('download tickets: POST /api/admin/answers/export/ticket, GET /api/admin/answers/export/download', () => {
  const ticketFor = async (body: unknown, token?: string) =>
    kit.app.request('/api/admin/answers/export/ticket', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token ?? (await kit.tokenFor('admin'))}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  const issue = async (body: unknown, token?: string) => {
    const res = await ticketFor(body, token);
    expect(res.status).toBe(200);
    return (await res.json()) as { url: string; fileName: string; expiresAt: string };
  };
  // No Authorization header: the ticket in the URL is the only credential.
  const download = (url: string) => kit.app.request(url);
  const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

  it('opens one export for 60 seconds without the bearer token: the CSV with a BOM, otherwise byte for byte the export', async () => {
    const ticket = await issue({ date: DATE, questionId: choice.id });
    expect(ticket.url).toMatch(/^\/api\/admin\/answers\/export\/download\?ticket=[\w%.-]+$/);
    expect(ticket.fileName).toBe(`responses-${DATE}-${choice.id}.csv`);
    expect(Date.parse(ticket.expiresAt) - Date.parse('2026-06-10T12:00:00.000Z')).toBe(60_000);
    const res = await download(ticket.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="${ticket.fileName}"`);
    const file = await bytesOf(res);
    const direct = await bytesOf(await open(`date=${DATE}&questionId=${choice.id}`));
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(file.subarray(3)).equals(Buffer.from(direct))).toBe(true);

    const jsonl = await issue({ date: DATE, format: 'jsonl' });
    expect(jsonl.fileName).toBe(`responses-${DATE}.jsonl`);
    const lines = Buffer.from(await bytesOf(await download(jsonl.url)));
    expect(lines.equals(Buffer.from(await bytesOf(await open(`date=${DATE}&format=jsonl`))))).toBe(true);
  });

  it('refuses an expired, tampered or foreign ticket, and one whose token was ended, with a 401 message', async () => {
    const refused = async (url: string) => {
      const res = await download(url);
      expect(res.status, url).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(EXPIRED_TICKET_MESSAGE);
    };
    const ticket = await issue({ date: DATE });
    kit.setNow('2026-06-10T12:01:00.000Z');
    try {
      await refused(ticket.url);
    } finally {
      kit.setNow('2026-06-10T12:00:00.000Z');
    }
    // Another date in the same signature: refused.
    const [payload, signature] = decodeURIComponent(ticket.url.split('ticket=')[1]!).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(
      JSON.stringify({ ...claims, s: { ...claims.s, date: '2026-06-11' } }),
    ).toString('base64url');
    await refused(`/api/admin/answers/export/download?ticket=${forged}.${signature}`);
    // A bearer token is no ticket, and a ticket is no bearer token.
    const token = await kit.tokenFor('admin');
    await refused(`/api/admin/answers/export/download?ticket=${encodeURIComponent(token)}`);
    const asBearer = await kit.app.request(exportUrl(`date=${DATE}`), {
      headers: { Authorization: `Bearer ${decodeURIComponent(ticket.url.split('ticket=')[1]!)}` },
    });
    expect(asBearer.status).toBe(401);
    // Exit Admin ends the token and with it every ticket it asked for.
    const mine = await issue({ date: DATE }, token);
    expect((await download(mine.url)).status).toBe(200);
    const exit = await kit.app.request('/api/admin/sessions/revoke', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(exit.status).toBe(200);
    await refused(mine.url);
  });

  it('checks the ticket request like the export: 400/404 messages, admin token only', async () => {
    const res400 = await ticketFor({ date: DATE, format: 'xlsx' });
    expect(res400.status).toBe(400);
    expect(((await res400.json()) as { message: string }).message).toMatch(/format must be csv or jsonl/);
    const res404 = await ticketFor({ date: DATE, questionId: other.id });
    expect(res404.status).toBe(404);
    expect((await ticketFor({ date: DATE }, kit.marketingToken)).status).toBe(401);
    const noTicket = await download('/api/admin/answers/export/download');
    expect(noTicket.status).toBe(400);
    expect(((await noTicket.json()) as { message: string }).message).toMatch(/ticket is required/);
  });
});
