import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAnswer, createQuestion, createTopic, createUser, scheduleDay } from '../../test/factories';
import { createTestApp, TEST_DATABASE, TEST_NOW, TEST_TODAY, type TestApp } from '../../test/harness';
import { writeAnswerBatch } from './answers.queries';
import { countersEqualRecount, recountAllCounters } from './counters.queries';
import { findGroupCounters } from './results.queries';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

async function world() {
  const topic = await createTopic(t.db);
  const mc = await createQuestion(t.db, { topicId: topic.id });
  const numeric = await createQuestion(t.db, {
    topicId: topic.id,
    type: 'numeric',
    minValue: 0,
    maxValue: 10,
  });
  await scheduleDay(t.db, TEST_TODAY, [topic.id]);
  const user = await createUser(t.db, { gender: 'other', ageBracket: '35-44', raceBracket: 'indian' });
  await t.db.run(
    sql`INSERT INTO user_daily_selections (id, user_id, date, selected_topic_ids) VALUES ('sel', ${user.id}, ${TEST_TODAY}, ${JSON.stringify([topic.id])})`,
  );
  return { topic, mc, numeric, user };
}

describe('countersEqualRecount', () => {
  it('notices every kind of drift, and recountAllCounters repairs it', async () => {
    const { mc, numeric, user } = await world();
    await createAnswer(t.db, { userId: user.id, questionId: mc.id, selectedOptionId: 'opt-2' });
    await createAnswer(t.db, { userId: user.id, questionId: numeric.id, numericValue: 4.5 });
    expect(await countersEqualRecount(t.db)).toBe(true);

    const drifts = [
      sql`UPDATE result_counters SET count = count + 1 WHERE bucket = 'all' AND option_id = 'opt-2'`,
      sql`UPDATE result_counters SET value_sum = value_sum + 1 WHERE option_id = '#' AND bucket = 'all'`,
      sql`DELETE FROM result_counters WHERE bucket = 'other' AND option_id = 'opt-2'`,
      sql`INSERT INTO result_counters (group_id, bucket, option_id, count, value_sum) VALUES ('ghost', 'all', 'opt-1', 1, 0)`,
      sql`UPDATE result_counters SET value_sq_sum = value_sq_sum + 1 WHERE option_id = '#' AND bucket = 'all'`,
      sql`INSERT INTO result_counters (group_id, bucket, option_id, count) VALUES (${mc.groupId}, '~w:male|18-24|white|', 'opt-1', 1)`,
      sql`UPDATE users SET total_answers = total_answers + 1`,
      sql`UPDATE questions SET answer_count = 0`,
    ];
    for (const drift of drifts) {
      await t.db.run(drift);
      expect(await countersEqualRecount(t.db)).toBe(false);
      await recountAllCounters(t.db);
      expect(await countersEqualRecount(t.db)).toBe(true);
    }
  });

  it('buckets an answer under all and each demographic key of its snapshot', async () => {
    const { mc, numeric, user } = await world();
    await createAnswer(t.db, { userId: user.id, questionId: mc.id, selectedOptionId: 'opt-3' });
    await createAnswer(t.db, { userId: user.id, questionId: numeric.id, numericValue: 7 });
    const rows = (await findGroupCounters(t.db, mc.groupId))
      .map((r) => `${r.bucket}/${r.optionId}/${r.count}`)
      .sort();
    expect(rows).toEqual([
      'age_35-44/opt-3/1',
      'all/opt-3/1',
      `d:${TEST_TODAY}/opt-3/1`,
      'other/opt-3/1',
      'race_indian/opt-3/1',
      // The same buckets scoped to the answer's game day (ADR 0230).
      `~day:${TEST_TODAY}|age_35-44/opt-3/1`,
      `~day:${TEST_TODAY}|other/opt-3/1`,
      `~day:${TEST_TODAY}|race_indian/opt-3/1`,
    ]);
    const num = await findGroupCounters(t.db, numeric.groupId);
    expect(num.find((r) => r.bucket === 'all')).toEqual({
      bucket: 'all',
      optionId: '#',
      count: 1,
      valueSum: 7,
    });
  });
});

