import { GUESS_AFTER_GROUP_RESULTS } from '@daily-tea/shared/domain/link-groups';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { createQuestion, createTopic, scheduleDay, type QuestionRow } from '../../test/factories';
import { createTestApp, type SignedInUser, type TestApp } from '../../test/harness';
import {
  QuestionResultsSchema,
  SubmitAnswerResultSchema,
  type QuestionResults,
} from '@daily-tea/shared/contracts/daily';
import { mustAnswer, mustSelect, player, postAnswer } from './play.test-kit';

/**
 * The link-group rule (product.md#play-rules, ADR 0230), as a player's requests meet it: one link group spread over
 * two game days — a multiple-choice and a numeric question asked on 2026-05-19 and re-asked (linked) on
 * 2026-05-20. A player learns nothing of a game day's answers through another member while that day has a member
 * they have not answered, and cannot guess once they have seen any member's results.
 */

const DAY1 = '2026-05-19';
const DAY2 = '2026-05-20';
let now: Date;
let t: TestApp;
let mc1: QuestionRow, num1: QuestionRow, mc2: QuestionRow, num2: QuestionRow;
let topicId: string;

beforeEach(async () => {
  now = new Date(`${DAY1}T12:00:00Z`);
  t = await createTestApp({ now: () => now });
  topicId = (await createTopic(t.db)).id;
  mc1 = await createQuestion(t.db, { topicId, date: DAY1 });
  num1 = await createQuestion(t.db, {
    topicId,
    date: DAY1,
    type: 'numeric',
    minValue: 0,
    maxValue: 100,
    numericUnit: 'kg',
  });
  mc2 = await createQuestion(t.db, { topicId, date: DAY2, text: mc1.text, linkedQuestionId: mc1.id });
  num2 = await createQuestion(t.db, {
    topicId,
    date: DAY2,
    text: num1.text,
    type: 'numeric',
    minValue: 0,
    maxValue: 100,
    numericUnit: 'kg',
    linkedQuestionId: num1.id,
  });
  await scheduleDay(t.db, DAY1, [topicId]);
  await scheduleDay(t.db, DAY2, [topicId]);
});
afterEach(() => t.close());

const nextDay = () => {
  now = new Date(`${DAY2}T12:00:00Z`);
};

/** Picks the day's topic and answers its questions that are given (the day follows `now`). */
async function play(who: SignedInUser, answers: { mc?: string; num?: number }): Promise<void> {
  const day2 = now.toISOString().startsWith(DAY2);
  await mustSelect(t, who.cookie, topicId);
  if (answers.mc) {
    await mustAnswer(t, who.cookie, { questionId: (day2 ? mc2 : mc1).id, selectedOptionId: answers.mc });
  }
  if (answers.num !== undefined) {
    await mustAnswer(t, who.cookie, { questionId: (day2 ? num2 : num1).id, numericValue: answers.num });
  }
}

async function results(
  questionId: string,
  init: { cookie?: string; token?: string },
): Promise<QuestionResults> {
  const res = await t.request(`/api/questions/${questionId}/results`, init);
  expect(res.status, await res.clone().text()).toBe(200);
  return QuestionResultsSchema.parse(await res.json());
}

function guess(cookie: string, questionId: string, optionId = 'opt-1') {
  return t.request('/api/guesses', { method: 'POST', cookie, json: { questionId, optionId } });
}

const DURBAN = { gender: 'female', country: 'South Africa', city: 'Durban' } as const;
const NAIROBI = { gender: 'male', country: 'Kenya', city: 'Nairobi' } as const;

