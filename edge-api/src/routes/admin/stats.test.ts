import { afterEach, describe, expect, it } from 'vitest';
import { createAdminKit, type AdminKit } from './admin.test-kit';

const TODAY = '2026-06-10';

let kit: AdminKit;
afterEach(() => kit?.close());

describe('stats', () => {
  it('dashboard and user analytics on a small community', async () => {
    kit = await createAdminKit();
    const t = await kit.topic();
    await kit.topic({ isActive: false });
    await kit.question(t.id, TODAY);
    await kit.question(t.id, '2026-06-11', { type: 'numeric', options: [] });
    await kit.player({
      gender: 'male',
      ageBracket: '18-24',
      country: 'South Africa',
      currentStreak: 3,
      longestStreak: 5,
      lastActivityDate: TODAY,
    });
    await kit.player({
      gender: 'female',
      ageBracket: '25-34',
      country: 'South Africa',
      currentStreak: 8,
      longestStreak: 8,
      lastActivityDate: '2026-06-09',
    });
    await kit.player({
      gender: 'female',
      country: 'United States',
      currentStreak: 10,
      longestStreak: 12,
      lastActivityDate: '2026-06-04',
    });
    await kit.player({ ageBracket: '45+', longestStreak: 2, lastActivityDate: '2026-06-03' });
    await kit.player({
      gender: 'non_binary',
      ageBracket: 'prefer_not_to_say',
      country: '',
      currentStreak: 1,
      longestStreak: 1,
      lastActivityDate: TODAY,
    });

    expect((await kit.admin.get('/api/admin/stats/dashboard')).body).toEqual({
      totalTopics: 2,
      totalQuestions: 2,
      totalUsers: 5,
      activeUsers7d: 4,
    });

    const users = (await kit.admin.get('/api/admin/stats/users')).body;
    expect(users.totalUsers).toBe(5);
    expect(users.gender).toEqual([
      { key: 'male', label: 'Male', count: 1 },
      { key: 'female', label: 'Female', count: 2 },
      { key: 'non_binary', label: 'Non-binary', count: 1 },
      { key: 'transgender', label: 'Transgender', count: 0 },
      { key: 'other', label: expect.any(String), count: 0 },
      { key: 'prefer_not_to_say', label: 'Prefer not to say', count: 0 },
      { key: 'not_specified', label: 'Not specified', count: 1 },
    ]);
    expect(users.age.map((r: { key: string; count: number }) => [r.key, r.count])).toEqual([
      ['18-24', 1],
      ['25-34', 1],
      ['35-44', 0],
      ['45+', 1],
      ['prefer_not_to_say', 1],
      ['not_specified', 1],
    ]);
    expect(users.countries).toEqual([
      { key: 'not_specified', label: 'Not specified', count: 2 },
      { key: 'South Africa', label: 'South Africa', count: 2 },
      { key: 'United States', label: 'United States', count: 1 },
    ]);
    // Effective current streaks 3, 8, 0 (last active 06-04), 0, 1 → 12 / 5 users.
    expect(users.engagement).toEqual({
      averageCurrentStreak: 2.4,
      longestStreak: 12,
      usersWithStreak: 3,
      usersWithStreak7: 1,
    });
  });

  it('keeps the top 10 countries and rounds the average to one decimal', async () => {
    kit = await createAdminKit();
    const countries = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'].map((c) => `Land ${c}`);
    for (const [i, country] of countries.entries()) {
      for (let n = 0; n <= i; n++)
        await kit.player({ country, currentStreak: n === 0 && i < 2 ? 1 : 0, lastActivityDate: TODAY });
    }
    const users = (await kit.admin.get('/api/admin/stats/users')).body;
    expect(users.countries).toHaveLength(10);
    expect(users.countries[0]).toEqual({ key: 'Land L', label: 'Land L', count: 12 });
    expect(users.countries.at(-1)).toEqual({ key: 'Land C', label: 'Land C', count: 3 });
    expect(users.totalUsers).toBe(78);
    expect(users.engagement.averageCurrentStreak).toBe(0); // 2 / 78 = 0.026 → 0.0
  });

  it('response stats per date from the maintained counts', async () => {
    kit = await createAdminKit();
    const t = await kit.topic();
    await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [t.id] });
    const [q1, q2] = [
      await kit.question(t.id, TODAY),
      await kit.question(t.id, TODAY),
      await kit.question(t.id, TODAY),
    ];
    await kit.question(t.id, '2026-06-11');
    const [p1, p2] = [await kit.player(), await kit.player()];
    await kit.answer(p1, t.id, q1!.id, { selectedOptionId: 'opt-1' });
    await kit.answer(p2, t.id, q1!.id, { selectedOptionId: 'opt-3' });
    await kit.answer(p2, t.id, q2!.id, { selectedOptionId: 'opt-2' });

    expect((await kit.admin.get(`/api/admin/stats/responses?date=${TODAY}`)).body).toEqual({
      date: TODAY,
      totalResponses: 3,
      questionsAnswered: 2,
      totalQuestions: 3,
      responseRate: 67,
    });
    expect((await kit.admin.get('/api/admin/stats/responses?date=2026-06-11')).body).toEqual({
      date: '2026-06-11',
      totalResponses: 0,
      questionsAnswered: 0,
      totalQuestions: 1,
      responseRate: 0,
    });
    expect((await kit.admin.get('/api/admin/stats/responses?date=2025-01-01')).body).toMatchObject({
      totalQuestions: 0,
      responseRate: 0,
    });
    expect((await kit.admin.get('/api/admin/stats/responses')).status).toBe(400);
    expect((await kit.admin.get('/api/admin/stats/responses?date=2026-13-01')).status).toBe(400);
    // Active users: both players answered today.
    expect((await kit.admin.get('/api/admin/stats/dashboard')).body).toMatchObject({
      totalUsers: 2,
      activeUsers7d: 2,
    });
  });
});
