import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SubmitAnswerResultSchema } from '@daily-tea/shared/contracts/daily';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { createQuestion, createUser } from '../../test/factories';
import { createTestApp, sessionCookieOf, TEST_NOW, TEST_TODAY, type TestApp } from '../../test/harness';
import {
  json,
  mustAnswer,
  mustSelect,
  player,
  postAnswer,
  scheduleToday,
  setProfile,
  type Today,
} from './play.test-kit';

let t: TestApp;
let today: Today;
beforeEach(async () => {
  t = await createTestApp();
  today = await scheduleToday(t);
});
afterEach(() => t.close());

const topicA = () => today.topics[0]!;
const mcA = () => today.questions.get(topicA().id)![0]!;
const numericA = () => today.questions.get(topicA().id)![1]!;
const onlyQuestionOf = (i: number) => today.questions.get(today.topics[i]!.id)![0]!;

/** A stored player with preset streak/total fields, signed in through the real login. */
async function presetPlayer(fields: Parameters<typeof createUser>[1]) {
  const user = await createUser(t.db, {
    gender: 'male',
    ageBracket: '18-24',
    raceBracket: 'white',
    ...fields,
  });
  const res = await t.request('/api/login', {
    method: 'POST',
    json: { username: user.username, password: 'password123' },
  });
  expect(res.status).toBe(200);
  return { user, cookie: sessionCookieOf(res) };
}

async function adminResults(questionId: string) {
  const res = await t.request(`/api/questions/${questionId}/results`, { token: await t.adminToken() });
  expect(res.status).toBe(200);
  return json(res);
}

describe('POST /api/answers — rules and errors', () => {
  it('needs a session', async () => {
    const res = await t.request('/api/answers', {
      method: 'POST',
      json: { questionId: mcA().id, selectedOptionId: 'opt-1' },
    });
    expect(res.status).toBe(401);
  });

  it('404s for an unknown question', async () => {
    const { cookie } = await player(t);
    const res = await postAnswer(t, cookie, { questionId: 'nope', selectedOptionId: 'opt-1' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Question not found' });
  });

  it('403s before the topic is selected', async () => {
    const { cookie } = await player(t);
    const res = await postAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe('Select this topic before answering its questions');
  });

  it("400s for a question that is not on today's schedule", async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    const tomorrow = await createQuestion(t.db, { topicId: topicA().id, date: '2026-05-21' });
    const res = await postAnswer(t, cookie, { questionId: tomorrow.id, selectedOptionId: 'opt-1' });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe("This question is not part of today's topics");
  });

  it('validates the option: opt-N within range, or the option’s own id', async () => {
    const topic = today.topics[1]!;
    const withIds = await createQuestion(t.db, {
      topicId: topic.id,
      options: [
        { id: 'tea', text: 'Tea' },
        { id: 'coffee', text: 'Coffee' },
      ],
    });
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topic.id);
    for (const bad of ['opt-0', 'opt-3', 'opt-1x', 'tea-ish', 'Tea']) {
      const res = await postAnswer(t, cookie, { questionId: withIds.id, selectedOptionId: bad });
      expect(res.status, bad).toBe(400);
      expect((await json(res)).message).toBe('That option does not belong to this question');
    }
    const ok = await mustAnswer(t, cookie, { questionId: withIds.id, selectedOptionId: 'coffee' });
    expect(ok.answer).toMatchObject({ selectedOptionId: 'opt-2', numericValue: null });
    const res = await postAnswer(t, cookie, { questionId: onlyQuestionOf(1).id, selectedOptionId: 'opt-4' });
    expect(res.status).toBe(400);
  });

  it('checks numeric answers against the range with the spec messages', async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    const low = await postAnswer(t, cookie, { questionId: numericA().id, numericValue: -1 });
    expect(low.status).toBe(400);
    expect(await low.json()).toMatchObject({ message: 'Please enter a value of at least 0 kg' });
    const high = await postAnswer(t, cookie, { questionId: numericA().id, numericValue: 100.5 });
    expect(high.status).toBe(400);
    expect(await high.json()).toMatchObject({ message: 'Please enter a value of at most 100 kg' });
    const edge = await mustAnswer(t, cookie, { questionId: numericA().id, numericValue: 100 });
    expect(edge.answer).toMatchObject({ numericValue: 100, selectedOptionId: null });
  });

  it('400s when the kind of answer does not fit the question, or the body is malformed', async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    const numberForChoice = await postAnswer(t, cookie, { questionId: mcA().id, numericValue: 3 });
    expect(numberForChoice.status).toBe(400);
    expect((await json(numberForChoice)).message).toBe('Please choose one of the options');
    const choiceForNumber = await postAnswer(t, cookie, {
      questionId: numericA().id,
      selectedOptionId: 'opt-1',
    });
    expect(choiceForNumber.status).toBe(400);
    expect((await json(choiceForNumber)).message).toBe('Please enter a valid number');
    for (const body of [
      {},
      { questionId: mcA().id },
      { questionId: mcA().id, selectedOptionId: 'opt-1', numericValue: 2 },
      { questionId: numericA().id, numericValue: '12' },
      { questionId: 7, selectedOptionId: 'opt-1' },
    ]) {
      const res = await postAnswer(t, cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const broken = await t.request('/api/answers', {
      method: 'POST',
      cookie,
      body: '{"questionId": "x",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('refuses a second answer with 409 Already answered and keeps the first', async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    const again = await postAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-2' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'Already answered', code: 'already_answered' });
    const results = await adminResults(mcA().id);
    expect(results.optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 0, 'opt-3': 0 });
  });
});

