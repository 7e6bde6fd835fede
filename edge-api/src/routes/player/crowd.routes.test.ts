import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CrowdSenseSchema, DayRecapSchema, GuessResultSchema } from '@daily-tea/shared/contracts/crowd';
import { QuestionResultsSchema } from '@daily-tea/shared/contracts/daily';
import { UserSchema } from '@daily-tea/shared/contracts/auth';
import {
  GUESS_AFTER_RESULTS,
  GUESS_ALREADY_MADE,
  GUESS_ANSWER_FIRST,
  GUESS_CHOICE,
  GUESS_DAY_OVER,
  GUESS_NUMERIC,
  GUESS_UNKNOWN_OPTION,
  RECAP_NOT_FINISHED,
} from '@daily-tea/shared/domain/crowd';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { crowdTalliesEqualRecount } from '../../db/queries/crowd.queries';
import { answers } from '../../db/schema';
import { createQuestion, createTopic, createUser, rowsWhere, scheduleDay } from '../../test/factories';
import { createTestApp, sessionCookieOf, TEST_NOW, TEST_TODAY, type TestApp } from '../../test/harness';
import { removeAnswers, removeQuestion, removeUsers } from '../../services/answer-removal';
import { json, mustAnswer, mustSelect, player, scheduleToday, type Today } from './play.test-kit';

/** The test clock: moved between game days by tests that span several (UTC, day starting at 00:00). */
let clock = new Date(TEST_NOW);
let t: TestApp;
let today: Today;
beforeEach(async () => {
  clock = new Date(TEST_NOW);
  t = await createTestApp({ now: () => new Date(clock) });
  today = await scheduleToday(t);
});
afterEach(() => t.close());

const topic = (i: number) => today.topics[i]!;
const mcA = () => today.questions.get(topic(0).id)![0]!;
const numericA = () => today.questions.get(topic(0).id)![1]!;
const mcOf = (i: number) => today.questions.get(topic(i).id)![0]!;

function guess(cookie: string, body: Record<string, unknown>) {
  return t.request('/api/guesses', { method: 'POST', cookie, json: body });
}
async function mustGuess(cookie: string, questionId: string, optionId: string) {
  const res = await guess(cookie, { questionId, optionId });
  expect(res.status, await res.clone().text()).toBe(201);
  return GuessResultSchema.parse(await res.json());
}
async function results(cookie: string, questionId: string) {
  const res = await t.request(`/api/questions/${questionId}/results`, { cookie });
  expect(res.status).toBe(200);
  return QuestionResultsSchema.parse(await res.json());
}
async function crowdSense(cookie: string) {
  const res = await t.request('/api/crowd-sense', { cookie });
  expect(res.status).toBe(200);
  return CrowdSenseSchema.parse(await res.json());
}
async function me(cookie: string) {
  const res = await t.request('/api/user', { cookie });
  expect(res.status).toBe(200);
  return UserSchema.parse(await res.json());
}
/** A player who answered `questionId` with `optionId` (selecting its topic first). */
async function answered(topicIndex: number, optionId: string, question = mcOf(topicIndex)) {
  const p = await player(t);
  await mustSelect(t, p.cookie, topic(topicIndex).id);
  await mustAnswer(t, p.cookie, { questionId: question.id, selectedOptionId: optionId });
  return p;
}
async function guessRows(userId: string) {
  return (await rowsWhere(t.db, answers, answers.userId, userId)).filter((a) => a.guessOptionId !== null);
}

