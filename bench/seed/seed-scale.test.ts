import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { countersEqualRecount, verifyPassword } from '@daily-tea/edge-api/tooling';
import { orderedId, SCALE_PASSWORD, seedScale, type ScaleSummary } from './seed-scale';
import { answerQuota, createRng, pickTopics } from './scale-plan';
import { openScaleTestApp, type ScaleTestApp } from './seed-scale.test-kit';

describe.each(['embedded', 'libsql'] as const)('seed:scale on %s', (driver) => {
  let t: ScaleTestApp;
  let summary: ScaleSummary;
  const now = new Date('2026-05-20T12:00:00Z');

  beforeAll(async () => {
    t = await openScaleTestApp(now, driver);
    summary = await seedScale(t.db, {
      users: 400,
      answers: 3000,
      historyDays: 6,
      activityDays: 40,
      seed: 7,
      now,
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('writes exactly M answers over today and every player answered today', async () => {
    expect(summary.answersToday).toBe(3000);
    const [row] = await t.db.all<{ n: number; players: number }>(
      sql`SELECT count(*) AS n, count(DISTINCT user_id) AS players FROM answers WHERE question_date = ${summary.today}`,
    );
    expect(row).toEqual({ n: 3000, players: 400 });
    const [total] = await t.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM answers`);
    expect(total!.n).toBe(summary.answersTotal);
  });

  it('keeps counters, totals, streaks and badges consistent with the answers', async () => {
    expect(await countersEqualRecount(t.db)).toBe(true);
    const [mismatch] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM users u WHERE u.total_answers != (SELECT count(*) FROM answers a WHERE a.user_id = u.id)`,
    );
    expect(mismatch!.n).toBe(0);
    // A streak is today plus the run of consecutive earlier days answered; the day before the run was a day off.
    const [badStreak] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM users u WHERE u.current_streak != 1 + (SELECT count(*) FROM answers a
        WHERE a.user_id = u.id AND a.question_date < ${summary.today}
          AND a.question_date >= date(${summary.today}, '-' || (u.current_streak - 1) || ' days'))
        OR EXISTS (SELECT 1 FROM answers a WHERE a.user_id = u.id
          AND a.question_date = date(${summary.today}, '-' || u.current_streak || ' days'))`,
    );
    expect(badStreak!.n).toBe(0);
    const [firstAnswer] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM badges WHERE type = 'first_answer'`,
    );
    expect(firstAnswer!.n).toBe(400);
    const [answerCounts] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM questions q WHERE q.answer_count != (SELECT count(*) FROM answers a WHERE a.question_id = q.id)`,
    );
    expect(answerCounts!.n).toBe(0);
  });

  it('names players scale_1 … scale_N, all signing in with scale-password, and links the hot series', async () => {
    const users = await t.db.all<{ username: string; password_hash: string }>(
      sql`SELECT username, password_hash FROM users ORDER BY rowid`,
    );
    expect(users.map((u) => u.username)).toEqual(Array.from({ length: 400 }, (_, i) => `scale_${i + 1}`));
    expect(await verifyPassword(users[0]!.password_hash, SCALE_PASSWORD)).toBe(true);
    const res = await t.request('/api/login', {
      method: 'POST',
      json: { username: 'scale_17', password: SCALE_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(summary.hotGroupAnswers).toBeGreaterThan(summary.nicheQuestionAnswers);
    const [linked] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM questions WHERE linked_question_id IS NOT NULL`,
    );
    expect(linked!.n).toBe(6); // the hot link group over the history days: 5 earlier days and today
    const [series] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM questions WHERE text = (SELECT text FROM questions WHERE id = ${summary.hotQuestionId})`,
    );
    expect(series!.n).toBe(41); // the series over the activity window: 40 earlier days and today
  });

  it('refuses a database that already has players', async () => {
    await expect(seedScale(t.db, { users: 10, answers: 10, historyDays: 0, seed: 1, now })).rejects.toThrow(
      /empty database/,
    );
  });
});

describe('scale plan', () => {
  it('spreads M answers as evenly as possible, 1 to 12 per player', () => {
    const quotas = Array.from({ length: 7 }, (_, i) => answerQuota(i, 7, 40));
    expect(quotas.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...quotas) - Math.min(...quotas)).toBeLessThanOrEqual(1);
  });

  it('picks enough distinct topics for a quota', () => {
    const rng = createRng(3);
    for (const quota of [1, 4, 5, 8, 9, 12]) {
      const topics = pickTopics(rng, quota);
      expect(new Set(topics).size).toBe(topics.length);
      expect(topics.length * 4).toBeGreaterThanOrEqual(quota);
    }
  });

  it('makes time-ordered unique ids', () => {
    const ids = Array.from({ length: 5000 }, () => orderedId());
    expect(new Set(ids).size).toBe(5000);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe.each(['embedded', 'libsql'] as const)('seed:scale history on %s', (driver) => {
  let t: ScaleTestApp;
  const now = new Date('2026-05-20T12:00:00Z');

  beforeAll(async () => {
    t = await openScaleTestApp(now, driver);
    await seedScale(t.db, { users: 300, answers: 1200, historyDays: 6, activityDays: 40, seed: 11, now });
  }, 60_000);
  afterAll(() => t?.close());

  it('spreads first game days over the activity window, each the day the player joined', async () => {
    const [row] = await t.db.all<{ days: number; mismatched: number }>(
      sql`SELECT count(DISTINCT first_play_date) AS days,
        sum(first_play_date != date(created_at / 1000, 'unixepoch')) AS mismatched FROM users`,
    );
    expect(row!.days).toBeGreaterThan(30);
    expect(row!.mismatched).toBe(0);
  });

  it('rebuilds the play rollups from the history: every answer and player-day counted', async () => {
    const [rollup] = await t.db.all<{ answers: number; funnelDays: number }>(
      sql`SELECT sum(answers) AS answers, sum(players) AS funnelDays FROM play_rollup`,
    );
    const [actual] = await t.db.all<{ answers: number; funnelDays: number }>(
      sql`SELECT count(*) AS answers, count(DISTINCT user_id || question_date) AS funnelDays FROM answers`,
    );
    expect(rollup).toEqual(actual);
    const [days] = await t.db.all<{ n: number }>(
      sql`SELECT count(*) AS n FROM funnel_days WHERE answered_at IS NOT NULL`,
    );
    expect(days!.n).toBe(actual!.funnelDays);
  });
});
