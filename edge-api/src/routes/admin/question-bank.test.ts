import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANSWERED_QUESTION_MESSAGE } from '@daily-tea/shared/contracts/admin';
import { createAdminKit, type AdminKit } from './admin.test-kit';

// The kit's clock: 2026-06-10 12:00 UTC with APP_TIMEZONE=UTC, DAY_START_HOUR=0 → game day 2026-06-10.
const TODAY = '2026-06-10';

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit();
});
afterAll(() => kit.close());

let dayCounter = 0;
/** A future date no other test uses. */
const freshDate = () => `2026-08-${String(++dayCounter).padStart(2, '0')}`;
const lastAudit = async () => (await kit.admin.get('/api/admin/audit?limit=1')).body.items[0];
const dayVersion = async (date: string) => (await kit.admin.get(`/api/admin/days/${date}`)).body.version;
const search = async (query: Record<string, string | number>) => {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return kit.admin.get(`/api/admin/questions/search?${params.toString()}`);
};
const texts = (body: { text: string }[]) => body.map((q) => q.text);

describe('PATCH /api/admin/questions/:id', () => {
  it('edits text and options of a question without answers, audited, and bumps the day', async () => {
    const date = freshDate();
    const topic = await kit.topic({ title: 'Breakfast habits' });
    const q = await kit.question(topic.id, date, { text: 'How often do you eat breakfst?' });
    const before = await dayVersion(date);

    const res = await kit.admin.patch(`/api/admin/questions/${q.id}`, {
      text: '  How often do you eat breakfast? ',
      options: ['Every day', 'Some days', 'Never'],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: q.id,
      text: 'How often do you eat breakfast?',
      type: 'multiple_choice',
      options: ['Every day', 'Some days', 'Never'],
      answerCount: 0,
      topic: { title: 'Breakfast habits' },
    });
    expect(await dayVersion(date)).toBeGreaterThan(before);
    expect(await lastAudit()).toMatchObject({
      action: 'question.edit',
      targetId: q.id,
      summary: `Edited question "How often do you eat breakfast?" of "Breakfast habits" on ${date} (text, options); was "How often do you eat breakfst?"`,
    });
    const listed = await kit.admin.get(`/api/admin/topics/${topic.id}/questions?date=${date}`);
    expect(listed.body[0]).toMatchObject({ text: 'How often do you eat breakfast?' });
  });

  it('turns a question numeric with its unit and range, keeping fields that were left out', async () => {
    const topic = await kit.topic();
    const q = await kit.question(topic.id, freshDate(), { text: 'Cups of tea a day?' });
    const res = await kit.admin.patch(`/api/admin/questions/${q.id}`, {
      type: 'numeric',
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 20,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      text: 'Cups of tea a day?',
      type: 'numeric',
      options: [],
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 20,
    });
    const narrowed = await kit.admin.patch(`/api/admin/questions/${q.id}`, { maxValue: 12 });
    expect(narrowed.body).toMatchObject({ numericUnit: 'cups', minValue: 0, maxValue: 12 });
  });

  it('an unchanged edit writes nothing', async () => {
    const date = freshDate();
    const topic = await kit.topic();
    const q = await kit.question(topic.id, date, { text: 'Same as before?' });
    const before = await dayVersion(date);
    const res = await kit.admin.patch(`/api/admin/questions/${q.id}`, { text: 'Same as before?' });
    expect(res.status).toBe(200);
    expect(await dayVersion(date)).toBe(before);
  });

  it('refuses a question with answers with 409 and the reason, changing nothing', async () => {
    const topic = await kit.topic();
    const q = await kit.question(topic.id, TODAY, { text: 'Tea or coffee in the morning?' });
    await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [topic.id] });
    await kit.answer(await kit.player(), topic.id, q.id, { selectedOptionId: 'opt-1' });

    const res = await kit.admin.patch(`/api/admin/questions/${q.id}`, { text: 'Tea or coffee at night?' });
    // Its own code: the console tells this case apart and offers a linked copy.
    expect(res).toMatchObject({
      status: 409,
      body: { message: ANSWERED_QUESTION_MESSAGE, code: 'question_has_answers' },
    });
    const listed = await kit.admin.get(`/api/admin/topics/${topic.id}/questions?date=${TODAY}`);
    expect(listed.body[0]).toMatchObject({ text: 'Tea or coffee in the morning?', answerCount: 1 });
    expect((await lastAudit()).action).not.toBe('question.edit');
  });

  it('refuses the text of another question of the same topic and date', async () => {
    const date = freshDate();
    const topic = await kit.topic({ title: 'Twins' });
    await kit.question(topic.id, date, { text: 'First question?' });
    const second = await kit.question(topic.id, date, { text: 'Second question?' });
    const res = await kit.admin.patch(`/api/admin/questions/${second.id}`, { text: ' first QUESTION? ' });
    expect(res).toMatchObject({
      status: 409,
      body: { message: `"Twins" already has this question on ${date}.`, code: 'conflict' },
    });
  });

  it('answers 400 for invalid content, 404 for an unknown id and 401 without a token', async () => {
    const topic = await kit.topic();
    const q = await kit.question(topic.id, freshDate());
    const bad = [
      [{ options: ['Only one'] }, 'A multiple choice question needs at least 2 options'],
      [{ text: '   ' }, 'Question text is required'],
      [{ type: 'numeric', minValue: 5, maxValue: 1 }, 'Minimum must not be above maximum'],
      [{ minValue: 1.5 }, 'Minimum and maximum must be whole numbers'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await kit.admin.patch(`/api/admin/questions/${q.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await kit.admin.patch(`/api/admin/questions/${q.id}`, { topicId: 'x' })).status).toBe(400);
    expect((await kit.admin.patch('/api/admin/questions/nope', { text: 'Hello?' })).status).toBe(404);
    const anonymous = await kit.call('PATCH', `/api/admin/questions/${q.id}`, {
      token: null,
      body: { text: 'Hello?' },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/admin/questions/search', () => {
  it('finds questions across topics and dates by any fragment of 3+ characters, newest first', async () => {
    const food = await kit.topic({ title: 'Food bank' });
    const drinks = await kit.topic({ title: 'Drinks bank' });
    const a = await kit.question(food.id, '2026-05-01', { text: 'Favourite Sunday lunchbox filling?' });
    const b = await kit.question(drinks.id, '2026-05-20', { text: 'Lunchbox drink: juice or water?' });
    await kit.question(drinks.id, '2026-05-21', { text: 'Rooibos or five roses?' });

    const found = await search({ q: 'LUNCHBOX' });
    expect(found.status).toBe(200);
    expect(found.body.map((q: { id: string }) => q.id)).toEqual([b.id, a.id]);
    expect(found.body[1]).toMatchObject({
      topicId: food.id,
      topic: { title: 'Food bank' },
      date: '2026-05-01',
    });

    // Every word must match; a fragment inside a word matches too.
    expect(texts((await search({ q: 'unchbo drink' })).body)).toEqual(['Lunchbox drink: juice or water?']);
    expect(texts((await search({ q: 'lunchbox', topicId: food.id })).body)).toEqual([
      'Favourite Sunday lunchbox filling?',
    ]);
    expect(texts((await search({ q: 'lunchbox', before: '2026-05-20' })).body)).toEqual([
      'Favourite Sunday lunchbox filling?',
    ]);
    expect((await search({ q: 'lunchbox', limit: 1 })).body).toHaveLength(1);
    // A word too short for the index still narrows the search.
    expect(texts((await search({ q: 'lunchbox or' })).body)).toEqual(['Lunchbox drink: juice or water?']);
  });

  it('short and empty searches list the newest questions, filtered by topic', async () => {
    const topic = await kit.topic();
    await kit.question(topic.id, '2026-04-01', { text: 'Is a braai a meal or an event?' });
    await kit.question(topic.id, '2026-04-02', { text: 'Pap or rice?' });
    expect(texts((await search({ q: '', topicId: topic.id })).body)).toEqual([
      'Pap or rice?',
      'Is a braai a meal or an event?',
    ]);
    expect(texts((await search({ q: 'ai', topicId: topic.id })).body)).toEqual([
      'Is a braai a meal or an event?',
    ]);
  });

  it('follows edits and deletes, and takes quotes and operators as plain text', async () => {
    const topic = await kit.topic();
    const q = await kit.question(topic.id, freshDate(), { text: 'Zebra crossing or robot?' });
    expect(texts((await search({ q: 'zebra' })).body)).toContain('Zebra crossing or robot?');
    await kit.admin.patch(`/api/admin/questions/${q.id}`, { text: 'Giraffe crossing or robot?' });
    expect((await search({ q: 'zebra' })).body).toEqual([]);
    expect(texts((await search({ q: 'giraffe' })).body)).toEqual(['Giraffe crossing or robot?']);
    expect((await kit.admin.del(`/api/admin/questions/${q.id}`)).status).toBe(200);
    expect((await search({ q: 'giraffe' })).body).toEqual([]);
    // The delete's statement is finished: the next write goes through.
    await kit.question(topic.id, freshDate(), { text: 'Giraffe crossing again?' });
    expect(texts((await search({ q: 'giraffe' })).body)).toEqual(['Giraffe crossing again?']);

    for (const q of ['"unterminated', 'NEAR(a b)', 'x* OR y', 'AND', "'; DROP TABLE questions; --"])
      expect((await search({ q })).status, q).toBe(200);
  });

  it('answers 400 for a limit out of range and 401 without a token', async () => {
    expect((await search({ q: 'tea', limit: 101 })).status).toBe(400);
    expect((await search({ q: 'tea', limit: 0 })).status).toBe(400);
    expect((await search({ q: 'tea', before: 'yesterday' })).status).toBe(400);
    expect((await kit.call('GET', '/api/admin/questions/search?q=tea', { token: null })).status).toBe(401);
  });
});
