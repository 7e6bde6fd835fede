import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_EFFECTIVE_SAMPLE } from '@daily-tea/shared/domain/weighting-targets';
import { QuestionResultsSchema } from '@daily-tea/shared/contracts/daily';
import { createAnswer, createQuestion, createUser } from '../../test/factories';
import { createTestApp, TEST_NOW, type TestApp } from '../../test/harness';
import { json, mustAnswer, mustSelect, player, scheduleToday, type Today } from './play.test-kit';

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
const results = (id: string, init: { cookie?: string; token?: string } = {}) =>
  t.request(`/api/questions/${id}/results`, init);

describe('GET /api/questions/:id/results — access', () => {
  it('401 without a session or token, 404 for an unknown id, 403 before answering', async () => {
    expect((await results(mcA().id)).status).toBe(401);
    const { cookie } = await player(t);
    const unknown = await results('missing', { cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: 'Question not found' });
    const early = await results(mcA().id, { cookie });
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ message: 'Answer this question to see its results' });
  });

  it('opens after answering, with the player’s own answer', async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topicA().id);
    await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: 'opt-2' });
    const res = await results(mcA().id, { cookie });
    expect(res.status).toBe(200);
    const body = QuestionResultsSchema.parse(await res.json());
    expect(body).toEqual({
      questionId: mcA().id,
      type: 'multiple_choice',
      totalAnswers: 1,
      optionCounts: { 'opt-1': 0, 'opt-2': 1, 'opt-3': 0 },
      demographicBreakdown: {
        female: { 'opt-2': 1 },
        'age_25-34': { 'opt-2': 1 },
        race_black: { 'opt-2': 1 },
      },
      numericStats: null,
      userAnswer: { selectedOptionId: 'opt-2', numericValue: null },
      crowdVerdict: {
        revealedAt: TEST_NOW.toISOString(),
        mostPickedOptionIds: ['opt-2'],
        guessOptionId: null,
        guessRight: null,
        sidedWithMajority: true,
        ownSharePercent: 100,
      },
      numericVerdict: null,
      trend: null,
      places: {
        byCountry: { total: 1, available: false, groups: [] },
        city: { city: 'Durban', country: 'South Africa', total: 1, available: false, group: null },
      },
      friends: [],
      // One South African in the scheme (female, 25–34, Black): n_eff 1, below the threshold.
      weighted: null,
      weightedWithheld: {
        reason: 'too_few',
        effectiveSampleSize: 1,
        minEffectiveSample: MIN_EFFECTIVE_SAMPLE,
        respondents: 1,
        excluded: 0,
      },
    });
    // Answering one question does not open another.
    expect((await results(numericA().id, { cookie })).status).toBe(403);
  });

  it('lets a valid admin token read any question; marketing or forged tokens do not', async () => {
    const admin = await results(mcA().id, { token: await t.adminToken() });
    expect(admin.status).toBe(200);
    expect(await admin.json()).toMatchObject({ totalAnswers: 0, userAnswer: null });
    expect((await results(mcA().id, { token: await t.adminToken('marketing') })).status).toBe(401);
    expect((await results(mcA().id, { token: 'forged.token' })).status).toBe(401);
    const { cookie } = await player(t);
    expect((await results(mcA().id, { cookie, token: 'forged.token' })).status).toBe(403);
    expect((await results('missing', { token: await t.adminToken() })).status).toBe(404);
  });
});