describe('writeAnswerBatch', () => {
  const write = (w: {
    userId: string;
    questionId: string;
    groupId: string;
    topicId: string;
    answerId: string;
  }) =>
    writeAnswerBatch(t.db, {
      ...w,
      questionDate: TEST_TODAY,
      playDate: TEST_TODAY,
      funnel: { answered: true, finished: false },
      selectedOptionId: 'opt-1',
      numericValue: null,
      answeredAt: TEST_NOW,
      late: false,
      frozenDays: [],
      streak: {
        currentStreak: 1,
        longestStreak: 1,
        lastActivityDate: TEST_TODAY,
        streakFreezes: 0,
        freezesSpentOn: null,
        freezesSpent: 0,
      },
      badgeTypes: ['first_answer'],
      newBadgeId: () => crypto.randomUUID(),
    });

  it('changes nothing at all for a duplicate (user, question)', async () => {
    const { topic, mc, user } = await world();
    const first = await write({
      userId: user.id,
      questionId: mc.id,
      groupId: mc.groupId,
      topicId: topic.id,
      answerId: 'a1',
    });
    expect(first.answer?.id).toBe('a1');
    expect(first.newBadges.map((b) => b.type)).toEqual(['first_answer']);
    const before = await findGroupCounters(t.db, mc.groupId);
    const second = await write({
      userId: user.id,
      questionId: mc.id,
      groupId: mc.groupId,
      topicId: topic.id,
      answerId: 'a2',
    });
    expect(second).toEqual({ answer: undefined, newBadges: [] });
    expect(await findGroupCounters(t.db, mc.groupId)).toEqual(before);
    expect(await countersEqualRecount(t.db)).toBe(true);
  });

  it('writes nothing when the topic is no longer selected', async () => {
    const { mc, user } = await world();
    const other = await createTopic(t.db);
    const result = await write({
      userId: user.id,
      questionId: mc.id,
      groupId: mc.groupId,
      topicId: other.id,
      answerId: 'a3',
    });
    expect(result).toEqual({ answer: undefined, newBadges: [] });
    expect(await findGroupCounters(t.db, mc.groupId)).toEqual([]);
    expect(await countersEqualRecount(t.db)).toBe(true);
  });
});

describe('migration 0009 (trend and place counters)', () => {
  // Reads the migration file from disk (Node); the D1 run applies the same migration to every database it opens.
  it.skipIf(TEST_DATABASE === 'd1')(
    'backfills the place snapshot and adds the new buckets so counters equal a recount',
    async () => {
      const { readFileSync } = await import('node:fs');
      const { mc, numeric, user } = await world();
      await t.db.run(sql`UPDATE users SET country = 'Kenya', city = 'Nairobi' WHERE id = ${user.id}`);
      const other = await createUser(t.db, { country: 'Ghana', city: null });
      await createAnswer(t.db, { userId: user.id, questionId: mc.id, selectedOptionId: 'opt-2' });
      await createAnswer(t.db, { userId: user.id, questionId: numeric.id, numericValue: 3 });
      await createAnswer(t.db, { userId: other.id, questionId: mc.id, selectedOptionId: 'opt-1' });
      // The database as it was before 0009: no place snapshot, no date/place buckets.
      await t.db.run(sql`UPDATE answers SET country = NULL, city = NULL`);
      await t.db.run(
        sql`DELETE FROM result_counters WHERE bucket LIKE 'd:%' OR bucket LIKE 'c:%' OR bucket LIKE '~city:%' OR bucket LIKE '~day:%'`,
      );
      expect(await countersEqualRecount(t.db, 'before-weighting')).toBe(false); // the date buckets are missing
      // 0009, then 0016 (the day-scoped copies of its buckets) as a migrating database runs them.
      for (const file of ['0009_trend_place_counters.sql', '0016_link_group_day_counters.sql']) {
        const migration = readFileSync(
          new URL(`../../../../drizzle/migrations/${file}`, import.meta.url),
          'utf8',
        );
        for (const statement of migration.split('--> statement-breakpoint'))
          await t.db.run(sql.raw(statement));
      }
      const places = await t.db.all<{ country: string | null; city: string | null }>(
        sql`SELECT country, city FROM answers ORDER BY country`,
      );
      expect(places).toEqual([
        { country: 'Ghana', city: null },
        { country: 'Kenya', city: 'Nairobi' },
        { country: 'Kenya', city: 'Nairobi' },
      ]);
      expect(await countersEqualRecount(t.db, 'before-weighting')).toBe(true);
      const buckets = (await findGroupCounters(t.db, mc.groupId)).map(
        (r) => `${r.bucket}/${r.optionId}/${r.count}`,
      );
      expect(buckets).toEqual(
        expect.arrayContaining([
          `d:${TEST_TODAY}/opt-1/1`,
          `d:${TEST_TODAY}/opt-2/1`,
          'c:Kenya/opt-2/1',
          'c:Ghana/opt-1/1',
          '~city:["Kenya","Nairobi"]/opt-2/1',
        ]),
      );
    },
  );
});