describe('POST /api/answers — what an answer earns', () => {
  it('answers with the stored answer, the streak and the first badge', async () => {
    const { cookie, user } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    const res = await postAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-3' });
    expect(res.status).toBe(201);
    const body = SubmitAnswerResultSchema.parse(await res.json());
    expect(body.answer).toMatchObject({
      userId: user.id,
      questionId: mcA().id,
      selectedOptionId: 'opt-3',
      numericValue: null,
      answeredAt: TEST_NOW.toISOString(),
    });
    expect(body.streak).toEqual({ current: 1, longest: 1, freezes: 0, freezesSpent: 0 });
    expect(body.newBadges.map((b) => b.type)).toEqual(['first_answer']);

    const second = await mustAnswer(t, cookie, { questionId: numericA().id, numericValue: 5 });
    expect(second.streak).toEqual({ current: 1, longest: 1, freezes: 0, freezesSpent: 0 });
    expect(second.newBadges).toEqual([]);

    const me = await json(await t.request('/api/user', { cookie }));
    expect(me).toMatchObject({ currentStreak: 1, longestStreak: 1, lastActivityDate: TEST_TODAY });
  });

  it('continues a streak from yesterday and awards streak_3', async () => {
    const { cookie } = await presetPlayer({
      currentStreak: 2,
      longestStreak: 5,
      lastActivityDate: '2026-05-19',
      totalAnswers: 7,
    });
    await mustSelect(t, cookie, topicA().id);
    const body = await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    expect(body.streak).toEqual({ current: 3, longest: 5, freezes: 0, freezesSpent: 0 });
    expect(body.newBadges.map((b) => b.type)).toEqual(['first_answer', 'streak_3']);
  });

  it('restarts a broken streak at 1 and keeps the longest', async () => {
    const { cookie } = await presetPlayer({
      currentStreak: 9,
      longestStreak: 9,
      lastActivityDate: '2026-05-17',
      totalAnswers: 30,
    });
    await mustSelect(t, cookie, topicA().id);
    const body = await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    expect(body.streak).toEqual({ current: 1, longest: 9, freezes: 0, freezesSpent: 0 });
  });

  it('awards answers_50 on the fiftieth answer', async () => {
    const { cookie } = await presetPlayer({
      currentStreak: 1,
      longestStreak: 1,
      lastActivityDate: '2026-05-10',
      totalAnswers: 49,
    });
    await mustSelect(t, cookie, topicA().id);
    const body = await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    expect(body.newBadges.map((b) => b.type)).toContain('answers_50');
  });

  it('awards full_house when the third topic of the day is completed, once', async () => {
    const { cookie } = await player(t);
    for (const i of [0, 1, 2]) await mustSelect(t, cookie, today.topics[i]!.id);
    await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    await mustAnswer(t, cookie, { questionId: onlyQuestionOf(1).id, selectedOptionId: 'opt-1' });
    const beforeLast = await mustAnswer(t, cookie, {
      questionId: onlyQuestionOf(2).id,
      selectedOptionId: 'opt-1',
    });
    expect(beforeLast.newBadges.map((b) => b.type)).not.toContain('full_house');
    const last = await mustAnswer(t, cookie, { questionId: numericA().id, numericValue: 50 });
    expect(last.newBadges.map((b) => b.type)).toEqual(['full_house']);

    const badges = await json(await t.request('/api/user/badges', { cookie }));
    expect(badges.map((b: { type: string }) => b.type).sort()).toEqual(['first_answer', 'full_house']);
    for (const b of badges)
      expect(b).toEqual({
        id: expect.any(String),
        type: expect.any(String),
        earnedAt: TEST_NOW.toISOString(),
      });
  });

  it('counts each answer once in the counters and the player total', async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-2' });
    await mustAnswer(t, cookie, { questionId: numericA().id, numericValue: 12 });
    expect(await countersEqualRecount(t.db)).toBe(true);
  });
});

