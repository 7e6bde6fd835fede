import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { createAdminKit, type AdminKit } from './admin.test-kit';

// The kit's clock: 2026-06-10 12:00 UTC with APP_TIMEZONE=UTC, DAY_START_HOUR=0 → game day 2026-06-10.
const TODAY = '2026-06-10';
const TOMORROW = '2026-06-11';

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit();
});
afterAll(() => kit.close());

let dayCounter = 0;
/** A future date no other test uses (each test owns its day). */
const freshDate = () => `2026-07-${String(++dayCounter).padStart(2, '0')}`;
const getDay = (date: string) => kit.admin.get(`/api/admin/days/${date}`);
const putDay = (date: string, body: unknown) => kit.admin.put(`/api/admin/days/${date}`, body);
const mc = (text: string, options = ['Yes', 'No', 'Not sure']) => ({
  text,
  type: 'multiple_choice',
  options,
});
const lastAudit = async () => (await kit.admin.get('/api/admin/audit?limit=1')).body.items[0];

describe('GET /api/admin/days/:date', () => {
  it('reads an unwritten day as version 0 with no topics', async () => {
    const date = freshDate();
    expect(await getDay(date)).toEqual({ status: 200, body: { date, version: 0, topics: [] } });
  });

  it('returns the scheduled topics in order with their questions, and rejects a bad date', async () => {
    const date = freshDate();
    const a = await kit.topic();
    const b = await kit.topic();
    const qa = await kit.question(a.id, date);
    const qb = await kit.question(b.id, date);
    await kit.admin.put(`/api/admin/daily-topics/${date}`, { topicIds: [b.id, a.id] });
    const day = await getDay(date);
    expect(day.status).toBe(200);
    expect(day.body.version).toBeGreaterThan(0);
    expect(day.body.topics.map((t: any) => [t.topicId, t.title, t.questions.map((q: any) => q.id)])).toEqual([
      [b.id, b.title, [qb.id]],
      [a.id, a.title, [qa.id]],
    ]);
    expect((await getDay('2026-02-30')).status).toBe(400);
  });
});

