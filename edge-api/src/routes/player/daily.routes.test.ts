import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DailyQuestionSchema,
  DailyTopicSchema,
  DailyTopicsResponseSchema,
  SelectTopicResultSchema,
} from '@daily-tea/shared/contracts/daily';
import { MAX_TOPICS_MESSAGE, UNSELECT_ANSWERED_MESSAGE } from '@daily-tea/shared/domain/selection';
import { answers, userDailySelections } from '../../db/schema';
import { createAnswer, createQuestion, createTopic, scheduleDay } from '../../test/factories';
import { createTestApp, TEST_TODAY, type TestApp } from '../../test/harness';
import {
  json,
  mustAnswer,
  mustSelect,
  player,
  scheduleToday,
  selectTopic,
  type Today,
} from './play.test-kit';

let t: TestApp;
let today: Today;
beforeEach(async () => {
  t = await createTestApp();
  today = await scheduleToday(t);
});
afterEach(() => t.close());

const daily = async (cookie: string) => {
  const res = await t.request('/api/daily-topics', { cookie });
  expect(res.status).toBe(200);
  return DailyTopicsResponseSchema.parse(await res.json());
};

describe('GET /api/daily-topics', () => {
  it('needs a session', async () => {
    const res = await t.request('/api/daily-topics');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Not authenticated' });
  });

  it("lists today's topics in schedule order with their questions and nothing selected", async () => {
    const { cookie } = await player(t);
    const body = await daily(cookie);
    expect(body.date).toBe(TEST_TODAY);
    expect(body.topics.map((x) => x.id)).toEqual(today.topics.map((x) => x.id));
    const first = body.topics[0]!;
    expect(first.questions.map((q) => q.id)).toEqual(today.questions.get(first.id)!.map((q) => q.id));
    expect(first.questions[1]).toMatchObject({
      type: 'numeric',
      numericUnit: 'kg',
      minValue: 0,
      maxValue: 100,
      userAnswer: null,
    });
    expect(first.questions[0]).toMatchObject({ type: 'multiple_choice', options: ['Yes', 'No', 'Maybe'] });
    for (const topic of body.topics) {
      expect(topic).toMatchObject({
        isSelected: false,
        isLocked: false,
        showResults: false,
        canAnswer: false,
      });
    }
    expect(body.userSelection).toEqual({ selectedCount: 0, hasMaxSelections: false, selectedTopicIds: [] });
  });

  it('reflects selection, locking, answers and results per topic', async () => {
    const { cookie } = await player(t);
    const [a, b, c] = today.topics;
    for (const topic of [a!, b!, c!]) await mustSelect(t, cookie, topic.id);
    const [mc, numeric] = today.questions.get(a!.id)!;
    await mustAnswer(t, cookie, { questionId: mc!.id, selectedOptionId: 'opt-2' });
    await mustAnswer(t, cookie, {
      questionId: today.questions.get(b!.id)![0]!.id,
      selectedOptionId: 'opt-1',
    });

    let body = await daily(cookie);
    expect(body.userSelection).toEqual({
      selectedCount: 3,
      hasMaxSelections: true,
      selectedTopicIds: [a!.id, b!.id, c!.id],
    });
    const byId = new Map(body.topics.map((x) => [x.id, x]));
    expect(byId.get(a!.id)).toMatchObject({
      isSelected: true,
      isLocked: false,
      canAnswer: true,
      showResults: false,
    });
    expect(byId.get(a!.id)!.questions[0]!.userAnswer).toEqual({
      selectedOptionId: 'opt-2',
      numericValue: null,
    });
    expect(byId.get(b!.id)).toMatchObject({ isSelected: true, canAnswer: false, showResults: true });
    expect(byId.get(c!.id)).toMatchObject({ isSelected: true, canAnswer: true, showResults: false });
    expect(byId.get(today.topics[3]!.id)).toMatchObject({
      isSelected: false,
      isLocked: true,
      canAnswer: false,
    });

    await mustAnswer(t, cookie, { questionId: numeric!.id, numericValue: 42.5 });
    body = await daily(cookie);
    const topicA = body.topics.find((x) => x.id === a!.id)!;
    expect(topicA).toMatchObject({ canAnswer: false, showResults: true });
    expect(topicA.questions[1]!.userAnswer).toEqual({ selectedOptionId: null, numericValue: 42.5 });
  });

  it('shows selections and answers written straight into the database on the next request (the day a process keeps)', async () => {
    const { cookie, user } = await player(t);
    const [a, b] = today.topics;
    await mustSelect(t, cookie, a!.id);
    expect((await daily(cookie)).userSelection.selectedTopicIds).toEqual([a!.id]);
    expect((await daily(cookie)).userSelection.selectedTopicIds).toEqual([a!.id]);

    // Another process or a script writes the selection and an answer.
    await t.db
      .update(userDailySelections)
      .set({ selectedTopicIds: [a!.id, b!.id], version: 5 })
      .where(eq(userDailySelections.userId, user.id));
    expect((await daily(cookie)).userSelection.selectedTopicIds).toEqual([a!.id, b!.id]);
    const question = today.questions.get(b!.id)![0]!;
    const answer = await createAnswer(t.db, {
      userId: user.id,
      questionId: question.id,
      selectedOptionId: 'opt-3',
    });
    const withAnswer = await daily(cookie);
    expect(withAnswer.topics.find((x) => x.id === b!.id)!.questions[0]!.userAnswer).toEqual({
      selectedOptionId: 'opt-3',
      numericValue: null,
    });

    await t.db.update(answers).set({ selectedOptionId: 'opt-1' }).where(eq(answers.id, answer.id));
    expect((await daily(cookie)).topics.find((x) => x.id === b!.id)!.questions[0]!.userAnswer).toEqual({
      selectedOptionId: 'opt-1',
      numericValue: null,
    });

    await t.db.delete(answers).where(eq(answers.id, answer.id));
    await t.db.delete(userDailySelections).where(eq(userDailySelections.userId, user.id));
    const cleared = await daily(cookie);
    expect(cleared.userSelection.selectedTopicIds).toEqual([]);
    expect(cleared.topics.find((x) => x.id === b!.id)!.questions[0]!.userAnswer).toBeNull();
  });

  it("shows only today's questions and keeps other players' answers out", async () => {
    const topic = today.topics[1]!;
    const other = await createQuestion(t.db, { topicId: topic.id, date: '2026-05-21' });
    const alice = await player(t);
    await mustSelect(t, alice.cookie, topic.id);
    await mustAnswer(t, alice.cookie, {
      questionId: today.questions.get(topic.id)![0]!.id,
      selectedOptionId: 'opt-1',
    });
    const bob = await player(t);
    const body = await daily(bob.cookie);
    const shown = body.topics.find((x) => x.id === topic.id)!;
    expect(shown.questions.map((q) => q.id)).not.toContain(other.id);
    expect(shown.questions.every((q) => q.userAnswer === null)).toBe(true);
    expect(shown.isSelected).toBe(false);
  });

  it('hides a topic deactivated after scheduling unless the player already picked it', async () => {
    const inactive = await createTopic(t.db, { isActive: false });
    await createQuestion(t.db, { topicId: inactive.id });
    await scheduleDay(t.db, TEST_TODAY, [...today.topics.map((x) => x.id), inactive.id]);
    const { cookie } = await player(t);
    const body = await daily(cookie);
    expect(body.topics.map((x) => x.id)).not.toContain(inactive.id);
    const res = await selectTopic(t, cookie, inactive.id);
    expect(res.status).toBe(400);

    const picked = today.topics[0]!;
    await mustSelect(t, cookie, picked.id);
    const token = await t.adminToken();
    const put = await t.request(`/api/admin/topics/${picked.id}`, {
      method: 'PUT',
      token,
      json: {
        title: picked.title,
        description: picked.description,
        category: picked.category,
        isActive: false,
      },
    });
    expect(put.status).toBe(200);
    expect((await daily(cookie)).topics.map((x) => x.id)).toContain(picked.id);
    const newcomer = await player(t);
    expect((await daily(newcomer.cookie)).topics.map((x) => x.id)).not.toContain(picked.id);
  });

  it('follows the game day: before the start hour it is still yesterday', async () => {
    const local = await createTestApp({
      now: () => new Date('2026-05-21T06:30:00Z'), // 08:30 in Johannesburg: the 21st's topics drop at 09:00
      config: { timeZone: 'Africa/Johannesburg', dayStartHour: 9 },
    });
    try {
      const y = await scheduleToday(local, 2, '2026-05-20');
      await scheduleToday(local, 3, '2026-05-21');
      const { cookie } = await player(local);
      const res = await local.request('/api/daily-topics', { cookie });
      const body = DailyTopicsResponseSchema.parse(await res.json());
      expect(body.date).toBe('2026-05-20');
      expect(body.topics.map((x) => x.id)).toEqual(y.topics.map((x) => x.id));
    } finally {
      local.close();
    }
  });

  it("sends valid JSON in the contract's member order, whatever characters the catalogue holds", async () => {
    const topic = await createTopic(t.db, {
      title: 'Quotes "and" \\ back\nslash — ünïcödé 🍵',
      description: null,
    });
    const question = await createQuestion(t.db, {
      topicId: topic.id,
      text: '</script> "Tea"\tor\u2028coffee?',
      options: [{ id: 'opt-1', text: 'Rooibos "red"', icon: '🍵' }, 'Plain'],
    });
    await scheduleDay(t.db, TEST_TODAY, [topic.id]);
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topic.id);
    await mustAnswer(t, cookie, { questionId: question.id, selectedOptionId: 'opt-1' });
    const res = await t.request('/api/daily-topics', { cookie });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = JSON.parse(await res.text()) as {
      topics: Record<string, unknown>[];
      userSelection: unknown;
    };
    expect(Object.keys(body)).toEqual(Object.keys(DailyTopicsResponseSchema.shape));
    const [only] = body.topics;
    expect(Object.keys(only!)).toEqual(Object.keys(DailyTopicSchema.shape));
    expect(only).toMatchObject({
      title: topic.title,
      description: null,
      isSelected: true,
      showResults: true,
      canAnswer: false,
    });
    const [q] = only!.questions as Record<string, unknown>[];
    expect(Object.keys(q!)).toEqual(Object.keys(DailyQuestionSchema.shape));
    expect(q).toMatchObject({
      text: question.text,
      options: [{ id: 'opt-1', text: 'Rooibos "red"', icon: '🍵' }, 'Plain'],
      userAnswer: { selectedOptionId: 'opt-1', numericValue: null },
    });
    expect(DailyTopicsResponseSchema.parse(body).topics).toHaveLength(1);
  });

  it('answers an empty day with no topics', async () => {
    const local = await createTestApp({ now: () => new Date('2027-01-01T12:00:00Z') });
    try {
      const { cookie } = await player(local);
      const body = DailyTopicsResponseSchema.parse(
        await (await local.request('/api/daily-topics', { cookie })).json(),
      );
      expect(body).toEqual({
        date: '2027-01-01',
        topics: [],
        userSelection: { selectedCount: 0, hasMaxSelections: false, selectedTopicIds: [] },
      });
    } finally {
      local.close();
    }
  });
});