describe('migration 0016 (day-scoped counters of the link-group rule)', () => {
  it.skipIf(TEST_DATABASE === 'd1')('adds the day-scoped buckets so counters equal a recount', async () => {
    const { readFileSync } = await import('node:fs');
    const { mc, numeric, user } = await world();
    await t.db.run(sql`UPDATE users SET country = 'Kenya', city = 'Nairobi' WHERE id = ${user.id}`);
    const other = await createUser(t.db, { gender: 'male', country: 'Ghana', city: null });
    await createAnswer(t.db, { userId: user.id, questionId: mc.id, selectedOptionId: 'opt-2' });
    await createAnswer(t.db, { userId: user.id, questionId: numeric.id, numericValue: 3 });
    await createAnswer(t.db, { userId: other.id, questionId: mc.id, selectedOptionId: 'opt-1' });
    await t.db.run(sql`UPDATE answers SET country = 'Kenya', city = 'Nairobi' WHERE user_id = ${user.id}`);
    await recountAllCounters(t.db);
    // The database as it was before 0016: no day-scoped rows.
    await t.db.run(sql`DELETE FROM result_counters WHERE bucket LIKE '~day:%'`);
    expect(await countersEqualRecount(t.db, 'before-weighting')).toBe(false);
    const migration = readFileSync(
      new URL('../../../../drizzle/migrations/0016_link_group_day_counters.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.run(sql.raw(statement));
    expect(await countersEqualRecount(t.db, 'before-weighting')).toBe(true);
    const buckets = (await findGroupCounters(t.db, mc.groupId)).map(
      (r) => `${r.bucket}/${r.optionId}/${r.count}`,
    );
    expect(buckets).toEqual(
      expect.arrayContaining([
        `~day:${TEST_TODAY}|male/opt-1/1`,
        `~day:${TEST_TODAY}|other/opt-2/1`,
        `~day:${TEST_TODAY}|c:Kenya/opt-2/1`,
        `~day:${TEST_TODAY}|~city:["Kenya","Nairobi"]/opt-2/1`,
      ]),
    );
  });
});

describe('migration 0028 (weighting cells and squared sums)', () => {
  it.skipIf(TEST_DATABASE === 'd1')(
    'gives South Africans the province of their city and rebuilds the counters with cells and squares',
    async () => {
      const { readFileSync } = await import('node:fs');
      const { mc, numeric, user } = await world();
      const cape = {
        gender: 'female',
        ageBracket: '25-34',
        raceBracket: 'black',
        country: 'South Africa',
        city: 'Cape Town',
      };
      await t.db.run(
        sql`UPDATE users SET gender = 'female', age_bracket = '25-34', race_bracket = 'black', country = 'South Africa', city = 'Cape Town' WHERE id = ${user.id}`,
      );
      const kenyan = await createUser(t.db, { country: 'Kenya', city: 'Nairobi' });
      await createAnswer(t.db, { userId: user.id, questionId: mc.id, selectedOptionId: 'opt-2', ...cape });
      await createAnswer(t.db, { userId: user.id, questionId: numeric.id, numericValue: 3, ...cape });
      await createAnswer(t.db, {
        userId: kenyan.id,
        questionId: mc.id,
        selectedOptionId: 'opt-1',
        country: 'Kenya',
      });
      // The database as it was before 0027/0028: no provinces, no cells, no squared sums.
      await t.db.run(sql`UPDATE users SET province = NULL`);
      await t.db.run(sql`UPDATE answers SET province = NULL`);
      await t.db.run(sql`DELETE FROM result_counters WHERE bucket LIKE '~w:%'`);
      await t.db.run(sql`UPDATE result_counters SET value_sq_sum = 0`);
      expect(await countersEqualRecount(t.db)).toBe(false);
      const migration = readFileSync(
        new URL('../../../../drizzle/migrations/0028_weighting_backfill.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) await t.db.run(sql.raw(statement));
      expect(await countersEqualRecount(t.db)).toBe(true);
      const provinces = await t.db.all<{ province: string | null }>(
        sql`SELECT province FROM users WHERE id IN (${user.id}, ${kenyan.id}) ORDER BY country DESC`,
      );
      expect(provinces).toEqual([{ province: 'western_cape' }, { province: null }]);
      const buckets = (await findGroupCounters(t.db, mc.groupId)).map(
        (r) => `${r.bucket}/${r.optionId}/${r.count}`,
      );
      expect(buckets).toEqual(expect.arrayContaining(['~w:female|25-34|black|western_cape/opt-2/1']));
      expect(buckets.filter((b) => b.startsWith('~w:'))).toHaveLength(1);
    },
  );
});
