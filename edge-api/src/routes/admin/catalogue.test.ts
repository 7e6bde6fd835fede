import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { createAdminKit, type AdminKit } from './admin.test-kit';

// The kit's clock: 2026-06-10 12:00 UTC with APP_TIMEZONE=UTC, DAY_START_HOUR=0 → game day 2026-06-10.
const TODAY = '2026-06-10';

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit();
});
afterAll(() => kit.close());

const lastAudit = async () => (await kit.admin.get('/api/admin/audit?limit=1')).body.items[0];

describe('topics', () => {
  it('creates with defaults, lists with question counts, updates and soft-deletes', async () => {
    const created = await kit.admin.post('/api/admin/topics', {
      title: '  Morning rituals ',
      description: '',
      category: 'Lifestyle',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Morning rituals',
      description: null,
      category: 'Lifestyle',
      isActive: true,
      questionCount: 0,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'topic.create',
      targetId: created.body.id,
      summary: 'Created topic "Morning rituals" (Lifestyle)',
    });

    const id = created.body.id as string;
    await kit.question(id, TODAY);
    await kit.question(id, '2026-06-11');
    const list = await kit.admin.get('/api/admin/topics');
    expect(list.body.find((t: { id: string }) => t.id === id)).toMatchObject({ questionCount: 2 });

    const off = await kit.admin.put(`/api/admin/topics/${id}`, {
      title: 'Morning rituals',
      category: 'Lifestyle',
      description: 'Tea or coffee',
      isActive: false,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ isActive: false, description: 'Tea or coffee', questionCount: 2 });
    expect(await lastAudit()).toMatchObject({
      action: 'topic.update',
      summary: 'Deactivated topic "Morning rituals"',
    });
    const stillListed = await kit.admin.get('/api/admin/topics');
    expect(stillListed.body.find((t: { id: string }) => t.id === id)).toMatchObject({ isActive: false });
    await kit.admin.put(`/api/admin/topics/${id}`, {
      title: 'Morning rituals',
      category: 'Lifestyle',
      isActive: true,
    });
    expect(await lastAudit()).toMatchObject({ summary: 'Restored topic "Morning rituals"' });
  });

  it('400 on missing title/category or wrong types, 404 on an unknown topic', async () => {
    expect(await kit.admin.post('/api/admin/topics', { category: 'C' })).toMatchObject({
      status: 400,
      body: { message: 'Title is required' },
    });
    expect(await kit.admin.post('/api/admin/topics', { title: 'T', category: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'Category is required' },
    });
    expect(
      (await kit.admin.post('/api/admin/topics', { title: 'T', category: 'C', isActive: 'yes' })).status,
    ).toBe(400);
    expect((await kit.call('POST', '/api/admin/topics', { raw: '{oops' })).status).toBe(400);
    expect(await kit.admin.put('/api/admin/topics/missing', { title: 'T', category: 'C' })).toMatchObject({
      status: 404,
      body: { message: 'Topic not found' },
    });
  });
});

