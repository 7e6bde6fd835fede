import { QuestionResultsSchema, type QuestionResults } from '@daily-tea/shared/contracts/daily';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { createQuestion, createTopic, scheduleDay, type QuestionRow } from '../../test/factories';
import { createTestApp, type SignedInUser, type TestApp } from '../../test/harness';
import { mustAnswer, mustSelect, player, setProfile } from './play.test-kit';

/**
 * Trend and place figures of GET /api/questions/:id/results against known answers: a multiple-choice and a
 * numeric question asked on 2026-05-19 and re-asked (linked) on 2026-05-20, answered by players from known places.
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
  const topic = await createTopic(t.db);
  topicId = topic.id;
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

type Place = { country: string | null; city: string | null };
async function answers(place: Place, option: string, value: number): Promise<SignedInUser> {
  const who = await player(t, place);
  const day2 = now.toISOString().startsWith(DAY2);
  await mustSelect(t, who.cookie, topicId);
  await mustAnswer(t, who.cookie, { questionId: (day2 ? mc2 : mc1).id, selectedOptionId: option });
  await mustAnswer(t, who.cookie, { questionId: (day2 ? num2 : num1).id, numericValue: value });
  return who;
}
/** A player of DAY1 answers the re-asked questions on DAY2 too (so the link-group rule shows them both days). */
async function answersAgain(who: SignedInUser, option: string, value: number): Promise<void> {
  await mustSelect(t, who.cookie, topicId);
  await mustAnswer(t, who.cookie, { questionId: mc2.id, selectedOptionId: option });
  await mustAnswer(t, who.cookie, { questionId: num2.id, numericValue: value });
}
async function results(questionId: string, cookie?: string, token?: string): Promise<QuestionResults> {
  const res = await t.request(`/api/questions/${questionId}/results`, { cookie, token });
  expect(res.status, await res.clone().text()).toBe(200);
  return QuestionResultsSchema.parse(await res.json());
}

const DURBAN = { country: 'South Africa', city: 'Durban' };