describe('POST /api/guesses — refusals', () => {
  it('needs a session', async () => {
    const res = await t.request('/api/guesses', {
      method: 'POST',
      json: { questionId: mcA().id, optionId: 'opt-1' },
    });
    expect(res.status).toBe(401);
  });

  it('validates the body: both fields, nothing else', async () => {
    const { cookie } = await answered(0, 'opt-1', mcA());
    for (const body of [
      { questionId: mcA().id },
      { optionId: 'opt-1' },
      { questionId: mcA().id, optionId: 'opt-1', extra: 1 },
      { questionId: mcA().id, optionId: 3 },
    ]) {
      const res = await guess(cookie, body);
      expect(res.status).toBe(400);
      expect(typeof (await json(res)).message).toBe('string');
    }
    const broken = await t.request('/api/guesses', {
      method: 'POST',
      cookie,
      body: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(broken.status).toBe(400);
  });

  it('404s for an unknown question', async () => {
    const { cookie } = await player(t);
    const res = await guess(cookie, { questionId: 'nope', optionId: 'opt-1' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: 'Question not found' });
  });

  it('400s for the wrong kind of guess and for an option the question does not have', async () => {
    const { cookie } = await answered(0, 'opt-1', mcA());
    await mustAnswer(t, cookie, { questionId: numericA().id, numericValue: 40 });
    const numeric = await guess(cookie, { questionId: numericA().id, optionId: 'opt-1' });
    expect(numeric.status).toBe(400);
    expect(await numeric.json()).toMatchObject({ message: GUESS_NUMERIC });
    const choice = await guess(cookie, { questionId: mcA().id, direction: 'higher' });
    expect(choice.status).toBe(400);
    expect(await choice.json()).toMatchObject({ message: GUESS_CHOICE });
    for (const body of [
      { questionId: numericA().id, direction: 'up' },
      { questionId: numericA().id, direction: 'higher', optionId: 'opt-1' },
    ]) {
      const res = await guess(cookie, body);
      expect(res.status).toBe(400);
      expect(typeof (await json(res)).message).toBe('string');
    }
    for (const optionId of ['opt-4', 'opt-0', 'Yes']) {
      const res = await guess(cookie, { questionId: mcA().id, optionId });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message: GUESS_UNKNOWN_OPTION });
    }
  });

  it('403s before the player has answered the question', async () => {
    const { cookie } = await player(t);
    await mustSelect(t, cookie, topic(0).id);
    const res = await guess(cookie, { questionId: mcA().id, optionId: 'opt-1' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: GUESS_ANSWER_FIRST });
  });

  it('stores one guess and refuses to change it (409)', async () => {
    const p = await answered(0, 'opt-1', mcA());
    expect(await mustGuess(p.cookie, mcA().id, 'opt-2')).toEqual({
      questionId: mcA().id,
      guessOptionId: 'opt-2',
    });
    const again = await guess(p.cookie, { questionId: mcA().id, optionId: 'opt-3' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: GUESS_ALREADY_MADE });
    expect((await guessRows(p.user.id)).map((a) => a.guessOptionId)).toEqual(['opt-2']);
  });

  it('refuses a guess once the player has seen the results (409), even a first one', async () => {
    const p = await answered(0, 'opt-1', mcA());
    await results(p.cookie, mcA().id);
    const res = await guess(p.cookie, { questionId: mcA().id, optionId: 'opt-1' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: GUESS_AFTER_RESULTS });
    expect(await guessRows(p.user.id)).toEqual([]);
  });

  it('refuses a guess on an answer of an earlier game day (409)', async () => {
    const p = await answered(0, 'opt-1', mcA());
    clock = new Date(TEST_NOW.getTime() + 86_400_000);
    const res = await guess(p.cookie, { questionId: mcA().id, optionId: 'opt-1' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: GUESS_DAY_OVER });
  });

  it('stores exactly one of 20 concurrent guesses from the same player', async () => {
    const p = await answered(0, 'opt-1', mcA());
    const options = ['opt-1', 'opt-2', 'opt-3'];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        guess(p.cookie, { questionId: mcA().id, optionId: options[i % 3]! }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const winner = await responses.find((r) => r.status === 201)!.json();
    expect((await guessRows(p.user.id)).map((a) => a.guessOptionId)).toEqual([winner.guessOptionId]);
  });

  it('settles a guess racing the first reveal: judged if it landed first, refused otherwise', async () => {
    for (let round = 0; round < 6; round++) {
      const p = await answered(round % 5, 'opt-1');
      const question = mcOf(round % 5);
      const [g, r] = await Promise.all([
        guess(p.cookie, { questionId: question.id, optionId: 'opt-1' }),
        t.request(`/api/questions/${question.id}/results`, { cookie: p.cookie }),
      ]);
      const verdict = QuestionResultsSchema.parse(await r.json()).crowdVerdict!;
      if (g.status === 201) {
        expect(verdict.guessOptionId).toBe('opt-1');
      } else {
        expect(g.status).toBe(409);
        expect(verdict.guessOptionId).toBeNull();
      }
      // What the card says now is what was recorded.
      expect((await results(p.cookie, question.id)).crowdVerdict).toEqual(verdict);
    }
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
  });
});

describe('the verdict on a results card', () => {
  it('is right when the guess names the most-picked option, against the numbers shown', async () => {
    await answered(1, 'opt-1');
    await answered(1, 'opt-1');
    const p = await answered(1, 'opt-2');
    await mustGuess(p.cookie, mcOf(1).id, 'opt-1');
    const body = await results(p.cookie, mcOf(1).id);
    expect(body.optionCounts).toEqual({ 'opt-1': 2, 'opt-2': 1, 'opt-3': 0 });
    expect(body.crowdVerdict).toEqual({
      revealedAt: TEST_NOW.toISOString(),
      mostPickedOptionIds: ['opt-1'],
      guessOptionId: 'opt-1',
      guessRight: true,
      sidedWithMajority: false,
      ownSharePercent: 33,
    });
  });

  it('is wrong when the guess misses', async () => {
    await answered(1, 'opt-3');
    const p = await answered(1, 'opt-3');
    await mustGuess(p.cookie, mcOf(1).id, 'opt-2');
    expect((await results(p.cookie, mcOf(1).id)).crowdVerdict).toMatchObject({
      mostPickedOptionIds: ['opt-3'],
      guessOptionId: 'opt-2',
      guessRight: false,
      sidedWithMajority: true,
      ownSharePercent: 100,
    });
  });

  it('counts a tie as right for every tied option', async () => {
    await answered(2, 'opt-2');
    const p = await answered(2, 'opt-1');
    await mustGuess(p.cookie, mcOf(2).id, 'opt-2');
    const q = await answered(2, 'opt-3'); // three-way tie at 1 each
    await mustGuess(q.cookie, mcOf(2).id, 'opt-1');
    const verdictP = (await results(p.cookie, mcOf(2).id)).crowdVerdict!;
    expect(verdictP.mostPickedOptionIds).toEqual(['opt-1', 'opt-2', 'opt-3']);
    expect(verdictP).toMatchObject({ guessRight: true, sidedWithMajority: true, ownSharePercent: 33 });
    expect((await results(q.cookie, mcOf(2).id)).crowdVerdict).toMatchObject({
      guessRight: true,
      sidedWithMajority: true,
    });
  });

  it('is recorded once: later answers move the bars, never the verdict', async () => {
    await answered(3, 'opt-1');
    const p = await answered(3, 'opt-2');
    await mustGuess(p.cookie, mcOf(3).id, 'opt-2');
    const first = await results(p.cookie, mcOf(3).id);
    expect(first.crowdVerdict).toMatchObject({ mostPickedOptionIds: ['opt-1', 'opt-2'], guessRight: true });
    clock = new Date(TEST_NOW.getTime() + 60_000);
    await answered(3, 'opt-3');
    await answered(3, 'opt-3');
    const later = await results(p.cookie, mcOf(3).id);
    expect(later.optionCounts).toEqual({ 'opt-1': 1, 'opt-2': 1, 'opt-3': 2 });
    expect(later.crowdVerdict).toEqual(first.crowdVerdict);
  });

  it('is null for a numeric question and for an operator reading without an answer', async () => {
    const p = await answered(0, 'opt-1', mcA());
    await mustAnswer(t, p.cookie, { questionId: numericA().id, numericValue: 12 });
    expect((await results(p.cookie, numericA().id)).crowdVerdict).toBeNull();
    const admin = await t.request(`/api/questions/${mcA().id}/results`, { token: await t.adminToken() });
    expect((await json(admin)).crowdVerdict).toBeNull();
    // An operator read reveals nothing for the player: they can still guess.
    await mustGuess(p.cookie, mcA().id, 'opt-1');
    expect((await results(p.cookie, mcA().id)).numericVerdict).toBeNull();
  });
});

/** A player who answered topic 0's numeric question with `value` (selecting the topic first). */
async function answeredNumber(value: number) {
  const p = await player(t);
  await mustSelect(t, p.cookie, topic(0).id);
  await mustAnswer(t, p.cookie, { questionId: numericA().id, numericValue: value });
  return p;
}
async function mustGuessDirection(cookie: string, direction: 'higher' | 'lower') {
  const res = await guess(cookie, { questionId: numericA().id, direction });
  expect(res.status, await res.clone().text()).toBe(201);
  return GuessResultSchema.parse(await res.json());
}

describe('numeric guesses: the average higher or lower than the answer (ADR 0244)', () => {
  it('stores one direction and refuses to change it (409)', async () => {
    const p = await answeredNumber(40);
    expect(await mustGuessDirection(p.cookie, 'higher')).toEqual({
      questionId: numericA().id,
      direction: 'higher',
    });
    const again = await guess(p.cookie, { questionId: numericA().id, direction: 'lower' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: GUESS_ALREADY_MADE });
    expect((await guessRows(p.user.id)).map((a) => a.guessOptionId)).toEqual(['higher']);
  });

  it('403s before the player answered, 409s once they have seen the results', async () => {
    const early = await player(t);
    await mustSelect(t, early.cookie, topic(0).id);
    const before = await guess(early.cookie, { questionId: numericA().id, direction: 'lower' });
    expect(before.status).toBe(403);
    expect(await before.json()).toMatchObject({ message: GUESS_ANSWER_FIRST });
    const p = await answeredNumber(10);
    await results(p.cookie, numericA().id);
    const late = await guess(p.cookie, { questionId: numericA().id, direction: 'lower' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ message: GUESS_AFTER_RESULTS });
    expect(await guessRows(p.user.id)).toEqual([]);
  });

  it('is judged on the average shown at the first reveal, and never changes afterwards', async () => {
    await answeredNumber(80);
    await answeredNumber(60);
    const right = await answeredNumber(40); // average (80 + 60 + 40) / 3 = 60: higher
    await mustGuessDirection(right.cookie, 'higher');
    const first = await results(right.cookie, numericA().id);
    expect(first.numericStats?.average).toBe(60);
    expect(first.crowdVerdict).toBeNull();
    expect(first.numericVerdict).toEqual({
      revealedAt: TEST_NOW.toISOString(),
      averageDirections: ['higher'],
      guessDirection: 'higher',
      guessRight: true,
    });
    const wrong = await answeredNumber(90); // average 67.5: lower
    await mustGuessDirection(wrong.cookie, 'higher');
    expect((await results(wrong.cookie, numericA().id)).numericVerdict).toMatchObject({
      averageDirections: ['lower'],
      guessDirection: 'higher',
      guessRight: false,
    });
    // The community moves (the average drops below 40): the recorded verdict stands.
    clock = new Date(TEST_NOW.getTime() + 60_000);
    for (let i = 0; i < 6; i++) await answeredNumber(0);
    const later = await results(right.cookie, numericA().id);
    expect(later.numericStats!.average).toBeLessThan(40);
    expect(later.numericVerdict).toEqual(first.numericVerdict);
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
    expect(await crowdSense(right.cookie)).toMatchObject({ total: { right: 1, made: 1, percent: 100 } });
    expect(await crowdSense(wrong.cookie)).toMatchObject({ total: { right: 0, made: 1, percent: 0 } });
  });

  it('counts an average equal to the answer (as shown, one decimal) as right either way', async () => {
    await answeredNumber(20);
    const p = await answeredNumber(30);
    await mustGuessDirection(p.cookie, 'lower');
    await answeredNumber(40); // average 30 = the answer
    expect((await results(p.cookie, numericA().id)).numericVerdict).toMatchObject({
      averageDirections: ['higher', 'lower'],
      guessRight: true,
    });
  });

  it('records a reveal without a guess (no verdict to count) and closes guessing', async () => {
    const p = await answeredNumber(50);
    expect((await results(p.cookie, numericA().id)).numericVerdict).toMatchObject({
      averageDirections: ['higher', 'lower'],
      guessDirection: null,
      guessRight: null,
    });
    expect(await crowdSense(p.cookie)).toMatchObject({ total: { right: 0, made: 0, percent: null } });
  });
});

describe('GET /api/crowd-sense', () => {
  it('needs a session', async () => {
    expect((await t.request('/api/crowd-sense')).status).toBe(401);
  });

  it('starts empty, then counts judged guesses only (skips and unrevealed guesses are not counted)', async () => {
    const p = await player(t);
    expect(await crowdSense(p.cookie)).toEqual({
      windowDays: 30,
      recent: { right: 0, made: 0, percent: null },
      total: { right: 0, made: 0, percent: null },
    });
    for (const i of [1, 2, 3]) await mustSelect(t, p.cookie, topic(i).id);
    await answered(1, 'opt-1');
    await answered(2, 'opt-3');
    await mustAnswer(t, p.cookie, { questionId: mcOf(1).id, selectedOptionId: 'opt-1' });
    await mustGuess(p.cookie, mcOf(1).id, 'opt-1'); // right
    await mustAnswer(t, p.cookie, { questionId: mcOf(2).id, selectedOptionId: 'opt-1' });
    await mustGuess(p.cookie, mcOf(2).id, 'opt-1'); // opt-1 and opt-3 tie at 1 each: right
    await mustAnswer(t, p.cookie, { questionId: mcOf(3).id, selectedOptionId: 'opt-2' }); // skipped
    expect((await crowdSense(p.cookie)).total.made).toBe(0); // nothing revealed yet
    for (const i of [1, 2, 3]) await results(p.cookie, mcOf(i).id);
    const sense = await crowdSense(p.cookie);
    expect(sense.recent).toEqual({ right: 2, made: 2, percent: 100 });
    expect(sense.total).toEqual({ right: 2, made: 2, percent: 100 });
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
  });

  it('keeps the last 30 game days in "recent" and everything in "total"', async () => {
    const p = await player(t);
    const playDay = async (date: string, guessRight: boolean) => {
      clock = new Date(`${date}T12:00:00.000Z`);
      const tp = await createTopic(t.db);
      const q = await createQuestion(t.db, { topicId: tp.id, date });
      await scheduleDay(t.db, date, [tp.id]);
      const other = await player(t);
      await mustSelect(t, other.cookie, tp.id);
      await mustAnswer(t, other.cookie, { questionId: q.id, selectedOptionId: 'opt-1' });
      await mustSelect(t, p.cookie, tp.id);
      await mustAnswer(t, p.cookie, { questionId: q.id, selectedOptionId: 'opt-1' });
      await mustGuess(p.cookie, q.id, guessRight ? 'opt-1' : 'opt-2');
      await results(p.cookie, q.id);
    };
    await playDay(addDays(TEST_TODAY, -31), true); // outside the window on TEST_TODAY
    await playDay(addDays(TEST_TODAY, -29), false); // first day of the window
    await playDay(addDays(TEST_TODAY, -1), true);
    clock = new Date(TEST_NOW);
    const sense = await crowdSense(p.cookie);
    expect(sense.recent).toEqual({ right: 1, made: 2, percent: 50 });
    expect(sense.total).toEqual({ right: 2, made: 3, percent: 67 });
  });
});

describe('GET /api/recap', () => {
  it('needs a session and a finished day (409 before)', async () => {
    expect((await t.request('/api/recap')).status).toBe(401);
    const p = await player(t);
    const early = await t.request('/api/recap', { cookie: p.cookie });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: RECAP_NOT_FINISHED });
    for (const i of [1, 2]) await mustSelect(t, p.cookie, topic(i).id);
    for (const i of [1, 2])
      await mustAnswer(t, p.cookie, { questionId: mcOf(i).id, selectedOptionId: 'opt-1' });
    expect((await t.request('/api/recap', { cookie: p.cookie })).status).toBe(409); // two of three topics
    await mustSelect(t, p.cookie, topic(0).id);
    await mustAnswer(t, p.cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    expect((await t.request('/api/recap', { cookie: p.cookie })).status).toBe(409); // numeric still open
    await mustAnswer(t, p.cookie, { questionId: numericA().id, numericValue: 5 });
    expect((await t.request('/api/recap', { cookie: p.cookie })).status).toBe(200);
  });

  it('sums up the day: majority sides, the rarest answer, guesses right and the streak', async () => {
    // The community: topic 1 leans opt-1, topic 2 opt-2, topic 3 opt-3.
    for (const [i, opt] of [
      [1, 'opt-1'],
      [1, 'opt-1'],
      [2, 'opt-2'],
      [2, 'opt-2'],
      [2, 'opt-2'],
      [3, 'opt-3'],
    ] as const) {
      await answered(i, opt);
    }
    const p = await player(t);
    for (const i of [1, 2, 3]) await mustSelect(t, p.cookie, topic(i).id);
    await mustAnswer(t, p.cookie, { questionId: mcOf(1).id, selectedOptionId: 'opt-1' }); // majority 3/3
    await mustGuess(p.cookie, mcOf(1).id, 'opt-1'); // right
    await mustAnswer(t, p.cookie, { questionId: mcOf(2).id, selectedOptionId: 'opt-3' }); // 1 of 4 = 25 %
    await mustGuess(p.cookie, mcOf(2).id, 'opt-3'); // wrong
    await mustAnswer(t, p.cookie, { questionId: mcOf(3).id, selectedOptionId: 'opt-3' }); // majority 2/2; no guess
    // Results of topic 1 seen; topics 2 and 3 never opened: the recap reveals them.
    await results(p.cookie, mcOf(1).id);
    const res = await t.request('/api/recap', { cookie: p.cookie });
    expect(res.status).toBe(200);
    const recap = DayRecapSchema.parse(await res.json());
    expect(recap).toEqual({
      date: TEST_TODAY,
      sidedWithMajority: { count: 2, of: 3 },
      rarestAnswer: {
        questionId: mcOf(2).id,
        questionText: mcOf(2).text,
        topicTitle: topic(2).title,
        optionId: 'opt-3',
        optionText: 'Maybe',
        sharePercent: 25,
      },
      guesses: { right: 1, made: 2, percent: 50 },
      streak: { current: 1, longest: 1, freezes: 0 },
      crowdSense: {
        windowDays: 30,
        recent: { right: 1, made: 2, percent: 50 },
        total: { right: 1, made: 2, percent: 50 },
      },
    });
    // The recap revealed topic 2's results: its card shows the same verdict, and guessing is over.
    expect((await results(p.cookie, mcOf(2).id)).crowdVerdict).toMatchObject({
      revealedAt: TEST_NOW.toISOString(),
      mostPickedOptionIds: ['opt-2'],
      guessRight: false,
      ownSharePercent: 25,
    });
    expect((await guess(p.cookie, { questionId: mcOf(3).id, optionId: 'opt-3' })).status).toBe(409);
    // Asking again changes nothing, even after the community moved.
    await answered(2, 'opt-3');
    await answered(2, 'opt-3');
    const again = DayRecapSchema.parse(await json(await t.request('/api/recap', { cookie: p.cookie })));
    expect(again).toEqual(recap);
    // Another player's numeric guess, never opened: the recap judges it too (average 20 < 30: lower).
    await answeredNumber(10);
    const n = await player(t);
    for (const i of [0, 1, 3]) await mustSelect(t, n.cookie, topic(i).id);
    await mustAnswer(t, n.cookie, { questionId: mcA().id, selectedOptionId: 'opt-1' });
    await mustAnswer(t, n.cookie, { questionId: numericA().id, numericValue: 30 });
    await mustGuessDirection(n.cookie, 'lower');
    for (const i of [1, 3])
      await mustAnswer(t, n.cookie, { questionId: mcOf(i).id, selectedOptionId: 'opt-1' });
    const numericRecap = DayRecapSchema.parse(
      await json(await t.request('/api/recap', { cookie: n.cookie })),
    );
    expect(numericRecap.sidedWithMajority.of).toBe(3); // numeric answers take no side
    expect(numericRecap.guesses).toEqual({ right: 1, made: 1, percent: 100 });
    expect((await results(n.cookie, numericA().id)).numericVerdict).toMatchObject({
      averageDirections: ['lower'],
      guessRight: true,
    });
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
  });
});