describe('POST /api/select-topic', () => {
  it('needs a session', async () => {
    const res = await t.request('/api/select-topic', {
      method: 'POST',
      json: { topicId: today.topics[0]!.id },
    });
    expect(res.status).toBe(401);
  });

  it('selects up to three topics and refuses a fourth with 409', async () => {
    const { cookie } = await player(t);
    const ids = today.topics.map((x) => x.id);
    const r1 = SelectTopicResultSchema.parse(await json(await selectTopic(t, cookie, ids[0]!)));
    expect(r1).toEqual({ selectedTopicIds: [ids[0]], selectedCount: 1, hasMaxSelections: false });
    await mustSelect(t, cookie, ids[1]!);
    const r3 = await json(await selectTopic(t, cookie, ids[2]!));
    expect(r3).toEqual({ selectedTopicIds: ids.slice(0, 3), selectedCount: 3, hasMaxSelections: true });
    const r4 = await selectTopic(t, cookie, ids[3]!);
    expect(r4.status).toBe(409);
    expect(await r4.json()).toMatchObject({ message: MAX_TOPICS_MESSAGE });
  });

  it('toggles a selected topic off while none of its questions is answered, and refuses once one is', async () => {
    const { cookie } = await player(t);
    const [a, b] = today.topics;
    await mustSelect(t, cookie, a!.id);
    await mustSelect(t, cookie, b!.id);
    const off = await json(await selectTopic(t, cookie, b!.id));
    expect(off).toEqual({ selectedTopicIds: [a!.id], selectedCount: 1, hasMaxSelections: false });

    await mustAnswer(t, cookie, {
      questionId: today.questions.get(a!.id)![0]!.id,
      selectedOptionId: 'opt-1',
    });
    const refused = await selectTopic(t, cookie, a!.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: UNSELECT_ANSWERED_MESSAGE });
  });

  it('frees a slot after unselecting, so another topic can be picked', async () => {
    const { cookie } = await player(t);
    const ids = today.topics.map((x) => x.id);
    for (const id of ids.slice(0, 3)) await mustSelect(t, cookie, id);
    await mustSelect(t, cookie, ids[1]!); // toggle off
    const res = await json(await selectTopic(t, cookie, ids[4]!));
    expect(res.selectedTopicIds).toEqual([ids[0], ids[2], ids[4]]);
  });

  it("404s for a topic that is not in today's schedule", async () => {
    const { cookie } = await player(t);
    const elsewhere = await createTopic(t.db);
    for (const topicId of [elsewhere.id, 'no-such-topic']) {
      const res = await selectTopic(t, cookie, topicId);
      expect(res.status).toBe(404);
      expect((await json(res)).message).toMatch(/not found/i);
    }
  });

  it('400s on bad input', async () => {
    const { cookie } = await player(t);
    for (const body of [{}, { topicId: '' }, { topicId: 42 }, { topicId: 'x'.repeat(65) }]) {
      const res = await t.request('/api/select-topic', { method: 'POST', cookie, json: body });
      expect(res.status).toBe(400);
      expect(typeof (await json(res)).message).toBe('string');
    }
    const malformed = await t.request('/api/select-topic', {
      method: 'POST',
      cookie,
      body: '{"topicId":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
  });

  it('keeps selections per player', async () => {
    const alice = await player(t);
    const bob = await player(t);
    for (const x of today.topics.slice(0, 3)) await mustSelect(t, alice.cookie, x.id);
    const res = await json(await selectTopic(t, bob.cookie, today.topics[4]!.id));
    expect(res).toEqual({
      selectedTopicIds: [today.topics[4]!.id],
      selectedCount: 1,
      hasMaxSelections: false,
    });
  });

  it('never ends with more than three selected under parallel requests', async () => {
    const { cookie } = await player(t);
    const ids = today.topics.map((x) => x.id);
    const responses = await Promise.all(ids.map((id) => selectTopic(t, cookie, id)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409]);
    const body = await daily(cookie);
    expect(body.userSelection.selectedCount).toBe(3);
    expect(new Set(body.userSelection.selectedTopicIds).size).toBe(3);

    // A storm of toggles from two tabs: every answer and the final state stay within the cap.
    const storm = await Promise.all(
      Array.from({ length: 30 }, (_, i) => selectTopic(t, cookie, ids[i % ids.length]!)),
    );
    for (const res of storm) {
      expect([200, 409]).toContain(res.status);
      if (res.status === 200) expect((await json(res)).selectedCount).toBeLessThanOrEqual(3);
    }
    const after = await daily(cookie);
    expect(after.userSelection.selectedCount).toBeLessThanOrEqual(3);
    expect(new Set(after.userSelection.selectedTopicIds).size).toBe(after.userSelection.selectedCount);
  });
});