describe('link-group results across game days', () => {
  it("show an earlier member's figures without today's answers until today's member is answered", async () => {
    const early = await player(t, DURBAN);
    await play(early, { mc: 'opt-1', num: 10 });
    await play(await player(t, NAIROBI), { mc: 'opt-2', num: 20 });
    nextDay();
    await play(await player(t, NAIROBI), { mc: 'opt-3', num: 90 });
    await play(await player(t, DURBAN), { mc: 'opt-3', num: 80 });

    // Today's member is not answered yet: today's answers are left out of every figure.
    const before = await results(mc1.id, { cookie: early.cookie });
    expect(before.totalAnswers).toBe(2);
    expect(before.optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 1, 'opt-3': 0 });
    expect(before.demographicBreakdown.female).toEqual({ 'opt-1': 1 });
    expect(before.demographicBreakdown.male).toEqual({ 'opt-2': 1 });
    expect(before.trend).toBeNull();
    expect(before.places.byCountry.total).toBe(2);
    expect(before.places.city).toMatchObject({ city: 'Durban', total: 1 });
    const numericBefore = await results(num1.id, { cookie: early.cookie });
    expect(numericBefore.numericStats).toEqual({ average: 15, min: 10, max: 20, count: 2 });

    // The operator sees the whole group.
    const token = await t.adminToken();
    expect((await results(mc1.id, { token })).totalAnswers).toBe(4);
    expect((await results(num1.id, { token })).numericStats).toEqual({
      average: 50,
      min: 10,
      max: 90,
      count: 4,
    });

    // Once today's member is answered, the whole group shows.
    await play(early, { mc: 'opt-1', num: 30 });
    const after = await results(mc1.id, { cookie: early.cookie });
    expect(after.totalAnswers).toBe(5);
    expect(after.optionCounts).toEqual({ 'opt-1': 2, 'opt-2': 1, 'opt-3': 2 });
    expect(after.demographicBreakdown.female).toEqual({ 'opt-1': 2, 'opt-3': 1 });
    expect(after.trend?.dates).toEqual([DAY1, DAY2]);
    expect(after.places.city).toMatchObject({ city: 'Durban', total: 3 });
    expect((await results(num2.id, { cookie: early.cookie })).numericStats).toEqual({
      average: 46,
      min: 10,
      max: 90,
      count: 5,
    });
    expect(await countersEqualRecount(t.db)).toBe(true);
  });

  it("leave out an earlier day whose member the player has not answered (today's member shows only today)", async () => {
    await play(await player(t, DURBAN), { mc: 'opt-1', num: 10 });
    nextDay();
    const late = await player(t, NAIROBI);
    await play(late, { mc: 'opt-2', num: 40 });
    const r = await results(mc2.id, { cookie: late.cookie });
    expect(r.totalAnswers).toBe(1);
    expect(r.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 1, 'opt-3': 0 });
    expect(r.demographicBreakdown.male).toEqual({ 'opt-2': 1 });
    expect(r.demographicBreakdown.female).toBeUndefined();
    expect(r.places.byCountry.total).toBe(1);
    expect((await results(num2.id, { cookie: late.cookie })).numericStats).toEqual({
      average: 40,
      min: 40,
      max: 40,
      count: 1,
    });
  });
  it('give every player missing the same days the same figures, each with their own city, and follow new answers', async () => {
    await play(await player(t, DURBAN), { mc: 'opt-1' });
    nextDay();
    const nairobi = await player(t, NAIROBI);
    await play(nairobi, { mc: 'opt-2' });
    const durban = await player(t, DURBAN);
    await play(durban, { mc: 'opt-3' });

    // Both miss the first day: the same figures (computed once where the counters are cached), their own city.
    for (let read = 0; read < 2; read++) {
      const seenInNairobi = await results(mc2.id, { cookie: nairobi.cookie });
      expect(seenInNairobi.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 1, 'opt-3': 1 });
      expect(seenInNairobi.places.city).toMatchObject({ city: 'Nairobi', total: 1 });
      const seenInDurban = await results(mc2.id, { cookie: durban.cookie });
      expect(seenInDurban.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 1, 'opt-3': 1 });
      expect(seenInDurban.places.city).toMatchObject({ city: 'Durban', total: 1 });
    }

    // A new answer today changes the group: the next read has it.
    await play(await player(t, NAIROBI), { mc: 'opt-2' });
    const after = await results(mc2.id, { cookie: nairobi.cookie });
    expect(after.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 2, 'opt-3': 1 });
    expect(after.places.city).toMatchObject({ city: 'Nairobi', total: 2 });
  });

  it('look only at members up to today: a member scheduled later hides nothing, a second member of a day counts', async () => {
    // Linked to the same group: a member already scheduled for the day after DAY2, and a second member on DAY1.
    await createQuestion(t.db, { topicId, date: '2026-05-21', text: mc1.text, linkedQuestionId: mc1.id });
    const second = await createQuestion(t.db, {
      topicId,
      date: DAY1,
      text: 'Again?',
      linkedQuestionId: mc1.id,
    });
    const whole = await player(t, DURBAN);
    await play(whole, { mc: 'opt-1' });
    await mustAnswer(t, whole.cookie, { questionId: second.id, selectedOptionId: 'opt-2' });
    const partial = await player(t, NAIROBI);
    await play(partial, { mc: 'opt-2' });
    nextDay();
    await play(whole, { mc: 'opt-3' });
    await play(partial, { mc: 'opt-3' });

    // Every member up to today answered: the whole group so far, whatever is scheduled after today.
    const seen = await results(mc2.id, { cookie: whole.cookie });
    expect(seen.totalAnswers).toBe(5);
    expect(seen.trend?.dates).toEqual([DAY1, DAY2]);
    // One of DAY1's two members unanswered: DAY1 stays hidden.
    const hidden = await results(mc2.id, { cookie: partial.cookie });
    expect(hidden.totalAnswers).toBe(2);
    expect(hidden.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 0, 'opt-3': 2 });
  });
});

