import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailyTopicsResponseSchema, QuestionResultsSchema } from '@daily-tea/shared/contracts/daily';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { countersEqualRecount } from '../db/queries/counters.queries';
import { createTestApp, TEST_TODAY, type TestApp } from '../test/harness';
import { DEMO_DAYS, DEMO_PASSWORD, DEMO_TOPICS_PER_DAY, DEMO_USERS, seedDemo } from './demo-seed';
import { DEMO_HISTORY_DAYS_AGO } from './demo-history';

let t: TestApp;
let seedMs = 0;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await seedDemo(t.deps);
  seedMs = performance.now() - started;
});
afterAll(() => t.close());

const rows = <T>(query: ReturnType<typeof sql>) => t.db.all<T>(query);
const count = async (table: string) =>
  (await rows<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n;

describe('seedDemo', () => {
  it('is quick', () => {
    // The budget is 3 s on a quiet machine; the margin absorbs a busy shared CI box.
    expect(seedMs, `seeded in ${Math.round(seedMs)} ms`).toBeLessThan(6000);
  });

  it('creates a varied catalogue scheduled five a day for today and the next six days', async () => {
    const topics = await rows<{ id: string; category: string }>(
      sql`SELECT id, category FROM topics WHERE is_active = 1`,
    );
    expect(topics.length).toBeGreaterThanOrEqual(8);
    expect(new Set(topics.map((x) => x.category)).size).toBeGreaterThanOrEqual(8);

    const days = await rows<{ date: string; topic_ids: string }>(
      sql`SELECT date, topic_ids FROM daily_topics WHERE date >= ${TEST_TODAY} ORDER BY date`,
    );
    expect(days.map((d) => d.date)).toEqual(
      Array.from({ length: DEMO_DAYS }, (_, i) => addDays(TEST_TODAY, i)),
    );
    for (const day of days) {
      const ids = JSON.parse(day.topic_ids) as string[];
      expect(new Set(ids).size).toBe(DEMO_TOPICS_PER_DAY);
      const perTopic = await rows<{ topic_id: string; n: number }>(
        sql`SELECT topic_id, count(*) AS n FROM questions WHERE date = ${day.date} GROUP BY topic_id`,
      );
      expect(perTopic.map((p) => p.topic_id).sort()).toEqual([...ids].sort());
      for (const p of perTopic) {
        expect(p.n).toBeGreaterThanOrEqual(3);
        expect(p.n).toBeLessThanOrEqual(5);
      }
    }

    const numeric = await rows<{
      numeric_unit: string | null;
      min_value: number | null;
      max_value: number | null;
      options: string;
    }>(sql`SELECT numeric_unit, min_value, max_value, options FROM questions WHERE type = 'numeric'`);
    expect(numeric.length).toBeGreaterThan(10);
    for (const q of numeric) {
      expect(q.numeric_unit).toBeTruthy();
      expect(q.min_value).not.toBeNull();
      expect(q.max_value!).toBeGreaterThan(q.min_value!);
      expect(JSON.parse(q.options)).toEqual([]);
    }
    const choice = await rows<{ options: string }>(
      sql`SELECT options FROM questions WHERE type = 'multiple_choice'`,
    );
    expect(choice.length).toBeGreaterThan(10);
    for (const q of choice) expect((JSON.parse(q.options) as unknown[]).length).toBeGreaterThanOrEqual(3);

    const linked = await rows<{ n: number; bad: number }>(
      sql`SELECT count(*) AS n, sum(q.group_id <> q.linked_question_id OR s.id IS NULL OR s.date >= q.date) AS bad
          FROM questions q LEFT JOIN questions s ON s.id = q.linked_question_id WHERE q.linked_question_id IS NOT NULL`,
    );
    expect(linked[0]!.n).toBeGreaterThan(0);
    expect(linked[0]!.bad).toBe(0);

    // History: two of today's topics were asked 14 and 7 days ago; today's questions of those
    // topics are linked to their first asking, so their results carry a trend.
    const past = await rows<{ date: string; topic_ids: string }>(
      sql`SELECT date, topic_ids FROM daily_topics WHERE date < ${TEST_TODAY} ORDER BY date`,
    );
    expect(past.map((d) => d.date)).toEqual(DEMO_HISTORY_DAYS_AGO.map((n) => addDays(TEST_TODAY, -n)));
    const reasked = await rows<{ n: number }>(sql`SELECT count(DISTINCT q.id) AS n FROM questions q
      JOIN questions root ON root.id = q.group_id WHERE q.date = ${TEST_TODAY} AND root.date < ${TEST_TODAY}`);
    expect(reasked[0]!.n).toBeGreaterThanOrEqual(6);
  });

  it('creates demo_1 … demo_300 with varied profiles, today’s selections and answers, streaks and badges', async () => {
    expect(await count('users')).toBe(DEMO_USERS);
    const names = await rows<{ username: string }>(sql`SELECT username FROM users`);
    expect(new Set(names.map((u) => u.username))).toEqual(
      new Set(Array.from({ length: DEMO_USERS }, (_, i) => `demo_${i + 1}`)),
    );
    for (const column of ['gender', 'age_bracket', 'race_bracket', 'country']) {
      const distinct = await rows<{ n: number }>(sql.raw(`SELECT count(DISTINCT ${column}) AS n FROM users`));
      expect(distinct[0]!.n, column).toBeGreaterThanOrEqual(4);
    }
    const selections = await rows<{ date: string; n: number }>(
      sql`SELECT date, count(*) AS n FROM user_daily_selections GROUP BY date`,
    );
    // Today, and the two history days of the re-asked questions.
    expect(selections.map((x) => x.date).sort()).toEqual(
      [...DEMO_HISTORY_DAYS_AGO.map((n) => addDays(TEST_TODAY, -n)), TEST_TODAY].sort(),
    );
    expect(selections.find((x) => x.date === TEST_TODAY)!.n).toBeGreaterThan(200);
    const overCap = await rows<{ n: number }>(
      sql`SELECT count(*) AS n FROM user_daily_selections WHERE json_array_length(selected_topic_ids) > 3`,
    );
    expect(overCap[0]!.n).toBe(0);

    // Every answer belongs to a question of a topic its player selected that day, with the player's snapshot.
    const stray = await rows<{ n: number }>(sql`SELECT count(*) AS n FROM answers a
      JOIN questions q ON q.id = a.question_id JOIN users u ON u.id = a.user_id
      LEFT JOIN user_daily_selections s ON s.user_id = a.user_id AND s.date = a.question_date
      WHERE a.question_date > ${TEST_TODAY} OR q.date <> a.question_date OR a.group_id <> q.group_id
        OR a.country IS NOT u.country OR a.city IS NOT u.city
        OR s.id IS NULL OR NOT EXISTS (SELECT 1 FROM json_each(s.selected_topic_ids) j WHERE j.value = q.topic_id)
        OR a.gender IS NOT u.gender OR a.age_bracket IS NOT u.age_bracket OR a.race_bracket IS NOT u.race_bracket`);
    expect(stray[0]!.n).toBe(0);
    expect(await count('answers')).toBeGreaterThan(1000);

    const streaks = await rows<{ bad: number; active: number }>(sql`SELECT
      sum(longest_streak < current_streak OR (total_answers > 0 AND (last_activity_date <> ${TEST_TODAY} OR current_streak < 1))) AS bad,
      sum(total_answers > 0) AS active FROM users`);
    expect(streaks[0]!.bad).toBe(0);
    expect(streaks[0]!.active).toBeGreaterThan(200);
    const badgeTypes = await rows<{ type: string }>(sql`SELECT DISTINCT type FROM badges`);
    expect(badgeTypes.map((b) => b.type)).toEqual(
      expect.arrayContaining(['first_answer', 'streak_3', 'full_house']),
    );
    const unearned = await rows<{
      n: number;
    }>(sql`SELECT count(*) AS n FROM badges b JOIN users u ON u.id = b.user_id
      WHERE (b.type = 'first_answer' AND u.total_answers = 0)
         OR (b.type = 'streak_3' AND u.longest_streak < 3) OR (b.type = 'streak_7' AND u.longest_streak < 7)
         OR (b.type = 'streak_30' AND u.longest_streak < 30)`);
    expect(unearned[0]!.n).toBe(0);
  });

  it('leaves counters equal to a full recount', async () => {
    expect(await countersEqualRecount(t.db)).toBe(true);
  });

  it('does nothing when topics already exist', async () => {
    const before = await Promise.all(['topics', 'questions', 'users', 'answers', 'badges'].map(count));
    await seedDemo(t.deps);
    expect(await Promise.all(['topics', 'questions', 'users', 'answers', 'badges'].map(count))).toEqual(
      before,
    );
  });

  it('lets demo players sign in, and shows a newcomer live results and breakdowns', async () => {
    const login = await t.request('/api/login', {
      method: 'POST',
      json: { username: 'demo_1', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);

    const { cookie } = await t.signUp();
    await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      json: {
        gender: 'female',
        ageBracket: '25-34',
        raceBracket: 'black',
        country: 'South Africa',
        city: 'Cape Town',
      },
    });
    const daily = DailyTopicsResponseSchema.parse(
      await (await t.request('/api/daily-topics', { cookie })).json(),
    );
    expect(daily.topics).toHaveLength(DEMO_TOPICS_PER_DAY);
    const topic = daily.topics[0]!;
    expect(
      (await t.request('/api/select-topic', { method: 'POST', cookie, json: { topicId: topic.id } })).status,
    ).toBe(200);
    for (const q of topic.questions) {
      const body =
        q.type === 'numeric'
          ? { questionId: q.id, numericValue: q.minValue ?? 0 }
          : { questionId: q.id, selectedOptionId: 'opt-1' };
      expect((await t.request('/api/answers', { method: 'POST', cookie, json: body })).status).toBe(201);
      const results = QuestionResultsSchema.parse(
        await (await t.request(`/api/questions/${q.id}/results`, { cookie })).json(),
      );
      expect(results.totalAnswers).toBeGreaterThan(20);
      expect(Object.keys(results.demographicBreakdown)).toEqual(
        expect.arrayContaining(['male', 'female', 'age_18-24', 'race_black']),
      );
      if (q.type === 'numeric') expect(results.numericStats?.count).toBe(results.totalAnswers);
      // The first topic of the day was also asked 14 and 7 days ago: the newcomer did not play those days, so
      // their answers stay out (ADR 0230); an operator sees the three-date trend.
      expect(results.trend).toBeNull();
      const whole = QuestionResultsSchema.parse(
        await (await t.request(`/api/questions/${q.id}/results`, { token: await t.adminToken() })).json(),
      );
      expect(whole.trend?.dates).toEqual([addDays(TEST_TODAY, -14), addDays(TEST_TODAY, -7), TEST_TODAY]);
      // Every date has enough answers to show its figures.
      const figures = q.type === 'numeric' ? whole.trend?.averages : whole.trend?.counts;
      expect(figures?.every((f) => f !== null)).toBe(true);
      expect(results.places.byCountry.available).toBe(true);
      expect(results.places.city).toMatchObject({ city: 'Cape Town', available: true });
    }
    expect(await countersEqualRecount(t.db)).toBe(true);

    // demo_1, the demo's regular, played both history days and today's topics that have a history: their
    // results show the three-date trend.
    const regular = login.headers.get('set-cookie')!.split(';')[0]!;
    const mine = DailyTopicsResponseSchema.parse(
      await (await t.request('/api/daily-topics', { cookie: regular })).json(),
    );
    const first = mine.topics.find((x) => x.id === topic.id)!;
    expect(first.questions.every((q) => q.userAnswer !== null)).toBe(true);
    const seen = QuestionResultsSchema.parse(
      await (await t.request(`/api/questions/${first.questions[0]!.id}/results`, { cookie: regular })).json(),
    );
    expect(seen.trend?.dates).toEqual([addDays(TEST_TODAY, -14), addDays(TEST_TODAY, -7), TEST_TODAY]);
  });
});