describe('trend and place figures', () => {
  it('follows a re-asked question per date, by country and in the viewer’s city, under the small-number rules', async () => {
    const p1 = await answers(DURBAN, 'opt-1', 10);
    await answers(DURBAN, 'opt-1', 20);
    const p3 = await answers({ country: 'South Africa', city: 'Cape Town' }, 'opt-2', 30);
    const p4 = await answers({ country: 'Kenya', city: 'Nairobi' }, 'opt-2', 40);
    await answers({ country: 'Kenya', city: 'Nairobi' }, 'opt-3', 50);
    const p6 = await answers({ country: null, city: null }, 'opt-1', 60);

    // Asked on one date so far: no trend; five answers with a country over two countries: By Country shows.
    let r = await results(mc1.id, p1.cookie);
    expect(r.trend).toBeNull();
    expect(r.places.byCountry).toEqual({
      total: 5,
      available: true,
      groups: [
        {
          label: 'South Africa',
          isOther: false,
          total: 3,
          optionCounts: { 'opt-1': 2, 'opt-2': 1, 'opt-3': 0 },
          average: null,
        },
        {
          label: 'Kenya',
          isOther: false,
          total: 2,
          optionCounts: { 'opt-1': 0, 'opt-2': 1, 'opt-3': 1 },
          average: null,
        },
      ],
    });
    expect(r.places.city).toEqual({
      city: 'Durban',
      country: 'South Africa',
      total: 2,
      available: false,
      group: null,
    });

    // The re-asked question, the next game day.
    now = new Date(`${DAY2}T12:00:00Z`);
    await answers({ country: 'Nigeria', city: 'Lagos' }, 'opt-3', 70);
    await answers({ country: 'Ghana', city: 'Accra' }, 'opt-3', 80);
    await answers({ country: 'Egypt', city: 'Cairo' }, 'opt-2', 90);
    const token = await t.adminToken();
    r = await results(mc2.id, undefined, token);
    expect(r.trend).toEqual({
      dates: [DAY1, DAY2],
      totals: [6, 3],
      // opt-1..opt-3 per date. Three answers on DAY2: below the threshold, shown as such — no split given.
      counts: [[3, 2, 1], null],
      averages: null,
    });
    // Both questions of the link group read the same figures.
    expect((await results(mc1.id, undefined, token)).trend).toEqual(r.trend);
    // A player who has not answered DAY2's member sees none of DAY2 (the link-group rule, ADR 0230).
    expect((await results(mc1.id, p1.cookie)).trend).toBeNull();

    await answers({ country: 'Brazil', city: 'São Paulo' }, 'opt-1', 5);
    await answersAgain(p1, 'opt-2', 15);
    await answers(DURBAN, 'opt-2', 25);
    await answers(DURBAN, 'opt-3', 35);

    r = await results(mc1.id, p1.cookie);
    expect(r.totalAnswers).toBe(13);
    expect(r.trend).toEqual({
      dates: [DAY1, DAY2],
      totals: [6, 7],
      counts: [
        [3, 2, 1],
        [1, 3, 3],
      ],
      averages: null,
    });
    // Six countries: the top five by answers (ties by name), the rest as Other.
    expect(r.places.byCountry.total).toBe(12);
    expect(r.places.byCountry.groups.map((g) => [g.label, g.total, g.isOther])).toEqual([
      ['South Africa', 6, false],
      ['Kenya', 2, false],
      ['Brazil', 1, false],
      ['Egypt', 1, false],
      ['Ghana', 1, false],
      ['Other', 1, true],
    ]);
    expect(r.places.byCountry.groups.at(-1)!.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 0, 'opt-3': 1 });
    // Durban has five answers now: its split shows beside the whole community.
    expect(r.places.city).toEqual({
      city: 'Durban',
      country: 'South Africa',
      total: 5,
      available: true,
      group: {
        label: 'Durban',
        isOther: false,
        total: 5,
        optionCounts: { 'opt-1': 2, 'opt-2': 2, 'opt-3': 1 },
        average: null,
      },
    });
    // Cape Town has one answer; a player without a city gets no city section; an operator neither.
    expect((await results(mc1.id, p3.cookie)).places.city).toMatchObject({
      city: 'Cape Town',
      total: 1,
      available: false,
      group: null,
    });
    expect((await results(mc1.id, p6.cookie)).places.city).toBeNull();
    expect((await results(mc1.id, undefined, token)).places.city).toBeNull();

    // Numeric: the average per date and per place.
    const n = await results(num1.id, p1.cookie);
    expect(n.trend).toEqual({ dates: [DAY1, DAY2], totals: [6, 7], counts: null, averages: [35, 320 / 7] });
    const sa = n.places.byCountry.groups.find((g) => g.label === 'South Africa')!;
    expect(sa).toEqual({ label: 'South Africa', isOther: false, total: 6, optionCounts: {}, average: 22.5 });
    expect(n.places.city?.group?.average).toBe(21);

    // The place is a snapshot: moving to Durban later neither moves p4's answer nor hides Kenya;
    // p4 now sees Durban's figures, which do not count them (DAY1's only: p4 has not answered DAY2's member).
    await setProfile(t, p4.cookie, DURBAN);
    const moved = await results(mc1.id, p4.cookie);
    expect(moved.places.byCountry.groups.find((g) => g.label === 'Kenya')?.total).toBe(2);
    expect(moved.places.city).toMatchObject({ city: 'Durban', total: 2 });
    expect(await countersEqualRecount(t.db)).toBe(true);
  });

  it('gives each viewer their own city at every version (the results cache keeps cities per group version)', async () => {
    const durban = await answers(DURBAN, 'opt-1', 1);
    const cape = await answers({ country: 'South Africa', city: 'Cape Town' }, 'opt-2', 2);
    // Same name, other country: a city is keyed by its country too.
    const durbanUs = await answers({ country: 'United States', city: 'Durban' }, 'opt-3', 3);
    await answers({ country: 'United States', city: 'Durban' }, 'opt-3', 4);
    const city = async (who: SignedInUser) => (await results(mc1.id, who.cookie)).places.city;
    for (let round = 0; round < 2; round++) {
      // The second round reads at the same version: from the cache where the process keeps it.
      expect(await city(durban)).toMatchObject({ city: 'Durban', country: 'South Africa', total: 1 });
      expect(await city(cape)).toMatchObject({ city: 'Cape Town', total: 1 });
      expect(await city(durbanUs)).toMatchObject({ city: 'Durban', country: 'United States', total: 2 });
    }
    for (let i = 0; i < 4; i++) await answers(DURBAN, 'opt-2', 10 + i);
    expect(await city(durban)).toEqual({
      city: 'Durban',
      country: 'South Africa',
      total: 5,
      available: true,
      group: {
        label: 'Durban',
        isOther: false,
        total: 5,
        optionCounts: { 'opt-1': 1, 'opt-2': 4, 'opt-3': 0 },
        average: null,
      },
    });
    expect(await city(durbanUs)).toMatchObject({ total: 2, available: false });
    // Deleting an answer from the city takes it back out.
    const token = await t.adminToken();
    expect((await t.request(`/api/admin/users/${durban.user.id}`, { method: 'DELETE', token })).status).toBe(
      200,
    );
    const other = await answers(DURBAN, 'opt-3', 20);
    expect((await city(other))?.group?.optionCounts).toEqual({ 'opt-1': 0, 'opt-2': 4, 'opt-3': 1 });
    // A player who moves sees their new city's figures at once.
    await setProfile(t, cape.cookie, DURBAN);
    expect(await city(cape)).toMatchObject({ city: 'Durban', total: 5, available: true });
  });

  it('withholds By Country with fewer than five answers or a single country', async () => {
    const a = await answers(DURBAN, 'opt-1', 1);
    for (let i = 0; i < 4; i++) await answers({ country: 'South Africa', city: 'Pretoria' }, 'opt-2', 2);
    const r = await results(mc1.id, a.cookie);
    expect(r.places.byCountry).toEqual({ total: 5, available: false, groups: [] });
    await answers({ country: 'Kenya', city: null }, 'opt-3', 3);
    expect((await results(mc1.id, a.cookie)).places.byCountry.available).toBe(true);
  });

  it('deleting answers moves the per-date and place figures back', async () => {
    await answers(DURBAN, 'opt-1', 1);
    const b = await answers({ country: 'Kenya', city: 'Nairobi' }, 'opt-2', 2);
    now = new Date(`${DAY2}T12:00:00Z`);
    await answers({ country: 'Kenya', city: 'Nairobi' }, 'opt-2', 2);
    const token = await t.adminToken();
    const before = await results(mc1.id, undefined, token);
    expect(before.trend?.totals).toEqual([2, 1]);
    expect((await t.request(`/api/admin/users/${b.user.id}`, { method: 'DELETE', token })).status).toBe(200);
    const after = await results(mc1.id, undefined, token);
    expect(after.trend).toMatchObject({ dates: [DAY1, DAY2], totals: [1, 1] });
    expect(await countersEqualRecount(t.db)).toBe(true);
  });
});
