import { afterEach, describe, expect, it } from 'vitest';
import { createAdminKit, type AdminKit } from './admin.test-kit';

const TODAY = '2026-06-10';

let kit: AdminKit;
afterEach(() => kit?.close());

/** Today's schedule: a drinks topic with a choice and a numeric question, a food topic with one choice question. */
async function day() {
  kit = await createAdminKit();
  const drinks = await kit.topic({ title: 'Drinks' });
  const food = await kit.topic({ title: 'Food' });
  await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [drinks.id, food.id] });
  const choice = await kit.question(drinks.id, TODAY, { text: 'Tea or coffee?' });
  const cups = await kit.question(drinks.id, TODAY, {
    text: 'Cups a day?',
    type: 'numeric',
    options: [],
    numericUnit: 'cups',
    minValue: 0,
    maxValue: 40,
  });
  const lunch = await kit.question(food.id, TODAY, { text: 'Lunch?', options: ['Soup', 'Salad'] });
  await kit.question(food.id, '2026-06-11', { text: 'Tomorrow?' });
  const players = {
    ann: await kit.player({ username: 'ann', gender: 'female', ageBracket: '25-34', raceBracket: 'black' }),
    bob: await kit.player({ username: 'bob', gender: 'male', ageBracket: '18-24', raceBracket: 'white' }),
    cat: await kit.player({ username: 'cat', gender: 'female', ageBracket: '18-24' }),
    dan: await kit.player({ username: 'dan' }),
  };
  const pick = (p: keyof typeof players, q: { id: string }, topicId: string, opt: string) =>
    kit.answer(players[p], topicId, q.id, { selectedOptionId: opt });
  const cupsOf = (p: keyof typeof players, n: number) =>
    kit.answer(players[p], drinks.id, cups.id, { numericValue: n });
  await pick('ann', choice, drinks.id, 'opt-1');
  await pick('bob', choice, drinks.id, 'opt-2');
  await pick('cat', choice, drinks.id, 'opt-1');
  await pick('dan', choice, drinks.id, 'opt-3');
  await cupsOf('ann', 2);
  await cupsOf('bob', 5);
  await cupsOf('cat', 3);
  await pick('ann', lunch, food.id, 'opt-2');
  return { drinks, food, choice, cups, lunch, players };
}

