import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileInput } from '@daily-tea/shared/contracts/auth';
import { QuestionResultsSchema, type QuestionResults } from '@daily-tea/shared/contracts/daily';
import { MarketingQuestionSchema } from '@daily-tea/shared/contracts/marketing';
import { SampleMakeupSchema } from '@daily-tea/shared/contracts/weighting';
import { weighResults, weightingCellOf, type WeightingCellRow } from '@daily-tea/shared/domain/weighting';
import { provinceOfCity } from '@daily-tea/shared/domain/provinces';
import { MIN_EFFECTIVE_SAMPLE, WEIGHTING_SCHEME } from '@daily-tea/shared/domain/weighting-targets';
import { createTestApp, TEST_TODAY, type TestApp } from '../../test/harness';
import { mustAnswer, mustSelect, player, scheduleToday, type Today } from './play.test-kit';

/**
 * Weighted results through the API (product.md#weighted-results): the cell counters maintained by the answer batch,
 * read with the results and raked, agree with the weighting of the same respondents computed from scratch — on
 * every database of the harness. White respondents are over-represented 4 : 1 against the census (their answers
 * lean to opt-1), so weighting must move the split towards opt-2.
 */

let t: TestApp;
let today: Today;
const mc = () => today.questions.get(today.topics[0]!.id)![0]!;
const numeric = () => today.questions.get(today.topics[0]!.id)![1]!;

type Respondent = { profile: ProfileInput; choice: string; value: number; userId: string; cookie: string };
const respondents: Respondent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  today = await scheduleToday(t, 1);
  const plan: Array<[ProfileInput, number]> = [];
  for (const gender of ['male', 'female'] as const)
    for (const ageBracket of ['18-24', '45+'] as const)
      for (const city of ['Cape Town', 'Johannesburg'])
        for (const [raceBracket, count] of [
          ['white', 3],
          ['black', 5],
        ] as const)
          plan.push([{ gender, ageBracket, raceBracket, country: 'South Africa', city }, count]);
  // Left out of the weighted figures: another country, and a gender the census does not count.
  plan.push([
    { gender: 'male', ageBracket: '25-34', raceBracket: 'black', country: 'Kenya', city: 'Nairobi' },
    3,
  ]);
  plan.push([
    { gender: 'non_binary', ageBracket: '25-34', raceBracket: 'black', country: 'South Africa', city: null },
    2,
  ]);
  let i = 0;
  for (const [profile, count] of plan)
    for (let k = 0; k < count; k++, i++) {
      const { cookie, user } = await player(t, profile);
      const lean = profile.raceBracket === 'white' ? 'opt-1' : 'opt-2';
      const choice = i % 5 === 0 ? 'opt-3' : i % 4 === 0 ? (lean === 'opt-1' ? 'opt-2' : 'opt-1') : lean;
      const value = (profile.raceBracket === 'white' ? 60 : 30) + (i % 7);
      await mustSelect(t, cookie, today.topics[0]!.id);
      await mustAnswer(t, cookie, { questionId: mc().id, selectedOptionId: choice });
      await mustAnswer(t, cookie, { questionId: numeric().id, numericValue: value });
      respondents.push({ profile, choice, value, userId: user.id, cookie });
    }
}, 120_000);
afterAll(() => t.close());

async function results(questionId: string, cookie: string): Promise<QuestionResults> {
  const res = await t.request(`/api/questions/${questionId}/results`, { cookie });
  expect(res.status).toBe(200);
  return QuestionResultsSchema.parse(await res.json());
}

/** Equal up to the last rounded digit (the sums run in another order). */
function expectSameWeighted(actual: QuestionResults['weighted'], expected: QuestionResults['weighted']) {
  expect(actual).not.toBeNull();
  const close = (a: unknown, b: unknown): unknown =>
    typeof b === 'number'
      ? expect.closeTo(b, 5)
      : b && typeof b === 'object'
        ? Object.fromEntries(Object.entries(b).map(([k, v]) => [k, close(undefined, v)]))
        : b;
  expect(actual).toEqual(close(undefined, expected));
}

/** The cell rows of the respondents, built from their profiles — what the counters must hold. */
function expectedRows(kind: 'mc' | 'numeric', who: readonly Respondent[]): WeightingCellRow[] {
  const rows = new Map<string, WeightingCellRow>();
  for (const r of who) {
    const cell = weightingCellOf({
      ...r.profile,
      gender: r.profile.gender ?? null,
      ageBracket: r.profile.ageBracket ?? null,
      raceBracket: r.profile.raceBracket ?? null,
      country: r.profile.country ?? null,
      province: provinceOfCity(r.profile.country ?? null, r.profile.city ?? null),
    });
    if (!cell) continue;
    const optionId = kind === 'mc' ? r.choice : '#';
    const row = rows.get(`${cell}/${optionId}`) ?? { cell, optionId, count: 0, valueSum: 0, valueSqSum: 0 };
    row.count++;
    if (kind === 'numeric') {
      row.valueSum += r.value;
      row.valueSqSum += r.value * r.value;
    }
    rows.set(`${cell}/${optionId}`, row);
  }
  return [...rows.values()];
}

