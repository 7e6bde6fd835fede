import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersEqualRecount } from '../db/queries/counters.queries';
import {
  answers,
  badges,
  rateLimits,
  resultCounters,
  sessions,
  userDailySelections,
  users,
} from '../db/schema';
import { createAnswer, createQuestion, createTopic, rowsWhere } from '../test/factories';
import { createTestApp, TEST_NOW, TEST_TODAY, type TestApp } from '../test/harness';
import { cleanupExpired } from './cleanup';

const HOUR = 3_600_000;

describe('guest cleanup', () => {
  let clock = TEST_NOW.getTime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  it('deletes guests whose sessions all expired, with everything they own, and keeps everyone else', async () => {
    clock = TEST_NOW.getTime();
    const topic = await createTopic(t.db);
    const question = await createQuestion(t.db, { topicId: topic.id });

    const expiring = await t.guest();
    const registered = await t.signUp();
    const upgraded = await t.guest();
    const own = async (userId: string) => {
      await createAnswer(t.db, { userId, questionId: question.id });
      await t.db
        .insert(userDailySelections)
        .values({ id: `sel-${userId}`, userId, date: TEST_TODAY, selectedTopicIds: [topic.id] });
      await t.db
        .insert(badges)
        .values({ id: `badge-${userId}`, userId, type: 'first_answer', earnedAt: new Date(clock) });
    };
    for (const u of [expiring, registered, upgraded]) await own(u.user.id);
    const reg = await t.request('/api/register', {
      method: 'POST',
      cookie: upgraded.cookie,
      json: { username: `kept_${Date.now()}`, password: 'password123' },
    });
    expect(reg.status).toBe(201);

    clock += 20 * HOUR;
    const fresh = await t.guest(); // still inside its 24 hours at cleanup time

    clock = TEST_NOW.getTime() + 25 * HOUR;
    const result = await cleanupExpired(t.deps);
    expect(result.guestsDeleted).toBe(1);

    const remaining = await t.db.select({ id: users.id }).from(users);
    const ids = remaining.map((r) => r.id);
    expect(ids).not.toContain(expiring.user.id);
    expect(ids).toEqual(expect.arrayContaining([registered.user.id, upgraded.user.id, fresh.user.id]));
    for (const table of [answers, userDailySelections, badges, sessions] as const) {
      expect(await rowsWhere(t.db, table, table.userId, expiring.user.id)).toEqual([]);
    }
    expect(
      await rowsWhere(t.db, answers, answers.userId, [registered.user.id, upgraded.user.id]),
    ).toHaveLength(2);
    // Result counters no longer count the deleted guest's answer.
    expect(await countersEqualRecount(t.db)).toBe(true);
    const all = await rowsWhere(t.db, resultCounters, resultCounters.bucket, 'all');
    expect(all.reduce((s, r) => s + r.count, 0)).toBe(2);
    expect((await t.request('/api/user', { cookie: expiring.cookie })).status).toBe(401);
    expect((await t.request('/api/user', { cookie: fresh.cookie })).status).toBe(200);
  });

  it('deletes guests who logged out, but not a brand-new guest inside the grace period', async () => {
    clock = TEST_NOW.getTime() + 2 * 24 * HOUR;
    await cleanupExpired(t.deps); // guests left over from the previous test
    const left = await t.guest();
    await t.request('/api/logout', { method: 'POST', cookie: left.cookie });
    expect((await cleanupExpired(t.deps)).guestsDeleted).toBe(0);
    clock += HOUR;
    expect((await cleanupExpired(t.deps)).guestsDeleted).toBe(1);
    expect(await rowsWhere(t.db, users, users.id, left.user.id)).toEqual([]);
  });

  it('deletes expired sessions of registered users but never the users', async () => {
    clock = TEST_NOW.getTime() + 3 * 24 * HOUR;
    const { user } = await t.signUp();
    clock += 31 * 24 * HOUR;
    const result = await cleanupExpired(t.deps);
    expect(result.sessionsDeleted).toBeGreaterThanOrEqual(1);
    expect(await rowsWhere(t.db, sessions, sessions.userId, user.id)).toEqual([]);
    expect(await rowsWhere(t.db, users, users.id, user.id)).toHaveLength(1);
  });

  it('drops rate-limit buckets once they are full again, and keeps the others', async () => {
    clock = TEST_NOW.getTime() + 40 * 24 * HOUR;
    await t.request('/api/login', {
      method: 'POST',
      json: { username: 'nobody-here', password: 'wrong-pass' },
    });
    const keys = (await t.db.select().from(rateLimits)).map((r) => r.key).sort();
    expect(keys).toEqual(['auth-addr:unknown', 'login:nobody-here|unknown']);
    // The address bucket refills a token in 9 s, the per-account one in 3 minutes.
    clock += 60_000;
    expect((await cleanupExpired(t.deps)).throttlesDeleted).toBe(1);
    expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['login:nobody-here|unknown']);
    clock += 2 * 60_000 + 1000;
    expect((await cleanupExpired(t.deps)).throttlesDeleted).toBe(1);
    expect(await t.db.select().from(rateLimits)).toEqual([]);
  });
});