describe('GET /api/questions/:id/results — figures', () => {
  it('counts options and demographic keys as product.md#data names them', async () => {
    const profiles = [
      { gender: 'male', ageBracket: '18-24', raceBracket: 'black' },
      { gender: 'non_binary', ageBracket: '45+', raceBracket: 'coloured' },
      { gender: 'transgender', ageBracket: 'prefer_not_to_say', raceBracket: 'mixed_race' },
      { gender: 'prefer_not_to_say', ageBracket: '35-44', raceBracket: 'prefer_not_to_say' },
    ] as const;
    const picks = ['opt-1', 'opt-3', 'opt-3', 'opt-1'];
    let last = '';
    for (const [i, profile] of profiles.entries()) {
      const { cookie } = await player(t, profile);
      await mustSelect(t, cookie, topicA().id);
      await mustAnswer(t, cookie, { questionId: mcA().id, selectedOptionId: picks[i]! });
      last = cookie;
    }
    const body = QuestionResultsSchema.parse(await json(await results(mcA().id, { cookie: last })));
    expect(body.totalAnswers).toBe(4);
    expect(body.optionCounts).toEqual({ 'opt-1': 2, 'opt-2': 0, 'opt-3': 2 });
    expect(body.demographicBreakdown).toEqual({
      male: { 'opt-1': 1 },
      other: { 'opt-3': 2 },
      'age_18-24': { 'opt-1': 1 },
      'age_45+': { 'opt-3': 1 },
      age_prefer_not_to_say: { 'opt-3': 1 },
      'age_35-44': { 'opt-1': 1 },
      race_black: { 'opt-1': 1 },
      race_coloured: { 'opt-3': 1 },
      race_mixed_race: { 'opt-3': 1 },
      race_prefer_not_to_say: { 'opt-1': 1 },
    });
    expect(body.userAnswer).toEqual({ selectedOptionId: 'opt-1', numericValue: null });
  });

  it('gives numeric count, average, min and max', async () => {
    let cookie = '';
    for (const value of [10, 0, 35.5, 100]) {
      ({ cookie } = await player(t));
      await mustSelect(t, cookie, topicA().id);
      await mustAnswer(t, cookie, { questionId: numericA().id, numericValue: value });
    }
    const body = QuestionResultsSchema.parse(await json(await results(numericA().id, { cookie })));
    expect(body.type).toBe('numeric');
    expect(body.totalAnswers).toBe(4);
    expect(body.optionCounts).toEqual({});
    expect(body.numericStats).toEqual({ average: 36.375, min: 0, max: 100, count: 4 });
    expect(body.demographicBreakdown.female).toEqual({ '#': 4 });
    expect(body.userAnswer).toEqual({ selectedOptionId: null, numericValue: 100 });
  });

  it('aggregates the whole link group: an imported question shares the results of its source', async () => {
    const source = await createQuestion(t.db, {
      topicId: topicA().id,
      date: '2026-05-01',
      text: 'Tea or coffee?',
    });
    for (const [gender, opt] of [
      ['male', 'opt-2'],
      ['female', 'opt-2'],
      ['female', 'opt-3'],
    ] as const) {
      const u = await createUser(t.db, { gender, ageBracket: '25-34', raceBracket: 'white' });
      await createAnswer(t.db, { userId: u.id, questionId: source.id, selectedOptionId: opt });
    }
    const imported = await createQuestion(t.db, {
      topicId: today.topics[1]!.id,
      text: 'Tea or coffee?',
      linkedQuestionId: source.id,
    });
    const { cookie, user } = await player(t, { gender: 'male' });
    await mustSelect(t, cookie, today.topics[1]!.id);
    await mustAnswer(t, cookie, { questionId: imported.id, selectedOptionId: 'opt-1' });

    // The player has not answered the source's game day: its answers are left out (ADR 0230).
    const ownDay = QuestionResultsSchema.parse(await json(await results(imported.id, { cookie })));
    expect(ownDay.totalAnswers).toBe(1);
    expect(ownDay.optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 0, 'opt-3': 0 });

    // With the source answered too, the whole group shows.
    await createAnswer(t.db, { userId: user.id, questionId: source.id, selectedOptionId: 'opt-1' });
    const mine = QuestionResultsSchema.parse(await json(await results(imported.id, { cookie })));
    expect(mine.totalAnswers).toBe(5);
    expect(mine.optionCounts).toEqual({ 'opt-1': 2, 'opt-2': 2, 'opt-3': 1 });
    expect(mine.demographicBreakdown.male).toEqual({ 'opt-1': 2, 'opt-2': 1 });
    expect(mine.demographicBreakdown.female).toEqual({ 'opt-2': 1, 'opt-3': 1 });

    const fromSource = await json(await results(source.id, { token: await t.adminToken() }));
    expect(fromSource.optionCounts).toEqual(mine.optionCounts);
    // A question that is not linked keeps its own figures.
    expect((await json(await results(mcA().id, { token: await t.adminToken() }))).totalAnswers).toBe(0);
  });

  it('never serves figures older than the last answer or deletion (the results cache follows every change)', async () => {
    const a = await player(t, { gender: 'male' });
    const b = await player(t, { gender: 'female' });
    for (const p of [a, b]) await mustSelect(t, p.cookie, topicA().id);
    const read = async (id: string) =>
      QuestionResultsSchema.parse(await json(await results(id, { cookie: a.cookie })));

    await mustAnswer(t, a.cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    expect((await read(mcA().id)).optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 0, 'opt-3': 0 });
    expect((await read(mcA().id)).totalAnswers).toBe(1);
    const second = await mustAnswer(t, b.cookie, { questionId: mcA().id, selectedOptionId: 'opt-2' });
    const both = await read(mcA().id);
    expect(both.optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 1, 'opt-3': 0 });
    expect(both.demographicBreakdown.female).toEqual({ 'opt-2': 1 });
    expect(both.userAnswer).toEqual({ selectedOptionId: 'opt-1', numericValue: null });

    await mustAnswer(t, a.cookie, { questionId: numericA().id, numericValue: 10 });
    expect((await read(numericA().id)).numericStats).toEqual({ average: 10, min: 10, max: 10, count: 1 });
    await mustAnswer(t, b.cookie, { questionId: numericA().id, numericValue: 90 });
    expect((await read(numericA().id)).numericStats).toEqual({ average: 50, min: 10, max: 90, count: 2 });

    const removed = await t.request(`/api/admin/answers/${second.answer.id}`, {
      method: 'DELETE',
      token: await t.adminToken(),
    });
    expect(removed.status).toBe(200);
    const after = await read(mcA().id);
    expect(after.totalAnswers).toBe(1);
    expect(after.optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 0, 'opt-3': 0 });
    expect(after.demographicBreakdown.female).toBeUndefined();
  });
});