describe('link-group results read again (the hidden days a process keeps per viewer, ADR 0306)', () => {
  it('follow the game day, the viewer’s answers (given and deleted) and the schedule', async () => {
    const viewer = await player(t, DURBAN);
    await play(viewer, { mc: 'opt-1' });
    await play(await player(t, NAIROBI), { mc: 'opt-2' });
    expect((await results(mc1.id, { cookie: viewer.cookie })).totalAnswers).toBe(2);

    // A new game day whose member the viewer has not answered: its answers stay out.
    nextDay();
    await play(await player(t, NAIROBI), { mc: 'opt-3' });
    const newDay = await results(mc1.id, { cookie: viewer.cookie });
    expect(newDay.totalAnswers).toBe(2);
    expect(newDay.trend).toBeNull();

    // The viewer answers it: the whole group.
    await mustSelect(t, viewer.cookie, topicId);
    const today = await mustAnswer(t, viewer.cookie, { questionId: mc2.id, selectedOptionId: 'opt-3' });
    const whole = await results(mc1.id, { cookie: viewer.cookie });
    expect(whole.totalAnswers).toBe(4);
    expect(whole.trend?.dates).toEqual([DAY1, DAY2]);
    expect((await results(mc1.id, { cookie: viewer.cookie })).totalAnswers).toBe(4);
    // Today's own results, read twice (the second time with the answer's stored reveal).
    for (let read = 0; read < 2; read++) {
      const own = await results(mc2.id, { cookie: viewer.cookie });
      expect(own.userAnswer).toEqual({ selectedOptionId: 'opt-3', numericValue: null });
      expect(own.crowdVerdict?.sidedWithMajority).toBe(true);
    }

    // A member added to the group on DAY1, which the viewer has not answered: DAY1 is hidden now.
    const added = await createQuestion(t.db, {
      topicId,
      date: DAY1,
      text: 'Again?',
      linkedQuestionId: mc1.id,
    });
    const scheduled = await results(mc1.id, { cookie: viewer.cookie });
    expect(scheduled.totalAnswers).toBe(2);
    expect(scheduled.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 0, 'opt-3': 2 });

    // Answered late (the archive): DAY1 shows again.
    await mustAnswer(t, viewer.cookie, { questionId: added.id, selectedOptionId: 'opt-2' });
    expect((await results(mc1.id, { cookie: viewer.cookie })).totalAnswers).toBe(5);

    // An operator deletes the viewer's answer of today: today is hidden again.
    const token = await t.adminToken();
    const removed = await t.request(`/api/admin/answers/${today.answer.id}`, { method: 'DELETE', token });
    expect(removed.status, await removed.clone().text()).toBe(200);
    const afterRemoval = await results(mc1.id, { cookie: viewer.cookie });
    expect(afterRemoval.totalAnswers).toBe(3);
    expect(afterRemoval.optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 2, 'opt-3': 0 });
    expect(afterRemoval.trend).toBeNull();
    // …and today's results are the viewer's no more until they answer again, with another option.
    const refused = await t.request(`/api/questions/${mc2.id}/results`, { cookie: viewer.cookie });
    expect(refused.status).toBe(403);
    await mustAnswer(t, viewer.cookie, { questionId: mc2.id, selectedOptionId: 'opt-1' });
    const again = await results(mc2.id, { cookie: viewer.cookie });
    expect(again.userAnswer).toEqual({ selectedOptionId: 'opt-1', numericValue: null });
    expect(again.crowdVerdict?.sidedWithMajority).toBe(true); // opt-1 and opt-2 now tie
  });
});