describe('POST /api/answers — concurrency and snapshots', () => {
  it('stores exactly one of 20 parallel answers to the same question', async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: `opt-${(i % 3) + 1}` }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((x) => x.status === 409))
      expect(await r.json()).toMatchObject({ message: 'Already answered' });
    const results = await adminResults(mcA().id);
    expect(results.totalAnswers).toBe(1);
    expect(await countersEqualRecount(t.db)).toBe(true);
    const badges = await json(await t.request('/api/user/badges', { cookie }));
    expect(badges).toHaveLength(1);
  });

  it('keeps the demographic snapshot of answer time when the profile changes later', async () => {
    const { cookie } = await player(t, { gender: 'female', ageBracket: '25-34', raceBracket: 'indian' });
    await mustSelect(t, cookie, topicA().id);
    await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    await setProfile(t, cookie, { gender: 'male', ageBracket: '45+', raceBracket: 'white' });
    const results = await adminResults(mcA().id);
    expect(results.demographicBreakdown).toEqual({
      female: { 'opt-1': 1 },
      'age_25-34': { 'opt-1': 1 },
      race_indian: { 'opt-1': 1 },
    });
    // The new profile applies from the next answer on.
    await mustAnswer(t, cookie, { questionId: numericA().id, numericValue: 10 });
    const numeric = await adminResults(numericA().id);
    expect(Object.keys(numeric.demographicBreakdown).sort()).toEqual(['age_45+', 'male', 'race_white']);
  });
});

describe('GET /api/user/badges', () => {
  it('needs a session and lists only the caller’s badges', async () => {
    expect((await t.request('/api/user/badges')).status).toBe(401);
    const alice = await player(t);
    const bob = await player(t);
    await mustSelect(t, alice.cookie, topicA().id);
    await mustAnswer(t, alice.cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    expect(
      (await json(await t.request('/api/user/badges', { cookie: alice.cookie }))).map(
        (b: { type: string }) => b.type,
      ),
    ).toEqual(['first_answer']);
    expect(await json(await t.request('/api/user/badges', { cookie: bob.cookie }))).toEqual([]);
  });
});