describe('PUT /api/admin/days/:date', () => {
  it('saves a new day in one request: topics, new questions, one audit entry', async () => {
    const date = freshDate();
    const a = await kit.topic();
    const b = await kit.topic();
    const res = await putDay(date, {
      version: 0,
      topics: [
        {
          topicId: a.id,
          questions: [
            mc('Tea or coffee?'),
            { text: 'Cups a day?', type: 'numeric', minValue: 0, maxValue: 20, numericUnit: 'cups' },
          ],
        },
        { topicId: b.id, questions: [mc('Morning or night?', ['Morning', 'Night'])] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual({ added: 3, removed: 0, kept: 0, removedAnswers: 0 });
    expect(res.body.topics.map((t: any) => t.questions.map((q: any) => q.text))).toEqual([
      ['Tea or coffee?', 'Cups a day?'],
      ['Morning or night?'],
    ]);
    const numeric = res.body.topics[0].questions[1];
    expect(numeric).toMatchObject({
      type: 'numeric',
      options: [],
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 20,
    });
    expect((await kit.admin.get(`/api/admin/daily-topics/${date}`)).body.topicIds).toEqual([a.id, b.id]);
    expect(await lastAudit()).toMatchObject({
      action: 'day.save',
      targetId: date,
      summary: `Saved ${date}: 2 topics (${a.title}, ${b.title}); 3 added, 0 removed, 0 kept`,
    });
    // The answer carries the version to edit from next: the same as a fresh read.
    expect(res.body.version).toBe((await getDay(date)).body.version);
  });

  it('keeps, adds and removes questions; removed questions take their answers with them; counters stay exact', async () => {
    const a = await kit.topic();
    const b = await kit.topic();
    const keep = await kit.question(a.id, TODAY, { text: 'Keep me?' });
    const drop = await kit.question(a.id, TODAY, { text: 'Drop me?' });
    const other = await kit.question(b.id, TODAY, { text: 'Other topic?' });
    await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [a.id, b.id] });
    const players = await Promise.all([kit.player({ gender: 'female' }), kit.player({ gender: 'male' })]);
    for (const p of players) {
      await kit.answer(p, a.id, keep.id, { selectedOptionId: 'opt-1' });
      await kit.answer(p, a.id, drop.id, { selectedOptionId: 'opt-2' });
    }
    const before = await getDay(TODAY);
    const res = await putDay(TODAY, {
      version: before.body.version,
      topics: [
        { topicId: a.id, questions: [{ id: keep.id }, mc('Brand new?')] },
        { topicId: b.id, questions: [{ id: other.id }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.changes).toEqual({ added: 1, removed: 1, kept: 2, removedAnswers: 2 });
    expect(res.body.topics[0].questions.map((q: any) => [q.text, q.answerCount])).toEqual([
      ['Keep me?', 2],
      ['Brand new?', 0],
    ]);
    const dropped = await kit.admin.get(`/api/admin/answers?questionId=${drop.id}`);
    expect(dropped.body).toMatchObject({ items: [], total: 0 });
    expect((await kit.admin.get(`/api/admin/answers?questionId=${keep.id}`)).body.total).toBe(2);
    expect(await countersEqualRecount(kit.db)).toBe(true);
    expect((await lastAudit()).summary).toContain('1 added, 1 removed with 2 answers, 2 kept');
  });

  it('answers 409 to a save from a stale version and applies nothing of it', async () => {
    const date = freshDate();
    const a = await kit.topic();
    const first = await putDay(date, { version: 0, topics: [{ topicId: a.id, questions: [mc('First?')] }] });
    expect(first.status).toBe(200);
    // A second editor that also opened the empty day saves after the first one.
    const stale = await putDay(date, { version: 0, topics: [{ topicId: a.id, questions: [mc('Second?')] }] });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else.*Reload/);
    const day = await getDay(date);
    expect(day.body.topics[0].questions.map((q: any) => q.text)).toEqual(['First?']);
    expect(day.body.version).toBe(first.body.version);
  });

  it('treats changes through the per-call endpoints as new versions too', async () => {
    const date = freshDate();
    const a = await kit.topic();
    const opened = await getDay(date);
    await kit.question(a.id, date, { text: 'Added by an outside tool?' });
    const res = await putDay(date, {
      version: opened.body.version,
      topics: [{ topicId: a.id, questions: [mc('Mine?')] }],
    });
    expect(res.status).toBe(409);
    const reopened = await getDay(date);
    await kit.admin.put(`/api/admin/daily-topics/${date}`, { topicIds: [a.id] });
    expect((await putDay(date, { version: reopened.body.version, topics: [] })).status).toBe(409);
  });

  it('lets exactly one of two concurrent saves from the same version win', async () => {
    const date = freshDate();
    const a = await kit.topic();
    const results = await Promise.all(
      ['One?', 'Two?', 'Three?'].map((text) =>
        putDay(date, { version: 0, topics: [{ topicId: a.id, questions: [mc(text)] }] }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const day = await getDay(date);
    expect(day.body.topics[0].questions).toHaveLength(1);
  });

  it('is all or nothing: a failing compare-and-swap aborts the statements before it in the batch', async () => {
    // Drive the claim directly after a write of the same batch: nothing of the batch may land.
    const { runBatch } = await import('../../db/database');
    const { claimDayVersionStatements, isStaleDayError } =
      await import('../../db/queries/admin/days.queries');
    const { upsertScheduleStatement } = await import('../../db/queries/admin/schedule.queries');
    const date = freshDate();
    const a = await kit.topic();
    const error = await runBatch(kit.db, [
      upsertScheduleStatement(kit.db, date, [a.id], new Date()),
      ...claimDayVersionStatements(kit.db, date, 0, [a.id]),
    ]).then(
      () => null,
      (e: unknown) => e,
    );
    // The upsert bumped the version to 1 inside the batch, so the claim at 0 is stale: the whole batch fails.
    expect(isStaleDayError(error)).toBe(true);
    expect(await getDay(date)).toMatchObject({ body: { version: 0, topics: [] } });
    expect((await kit.admin.get(`/api/admin/daily-topics/${date}`)).body.topicIds).toEqual([]);
  });

  it('refuses invalid days with a clear 400 and writes nothing', async () => {
    const date = freshDate();
    const a = await kit.topic();
    const b = await kit.topic();
    const inactive = await kit.topic({ isActive: false });
    const kept = await kit.question(a.id, date, { text: 'Existing?' });
    const elsewhere = await kit.question(b.id, TOMORROW);
    const { version } = (await getDay(date)).body;
    const cases: [unknown, RegExp][] = [
      [{ version, topics: [{ topicId: a.id, questions: [] }] }, new RegExp(`"${a.title}" has no questions`)],
      [
        { version, topics: [{ topicId: inactive.id, questions: [mc('X?')] }] },
        /Inactive topics cannot be scheduled/,
      ],
      [{ version, topics: [{ topicId: 'nope', questions: [mc('X?')] }] }, /Unknown topic id: nope/],
      [{ version, topics: [{ topicId: a.id, questions: [{ id: elsewhere.id }] }] }, /is not a question of/],
      [
        { version, topics: [{ topicId: a.id, questions: [{ id: kept.id }, mc(' existing? ')] }] },
        /same question twice/,
      ],
      [
        {
          version,
          topics: [
            {
              topicId: a.id,
              questions: [{ text: 'One option?', type: 'multiple_choice', options: ['Only'] }],
            },
          ],
        },
        /at least 2 options/,
      ],
      [
        {
          version,
          topics: [
            { topicId: a.id, questions: [{ text: 'Range?', type: 'numeric', minValue: 5, maxValue: 1 }] },
          ],
        },
        /Minimum must not be above maximum/,
      ],
      [{ version, topics: [{ topicId: a.id, questions: [{ text: '  ' }] }] }, /Question text is required/],
      [
        {
          version,
          topics: [
            { topicId: a.id, questions: [mc('X?')] },
            { topicId: a.id, questions: [mc('Y?')] },
          ],
        },
        /Duplicate topic ids/,
      ],
      [
        {
          version,
          topics: Array.from({ length: 21 }, (_, i) => ({ topicId: `t${i}`, questions: [mc('X?')] })),
        },
        /at most 20 topics/,
      ],
      [{ topics: [] }, /version is required/],
      [
        {
          version,
          topics: [{ topicId: a.id, questions: [{ ...mc('Linked?'), linkedQuestionId: 'missing' }] }],
        },
        /Linked question not found/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await putDay(date, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await kit.call('PUT', `/api/admin/days/${date}`, { raw: '{"version":' })).status).toBe(400);
    const after = await getDay(date);
    expect(after.body.version).toBe(version);
    expect(
      (await kit.admin.get(`/api/admin/topics/${a.id}/questions?date=${date}`)).body.map((q: any) => q.id),
    ).toEqual([kept.id]);
  });

  it('refuses past days and needs the admin token', async () => {
    const a = await kit.topic();
    const past = await putDay('2026-06-09', {
      version: 0,
      topics: [{ topicId: a.id, questions: [mc('Late?')] }],
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/only be changed for today \(2026-06-10\) or later/);
    expect((await kit.call('GET', `/api/admin/days/${TODAY}`, { token: null })).status).toBe(401);
    expect(
      (await kit.call('PUT', `/api/admin/days/${TODAY}`, { token: null, body: { version: 0, topics: [] } }))
        .status,
    ).toBe(401);
  });

  it('imports through the day save: a draft with linkedQuestionId joins the source group', async () => {
    const date = freshDate();
    const a = await kit.topic();
    const source = await kit.question(a.id, '2026-06-01', { text: 'Linked source?' });
    const res = await putDay(date, {
      version: 0,
      topics: [{ topicId: a.id, questions: [{ ...mc('Linked source?'), linkedQuestionId: source.id }] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.topics[0].questions[0]).toMatchObject({ linkedQuestionId: source.id });
  });
});