const get = async (path: string) => {
  const res = await kit.admin.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('response analytics', () => {
  it('counts every option of every question of the date, and bins the numeric answers', async () => {
    const { choice, cups, lunch } = await day();
    const { questions } = await get(`/api/admin/stats/responses/questions?date=${TODAY}`);
    expect(questions.map((q: { id: string }) => q.id)).toEqual([choice.id, cups.id, lunch.id]);
    expect(questions[0]).toEqual({
      id: choice.id,
      text: 'Tea or coffee?',
      type: 'multiple_choice',
      topicTitle: 'Drinks',
      numericUnit: null,
      total: 4,
      options: [
        { id: 'opt-1', text: 'Tea', count: 2 },
        { id: 'opt-2', text: 'Coffee', count: 1 },
        { id: 'opt-3', text: 'Water', count: 1 },
      ],
      numeric: null,
    });
    // Whole numbers 2..5: one bin per value.
    expect(questions[1]).toMatchObject({
      total: 3,
      numericUnit: 'cups',
      options: [],
      numeric: {
        average: 3.3,
        min: 2,
        max: 5,
        bins: [
          { from: 2, to: 3, count: 1 },
          { from: 3, to: 4, count: 1 },
          { from: 4, to: 5, count: 0 },
          { from: 5, to: 6, count: 1 },
        ],
      },
    });
    expect(questions[2].options).toEqual([
      { id: 'opt-1', text: 'Soup', count: 0 },
      { id: 'opt-2', text: 'Salad', count: 1 },
    ]);
  });

  it('follows the topic, question and demographic filters, stat cards included', async () => {
    const { drinks, choice, cups } = await day();
    const topic = await get(`/api/admin/stats/responses/questions?date=${TODAY}&topicId=${drinks.id}`);
    expect(topic.questions.map((q: { id: string }) => q.id)).toEqual([choice.id, cups.id]);
    expect(await get(`/api/admin/stats/responses?date=${TODAY}&topicId=${drinks.id}`)).toEqual({
      date: TODAY,
      totalResponses: 7,
      questionsAnswered: 2,
      totalQuestions: 2,
      responseRate: 100,
    });
    expect(await get(`/api/admin/stats/responses?date=${TODAY}&questionId=${choice.id}`)).toEqual({
      date: TODAY,
      totalResponses: 4,
      questionsAnswered: 1,
      totalQuestions: 1,
      responseRate: 100,
    });

    const women = await get(`/api/admin/stats/responses/questions?date=${TODAY}&gender=female`);
    expect(women.questions[0].options.map((o: { count: number }) => o.count)).toEqual([2, 0, 0]);
    expect(women.questions[1].numeric).toMatchObject({ average: 2.5, min: 2, max: 3 });
    expect(women.questions[2].total).toBe(1);
    expect(await get(`/api/admin/stats/responses?date=${TODAY}&gender=female&ageBracket=18-24`)).toEqual({
      date: TODAY,
      totalResponses: 2,
      questionsAnswered: 2,
      totalQuestions: 3,
      responseRate: 67,
    });
    const none = await get(`/api/admin/stats/responses/questions?date=${TODAY}&raceBracket=indian`);
    expect(none.questions.map((q: { total: number }) => q.total)).toEqual([0, 0, 0]);
    expect(none.questions[1].numeric).toBeNull();
  });

  it("splits one question's answers by gender, age and race, with how each group answered", async () => {
    const { choice, cups } = await day();
    const split = await get(`/api/admin/stats/responses/demographics?date=${TODAY}&questionId=${choice.id}`);
    expect(split.total).toBe(4);
    expect(split.question).toMatchObject({ id: choice.id, type: 'multiple_choice' });
    expect(split.question.options.map((o: { count: number }) => o.count)).toEqual([2, 1, 1]);
    const gender = split.dimensions.find((d: { key: string }) => d.key === 'gender');
    const group = (key: string) => gender.groups.find((g: { key: string }) => g.key === key);
    expect(group('female')).toEqual({
      key: 'female',
      label: 'Female',
      count: 2,
      optionCounts: { 'opt-1': 2, 'opt-2': 0, 'opt-3': 0 },
      average: null,
    });
    expect(group('male')).toMatchObject({ count: 1, optionCounts: { 'opt-1': 0, 'opt-2': 1, 'opt-3': 0 } });
    expect(group('not_specified')).toMatchObject({ label: 'Not specified', count: 1 });
    expect(group('transgender')).toMatchObject({ count: 0 });
    const race = split.dimensions.find((d: { key: string }) => d.key === 'raceBracket');
    expect(race.label).toBe('Race/Ethnicity');
    expect(race.groups.find((g: { key: string }) => g.key === 'not_specified').count).toBe(2);

    const numeric = await get(`/api/admin/stats/responses/demographics?date=${TODAY}&questionId=${cups.id}`);
    const age = numeric.dimensions.find((d: { key: string }) => d.key === 'ageBracket');
    expect(age.groups.find((g: { key: string }) => g.key === '18-24')).toMatchObject({
      count: 2,
      average: 4,
      optionCounts: null,
    });

    // A whole date: counts of answers per group, no per-option detail.
    const all = await get(`/api/admin/stats/responses/demographics?date=${TODAY}`);
    expect(all.total).toBe(8);
    expect(all.question).toBeNull();
    expect(all.dimensions[0].groups.find((g: { key: string }) => g.key === 'female')).toMatchObject({
      count: 5,
      optionCounts: null,
    });
  });

  it('is current: an answer and a deletion show at once', async () => {
    const { choice, players, drinks } = await day();
    const before = await get(`/api/admin/stats/responses/questions?date=${TODAY}&questionId=${choice.id}`);
    expect(before.questions[0].total).toBe(4);
    const eve = await kit.player({ username: 'eve', gender: 'female' });
    await kit.answer(eve, drinks.id, choice.id, { selectedOptionId: 'opt-2' });
    const page = await get(`/api/admin/answers?date=${TODAY}&questionId=${choice.id}&limit=10&offset=0`);
    expect(page.items.map((a: { username: string }) => a.username).sort()).toEqual([
      'ann',
      'bob',
      'cat',
      'dan',
      'eve',
    ]);
    const ann = page.items.find((a: { userId: string }) => a.userId === players.ann.id);
    expect((await kit.admin.del(`/api/admin/answers/${ann.id}`)).status).toBe(200);
    const after = await get(`/api/admin/stats/responses/questions?date=${TODAY}&questionId=${choice.id}`);
    expect(after.questions[0].options.map((o: { count: number }) => o.count)).toEqual([1, 2, 1]);
    expect(await get(`/api/admin/stats/responses?date=${TODAY}&questionId=${choice.id}`)).toMatchObject({
      totalResponses: 4,
    });
  });

  it('refuses a bad filter with a clear 400', async () => {
    kit = await createAdminKit();
    for (const query of [
      '',
      'date=2026-13-01',
      `date=${TODAY}&gender=robot`,
      `date=${TODAY}&ageBracket=99`,
    ]) {
      for (const path of ['/questions', '/demographics', '']) {
        const res = await kit.admin.get(`/api/admin/stats/responses${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(typeof res.body.message).toBe('string');
      }
    }
    const gender = await kit.admin.get(`/api/admin/stats/responses/questions?date=${TODAY}&gender=robot`);
    expect(gender.body.message).toMatch(/gender/i);
    expect(
      (await kit.call('GET', `/api/admin/stats/responses/questions?date=${TODAY}`, { token: null })).status,
    ).toBe(401);
  });
});