describe('questions', () => {
  it('creates multiple choice and numeric questions with the product.md#validation shape rules', async () => {
    const topic = await kit.topic();
    const mc = await kit.admin.post('/api/admin/questions', {
      topicId: topic.id,
      date: TODAY,
      text: 'Best brew?',
      options: ['Rooibos', { text: 'Earl Grey', icon: '☕' }],
      numericUnit: 'cups',
      minValue: 1,
    });
    expect(mc.status).toBe(201);
    expect(mc.body).toMatchObject({
      type: 'multiple_choice',
      options: ['Rooibos', { text: 'Earl Grey', icon: '☕' }],
      numericUnit: null,
      minValue: null,
      linkedQuestionId: null,
      answerCount: 0,
      topic: { title: topic.title },
    });
    const numeric = await kit.admin.post('/api/admin/questions', {
      topicId: topic.id,
      date: TODAY,
      text: 'Cups a day?',
      type: 'numeric',
      options: ['ignored', 'too'],
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 20,
    });
    expect(numeric.body).toMatchObject({
      type: 'numeric',
      options: [],
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 20,
    });
    expect(await lastAudit()).toMatchObject({ action: 'question.create', targetId: numeric.body.id });

    const forDay = await kit.admin.get(`/api/admin/topics/${topic.id}/questions?date=${TODAY}`);
    expect(forDay.body.map((q: { text: string }) => q.text)).toEqual(['Best brew?', 'Cups a day?']);
    const all = await kit.admin.get('/api/admin/questions');
    expect(all.body[0]).toMatchObject({ id: numeric.body.id, topic: { title: topic.title } });
  });

  it('400s on bad question input, 404 on unknown topic or linked question', async () => {
    const topic = await kit.topic();
    const base = { topicId: topic.id, date: TODAY, text: 'Q?', options: ['a', 'b'] };
    expect(await kit.admin.post('/api/admin/questions', { ...base, options: ['only one'] })).toMatchObject({
      status: 400,
      body: { message: 'A multiple choice question needs at least 2 options' },
    });
    expect((await kit.admin.post('/api/admin/questions', { ...base, text: '  ' })).body).toMatchObject({
      message: 'Question text is required',
    });
    expect((await kit.admin.post('/api/admin/questions', { ...base, date: '2026-02-30' })).status).toBe(400);
    expect((await kit.admin.post('/api/admin/questions', { ...base, type: 'essay' })).status).toBe(400);
    expect(
      (await kit.admin.post('/api/admin/questions', { ...base, type: 'numeric', minValue: 5, maxValue: 1 }))
        .status,
    ).toBe(400);
    expect(
      (await kit.admin.post('/api/admin/questions', { ...base, type: 'numeric', minValue: 1.5 })).status,
    ).toBe(400);
    expect(await kit.admin.post('/api/admin/questions', { ...base, topicId: 'nope' })).toMatchObject({
      status: 404,
      body: { message: 'Topic not found' },
    });
    expect(await kit.admin.post('/api/admin/questions', { ...base, linkedQuestionId: 'nope' })).toMatchObject(
      {
        status: 404,
        body: { message: 'Linked question not found' },
      },
    );
    expect((await kit.admin.get('/api/admin/topics/nope/questions?date=2026-06-10')).status).toBe(404);
    expect((await kit.admin.get(`/api/admin/topics/${topic.id}/questions?date=tomorrow`)).status).toBe(400);
    expect((await kit.admin.get(`/api/admin/topics/${topic.id}/questions`)).status).toBe(400);
  });

  it('imports into the source link group, refuses a duplicate text with 409, lists importable ones', async () => {
    const topic = await kit.topic();
    const source = await kit.question(topic.id, '2026-06-08', { text: 'Milk first?' });
    const older = await kit.question(topic.id, '2026-06-01', { text: 'Sugar?' });
    await kit.question(topic.id, '2026-06-12', { text: 'Later one' });

    const importable = await kit.admin.get(
      `/api/admin/questions/importable?topicId=${topic.id}&currentDate=2026-06-11`,
    );
    expect(importable.body.map((q: { text: string }) => q.text)).toEqual(['Milk first?', 'Sugar?']);
    expect((await kit.admin.get(`/api/admin/questions/importable?topicId=${topic.id}`)).status).toBe(400);
    expect(
      (await kit.admin.get('/api/admin/questions/importable?topicId=nope&currentDate=2026-06-11')).status,
    ).toBe(404);

    const payload = {
      topicId: topic.id,
      date: '2026-06-11',
      text: 'Milk first?',
      options: ['Yes', 'No'],
      linkedQuestionId: source.id,
    };
    const imported = await kit.admin.post('/api/admin/questions', payload);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ linkedQuestionId: source.id, date: '2026-06-11' });
    expect(await lastAudit()).toMatchObject({ action: 'question.import', targetId: imported.body.id });

    const dup = await kit.admin.post('/api/admin/questions', { ...payload, text: '  MILK FIRST?  ' });
    expect(dup).toMatchObject({
      status: 409,
      body: { message: 'This question has already been imported for this topic and date.' },
    });
    expect(await lastAudit()).toMatchObject({ targetId: imported.body.id });
    const concurrent = await Promise.all(
      [1, 2, 3].map(() =>
        kit.admin.post('/api/admin/questions', { ...payload, text: 'Sugar?', linkedQuestionId: older.id }),
      ),
    );
    expect(concurrent.map((r) => r.status).sort()).toEqual([201, 409, 409]);

    // A chain: importing the import joins the same group; players of both share results.
    const again = await kit.admin.post('/api/admin/questions', {
      ...payload,
      date: '2026-06-13',
      linkedQuestionId: imported.body.id,
    });
    expect(again.status).toBe(201);
    const rows = await kit.db.query.questions.findMany({
      where: (q, { inArray }) => inArray(q.id, [source.id, imported.body.id, again.body.id]),
    });
    expect(new Set(rows.map((r) => r.groupId))).toEqual(new Set([source.id]));
  });

  it('deletes a question with its answers, keeping counters exact and its imports linked', async () => {
    const topic = await kit.topic();
    await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [topic.id] });
    const source = await kit.question(topic.id, '2026-06-01', { text: 'Linked?' });
    const q = await kit.admin.post('/api/admin/questions', {
      topicId: topic.id,
      date: TODAY,
      text: 'Linked?',
      options: ['a', 'b'],
      linkedQuestionId: source.id,
    });
    const p = await kit.player({ gender: 'female' });
    await kit.answer(p, topic.id, q.body.id, { selectedOptionId: 'opt-1' });
    const del = await kit.admin.del(`/api/admin/questions/${source.id}`);
    expect(del).toEqual({ status: 200, body: { ok: true } });
    expect(await lastAudit()).toMatchObject({ action: 'question.delete', targetId: source.id });
    const survivor = await kit.db.query.questions.findFirst({ where: (x, { eq }) => eq(x.id, q.body.id) });
    expect(survivor).toMatchObject({ groupId: source.id, answerCount: 1 });
    // The deleted source's group still accepts imports.
    const reimport = await kit.admin.post('/api/admin/questions', {
      topicId: topic.id,
      date: '2026-06-12',
      text: 'Linked?',
      options: ['a', 'b'],
      linkedQuestionId: source.id,
    });
    expect(reimport.status).toBe(201);

    expect((await kit.admin.del(`/api/admin/questions/${q.body.id}`)).status).toBe(200);
    expect(
      await kit.db.query.answers.findMany({ where: (a, { eq }) => eq(a.questionId, q.body.id) }),
    ).toEqual([]);
    expect(await countersEqualRecount(kit.db)).toBe(true);
    expect(await kit.admin.del(`/api/admin/questions/${q.body.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Question not found' },
    });
  });
});

describe('daily topics', () => {
  it('reads [] for an unscheduled day, saves today and later, replaces on save', async () => {
    const [a, b] = [await kit.topic(), await kit.topic()];
    expect(await kit.admin.get('/api/admin/daily-topics/2026-07-01')).toEqual({
      status: 200,
      body: { date: '2026-07-01', topicIds: [] },
    });
    expect(await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [a.id, b.id] })).toEqual({
      status: 200,
      body: { date: TODAY, topicIds: [a.id, b.id] },
    });
    expect(await lastAudit()).toMatchObject({
      action: 'schedule.save',
      targetId: TODAY,
      summary: `Scheduled 2 topics on ${TODAY}: ${a.title}, ${b.title}`,
    });
    await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [b.id] });
    expect((await kit.admin.get(`/api/admin/daily-topics/${TODAY}`)).body.topicIds).toEqual([b.id]);
    expect((await kit.admin.put('/api/admin/daily-topics/2026-06-16', { topicIds: [a.id] })).status).toBe(
      200,
    );
  });

  it('refuses past days (by the game day), unknown or inactive topics and bad input', async () => {
    const a = await kit.topic();
    const off = await kit.topic({ isActive: false });
    const past = await kit.admin.put('/api/admin/daily-topics/2026-06-09', { topicIds: [a.id] });
    expect(past).toMatchObject({
      status: 400,
      body: { message: 'Schedules can only be changed for today (2026-06-10) or later' },
    });
    expect(
      (await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: ['ghost'] })).body,
    ).toMatchObject({
      message: 'Unknown topic id: ghost',
    });
    expect(
      (await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [a.id, off.id] })).status,
    ).toBe(400);
    expect((await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [a.id, a.id] })).status).toBe(
      400,
    );
    expect((await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: 'x' })).status).toBe(400);
    expect((await kit.admin.put('/api/admin/daily-topics/not-a-date', { topicIds: [] })).status).toBe(400);

    // Before the 9 AM drop the game day is still yesterday, which may then be edited.
    kit.deps.config = { ...kit.deps.config, dayStartHour: 13 };
    try {
      expect((await kit.admin.put('/api/admin/daily-topics/2026-06-09', { topicIds: [a.id] })).status).toBe(
        200,
      );
      expect((await kit.admin.get('/api/admin/clock')).body).toMatchObject({
        ok: true,
        today: '2026-06-09',
        timeZone: 'UTC',
        dayStartHour: 13,
      });
    } finally {
      kit.deps.config = { ...kit.deps.config, dayStartHour: 0 };
    }
  });
});