describe('streak freezes through the API', () => {
  /** A stored player with preset streak fields, signed in through the real login. */
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

  it('GET /api/user carries the freezes held; a new player holds none', async () => {
    const p = await player(t);
    expect(await me(p.cookie)).toMatchObject({ streakFreezes: 0, freezesSpentToday: 0, currentStreak: 0 });
  });

  it('earns a freeze on the 7th consecutive day', async () => {
    const p = await presetPlayer({
      currentStreak: 6,
      longestStreak: 6,
      lastActivityDate: addDays(TEST_TODAY, -1),
    });
    await mustSelect(t, p.cookie, topic(1).id);
    const body = await mustAnswer(t, p.cookie, { questionId: mcOf(1).id, selectedOptionId: 'opt-1' });
    expect(body.streak).toEqual({ current: 7, longest: 7, freezes: 1, freezesSpent: 0 });
    expect(await me(p.cookie)).toMatchObject({ currentStreak: 7, streakFreezes: 1, freezesSpentToday: 0 });
  });

  it('spends a freeze on a missed day at the first answer, once, and says so for the rest of the day', async () => {
    const p = await presetPlayer({
      currentStreak: 12,
      longestStreak: 12,
      lastActivityDate: addDays(TEST_TODAY, -2),
      streakFreezes: 1,
    });
    // Before playing, the streak still reads 12: the freeze can cover yesterday.
    expect(await me(p.cookie)).toMatchObject({ currentStreak: 12, streakFreezes: 1, freezesSpentToday: 0 });
    for (const i of [1, 2]) await mustSelect(t, p.cookie, topic(i).id);
    const first = await mustAnswer(t, p.cookie, { questionId: mcOf(1).id, selectedOptionId: 'opt-1' });
    expect(first.streak).toEqual({ current: 13, longest: 13, freezes: 0, freezesSpent: 1 });
    const second = await mustAnswer(t, p.cookie, { questionId: mcOf(2).id, selectedOptionId: 'opt-1' });
    expect(second.streak).toEqual({ current: 13, longest: 13, freezes: 0, freezesSpent: 0 });
    expect(await me(p.cookie)).toMatchObject({ currentStreak: 13, streakFreezes: 0, freezesSpentToday: 1 });
    clock = new Date(TEST_NOW.getTime() + 86_400_000);
    expect(await me(p.cookie)).toMatchObject({ currentStreak: 13, freezesSpentToday: 0 });
  });

  it('restarts at 1 and keeps the freezes when more days were missed than freezes held', async () => {
    const p = await presetPlayer({
      currentStreak: 12,
      longestStreak: 12,
      lastActivityDate: addDays(TEST_TODAY, -3),
      streakFreezes: 1,
    });
    expect((await me(p.cookie)).currentStreak).toBe(0);
    await mustSelect(t, p.cookie, topic(1).id);
    const body = await mustAnswer(t, p.cookie, { questionId: mcOf(1).id, selectedOptionId: 'opt-1' });
    expect(body.streak).toEqual({ current: 1, longest: 12, freezes: 1, freezesSpent: 0 });
  });

  it('spends two freezes for two missed days', async () => {
    const p = await presetPlayer({
      currentStreak: 19,
      longestStreak: 25,
      lastActivityDate: addDays(TEST_TODAY, -3),
      streakFreezes: 2,
    });
    await mustSelect(t, p.cookie, topic(1).id);
    const body = await mustAnswer(t, p.cookie, { questionId: mcOf(1).id, selectedOptionId: 'opt-1' });
    expect(body.streak).toEqual({ current: 20, longest: 25, freezes: 0, freezesSpent: 2 });
    expect(await me(p.cookie)).toMatchObject({ freezesSpentToday: 2 });
  });
});