describe('weighted results', () => {
  it('weights the split of a multiple-choice question as the scheme does, and moves it towards the population', async () => {
    const body = await results(mc().id, respondents[0]!.cookie);
    const expected = weighResults({
      type: 'multiple_choice',
      optionCount: 3,
      rows: expectedRows('mc', respondents),
      totalAnswers: respondents.length,
    });
    expect(body.weightedWithheld).toBeNull();
    expectSameWeighted(body.weighted, expected.weighted);
    expect(body.weighted).toMatchObject({ scheme: WEIGHTING_SCHEME, respondents: 64, excluded: 5 });
    const inScheme = respondents.filter(
      (r) => r.profile.country === 'South Africa' && r.profile.gender !== 'non_binary',
    );
    const raw = inScheme.filter((r) => r.choice === 'opt-2').length / inScheme.length;
    expect(body.weighted!.optionShares!['opt-2']).toBeGreaterThan(raw + 0.05);
    expect(body.weighted!.effectiveSampleSize).toBeGreaterThanOrEqual(MIN_EFFECTIVE_SAMPLE);
    expect(body.weighted!.interval).toBeGreaterThan(0.05);
    // SPEC's fields stay raw counts.
    expect(body.totalAnswers).toBe(69);
  });

  it('weights the average of a numeric question, with its interval in the unit', async () => {
    const body = await results(numeric().id, respondents[1]!.cookie);
    const expected = weighResults({
      type: 'numeric',
      optionCount: 0,
      rows: expectedRows('numeric', respondents),
      totalAnswers: respondents.length,
    });
    expectSameWeighted(body.weighted, expected.weighted);
    expect(body.weighted!.average).toBeLessThan(body.numericStats!.average);
    expect(body.weighted!.optionShares).toBeNull();
  });

  it('follows every change: a deleted player leaves the weighted figures at once', async () => {
    const gone = respondents.find(
      (r) => r.profile.raceBracket === 'black' && r.profile.country === 'South Africa',
    )!;
    const res = await t.request(`/api/admin/users/${gone.userId}`, {
      method: 'DELETE',
      token: await t.adminToken(),
    });
    expect(res.status).toBe(200);
    respondents.splice(respondents.indexOf(gone), 1);
    const body = await results(mc().id, respondents[0]!.cookie);
    expectSameWeighted(
      body.weighted,
      weighResults({
        type: 'multiple_choice',
        optionCount: 3,
        rows: expectedRows('mc', respondents),
        totalAnswers: respondents.length,
      }).weighted,
    );
    expect(body.weighted!.respondents).toBe(63);
  });

  it('shows staff the sample make-up against the targets, for a question and for a day', async () => {
    const token = await t.adminToken();
    const byQuestion = SampleMakeupSchema.parse(
      await (
        await t.request(`/api/admin/analytics/sample?date=${TEST_TODAY}&questionId=${mc().id}`, { token })
      ).json(),
    );
    expect(byQuestion).toMatchObject({ questionId: mc().id, respondents: 68, inScheme: 63 });
    expect(byQuestion.leftOut.country).toBe(3);
    expect(byQuestion.leftOut.gender).toEqual({ non_binary: 2 });
    const white = byQuestion.margins.raceBracket.find((r) => r.slug === 'white')!;
    expect(white.count).toBe(24);
    expect(white.ratio).toBeGreaterThan(4); // 24/63 of the sample against 7.3 % of the population
    const byDay = SampleMakeupSchema.parse(
      await (await t.request(`/api/admin/analytics/sample?date=${TEST_TODAY}`, { token })).json(),
    );
    expect(byDay).toMatchObject({ questionId: null, respondents: 68, inScheme: 63, provinceUnknown: 0 });
    expect(byDay.margins.province.find((r) => r.slug === 'gauteng')!.count).toBe(32);
    expect(byDay.margins.province.find((r) => r.slug === 'western_cape')!.count).toBe(31);
    expect((await t.request(`/api/admin/analytics/sample?date=${TEST_TODAY}`)).status).toBe(401);
    expect((await t.request(`/api/admin/analytics/sample?date=nope`, { token })).status).toBe(400);
  });

  it('gives the marketing generator the same weighted figures as the results, and follows a change (ADR 0294)', async () => {
    const token = await t.adminToken('marketing');
    const listed = async () => {
      const res = await t.request('/api/marketing/questions', { token });
      expect(res.status).toBe(200);
      return MarketingQuestionSchema.array().parse(await res.json());
    };
    const expectSameAsResults = async (rows: Awaited<ReturnType<typeof listed>>) => {
      for (const [question, viewer] of [
        [mc(), respondents[0]!],
        [numeric(), respondents[1]!],
      ] as const) {
        const body = await results(question.id, viewer.cookie);
        const row = rows.find((q) => q.id === question.id)!;
        expect(row.weightedWithheld).toBeNull();
        expectSameWeighted(row.weighted, body.weighted);
        // Its raw counts stay what results count.
        expect(row.totalAnswers).toBe(body.totalAnswers);
      }
    };
    const first = await listed();
    await expectSameAsResults(first);
    expect(first.find((q) => q.id === mc().id)!.weighted).toMatchObject({ respondents: 63, excluded: 5 });
    // Read again unchanged (the cells this process holds), then after a respondent leaves (read anew).
    expect(await listed()).toEqual(first);
    const gone = respondents.find((r) => r.profile.raceBracket === 'white')!;
    const res = await t.request(`/api/admin/users/${gone.userId}`, {
      method: 'DELETE',
      token: await t.adminToken(),
    });
    expect(res.status).toBe(200);
    respondents.splice(respondents.indexOf(gone), 1);
    const after = await listed();
    await expectSameAsResults(after);
    expect(after.find((q) => q.id === mc().id)!.weighted).toMatchObject({ respondents: 62, excluded: 5 });
  });
});