describe('guesses in a link group', () => {
  it("refuse a guess on today's member after reading the results through the earlier member", async () => {
    const p = await player(t, DURBAN);
    await play(p, { mc: 'opt-1' });
    nextDay();
    await play(p, { mc: 'opt-2' });
    await results(mc1.id, { cookie: p.cookie });
    const res = await guess(p.cookie, mc2.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: GUESS_AFTER_GROUP_RESULTS });
  });

  it('refuse a guess once an earlier day’s results of the group were seen', async () => {
    const p = await player(t, DURBAN);
    await play(p, { mc: 'opt-1' });
    await results(mc1.id, { cookie: p.cookie });
    nextDay();
    await play(p, { mc: 'opt-2' });
    const res = await guess(p.cookie, mc2.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: GUESS_AFTER_GROUP_RESULTS });
  });

  it('accept a guess from a player who has seen no results of the group', async () => {
    const p = await player(t, DURBAN);
    await play(p, { mc: 'opt-1' });
    nextDay();
    await play(p, { mc: 'opt-2' });
    expect((await guess(p.cookie, mc2.id)).status).toBe(201);
  });

  it('refuse a numeric guess (higher / lower) once an earlier member’s results were seen', async () => {
    const p = await player(t, DURBAN);
    await play(p, { num: 10 });
    await results(num1.id, { cookie: p.cookie });
    nextDay();
    await play(p, { num: 20 });
    const res = await t.request('/api/guesses', {
      method: 'POST',
      cookie: p.cookie,
      json: { questionId: num2.id, direction: 'higher' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: GUESS_AFTER_GROUP_RESULTS });
  });
});

describe('the answer response offers a guess (ADR 0245)', () => {
  async function offerGuess(
    cookie: string,
    body: { questionId: string; selectedOptionId?: string; numericValue?: number },
  ) {
    const res = await postAnswer(t, cookie, body);
    expect(res.status, await res.clone().text()).toBe(201);
    return SubmitAnswerResultSchema.parse(await res.json()).offerGuess;
  }
  async function guessingOn(cookie: string) {
    const res = await t.request('/api/preferences', { method: 'PUT', cookie, json: { guessTheCrowd: true } });
    expect(res.status).toBe(200);
  }

  it('only to a player who turned guessing on', async () => {
    const off = await player(t, DURBAN);
    await mustSelect(t, off.cookie, topicId);
    expect(await offerGuess(off.cookie, { questionId: mc1.id, selectedOptionId: 'opt-1' })).toBe(false);
    const on = await player(t, DURBAN);
    await guessingOn(on.cookie);
    await mustSelect(t, on.cookie, topicId);
    expect(await offerGuess(on.cookie, { questionId: mc1.id, selectedOptionId: 'opt-1' })).toBe(true);
    expect(await offerGuess(on.cookie, { questionId: num1.id, numericValue: 5 })).toBe(true);
  });

  it('not once the player has read the results of another member of the link group', async () => {
    const p = await player(t, DURBAN);
    await guessingOn(p.cookie);
    await mustSelect(t, p.cookie, topicId);
    expect(await offerGuess(p.cookie, { questionId: mc1.id, selectedOptionId: 'opt-1' })).toBe(true);
    expect(await offerGuess(p.cookie, { questionId: num1.id, numericValue: 5 })).toBe(true);
    await results(mc1.id, { cookie: p.cookie });
    nextDay();
    await mustSelect(t, p.cookie, topicId);
    // The multiple-choice group was read on day 1, the numeric one was not.
    expect(await offerGuess(p.cookie, { questionId: mc2.id, selectedOptionId: 'opt-2' })).toBe(false);
    expect((await guess(p.cookie, mc2.id)).status).toBe(409);
    expect(await offerGuess(p.cookie, { questionId: num2.id, numericValue: 6 })).toBe(true);
  });
});