describe('deletions keep the guess tallies equal to a recount', () => {
  it('after removing answers, a question and users', async () => {
    const players = [];
    for (let n = 0; n < 6; n++) {
      const p = await player(t);
      for (const i of [1, 2, 3]) await mustSelect(t, p.cookie, topic(i).id);
      for (const i of [1, 2, 3]) {
        await mustAnswer(t, p.cookie, {
          questionId: mcOf(i).id,
          selectedOptionId: `opt-${1 + ((n + i) % 3)}`,
        });
        if ((n + i) % 4 !== 0) await mustGuess(p.cookie, mcOf(i).id, `opt-${1 + ((n * i) % 3)}`);
      }
      for (const i of [1, 2, 3]) await results(p.cookie, mcOf(i).id);
      players.push(p);
    }
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
    const before = await crowdSense(players[0]!.cookie);
    expect(before.total.made).toBeGreaterThan(0);

    const judged = (await rowsWhere(t.db, answers, answers.userId, players[0]!.user.id)).filter(
      (a) => a.guessCorrect !== null,
    );
    await removeAnswers(t.db, [judged[0]!.id]);
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
    expect((await crowdSense(players[0]!.cookie)).total.made).toBe(before.total.made - 1);
    expect((await crowdSense(players[0]!.cookie)).recent.made).toBe(before.recent.made - 1);

    await removeQuestion(t.db, mcOf(2).id);
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
    await removeUsers(t.db, [players[1]!.user.id, players[2]!.user.id]);
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
    expect(await countersEqualRecount(t.db)).toBe(true);
  });

  it('the recount check is not vacuous', async () => {
    const p = await answered(1, 'opt-1');
    await mustGuess(p.cookie, mcOf(1).id, 'opt-1');
    await results(p.cookie, mcOf(1).id);
    expect(await crowdTalliesEqualRecount(t.db)).toBe(true);
    await t.db.update(answers).set({ guessCorrect: false });
    expect(await crowdTalliesEqualRecount(t.db)).toBe(false);
  });
});
