import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { createAdminKit, type AdminKit } from './admin.test-kit';

const TODAY = '2026-06-10';

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit();
});
afterAll(() => kit.close());

describe('users', () => {
  it('pages newest first with totals, searches by username prefix ignoring case, never exposes hashes', async () => {
    const own = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < 5; i++) {
      kit.setNow(`2026-06-10T12:00:0${i}.000Z`);
      await kit.player({
        username: `${own}_${i}`,
        currentStreak: 4,
        longestStreak: 9,
        lastActivityDate: i === 0 ? '2026-06-01' : TODAY,
      });
    }
    kit.setNow('2026-06-10T12:00:00.000Z');
    await kit.player({ username: `${own.toUpperCase()}x` });
    await kit.player({ username: 'zz_other' });

    const page1 = await kit.admin.get(`/api/admin/users?limit=2&offset=0&search=${own.toUpperCase()}`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 6, limit: 2, offset: 0 });
    expect(page1.body.items.map((u: { username: string }) => u.username)).toEqual([`${own}_4`, `${own}_3`]);
    const page3 = await kit.admin.get(`/api/admin/users?limit=2&offset=4&search=${own}`);
    expect(page3.body.items.map((u: { username: string }) => u.username).sort()).toEqual(
      [`${own}_0`, `${own.toUpperCase()}x`].sort(),
    );
    const stale = page3.body.items.find((u: { username: string }) => u.username === `${own}_0`);
    // Missed days read as a broken streak (product.md#play-rules); the longest stays.
    expect(stale).toMatchObject({ currentStreak: 0, longestStreak: 9, lastActivityDate: '2026-06-01' });
    expect(page1.body.items[0]).toMatchObject({ currentStreak: 4 });
    for (const u of [...page1.body.items, ...page3.body.items]) {
      expect(Object.keys(u)).not.toContain('passwordHash');
      expect(JSON.stringify(u)).not.toContain('password');
    }
    const all = await kit.admin.get('/api/admin/users');
    expect(all.body).toMatchObject({ limit: 50, offset: 0 });
    expect(all.body.total).toBeGreaterThanOrEqual(7);
  });

  it('400 on bad paging', async () => {
    expect((await kit.admin.get('/api/admin/users?limit=0')).status).toBe(400);
    expect((await kit.admin.get('/api/admin/users?limit=201')).status).toBe(400);
    expect((await kit.admin.get('/api/admin/users?offset=-1')).status).toBe(400);
    expect((await kit.admin.get('/api/admin/users?limit=ten')).status).toBe(400);
    expect((await kit.admin.get(`/api/admin/users?search=${'a'.repeat(31)}`)).status).toBe(400);
  });

  it('deletes a user with their answers (counters stay exact), audited; 404 when unknown', async () => {
    const topic = await kit.topic();
    await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [topic.id] });
    const q = await kit.question(topic.id, TODAY);
    const [keep, gone] = [
      await kit.player({ gender: 'male' }),
      await kit.player({ gender: 'female', username: `leaver${Date.now().toString(36)}` }),
    ];
    await kit.answer(keep, topic.id, q.id, { selectedOptionId: 'opt-1' });
    await kit.answer(gone, topic.id, q.id, { selectedOptionId: 'opt-2' });

    expect(await kit.admin.del(`/api/admin/users/${gone.id}`)).toEqual({ status: 200, body: { ok: true } });
    const audit = (await kit.admin.get('/api/admin/audit?limit=1')).body.items[0];
    expect(audit).toMatchObject({
      action: 'user.delete',
      targetId: gone.id,
      summary: `Deleted user "${gone.username}"`,
    });
    expect(await kit.db.query.answers.findMany({ where: (a, { eq }) => eq(a.userId, gone.id) })).toEqual([]);
    expect(await kit.db.query.questions.findFirst({ where: (x, { eq }) => eq(x.id, q.id) })).toMatchObject({
      answerCount: 1,
    });
    expect(await countersEqualRecount(kit.db)).toBe(true);
    expect(await kit.admin.del(`/api/admin/users/${gone.id}`)).toMatchObject({
      status: 404,
      body: { message: 'User not found' },
    });
  });
});

describe('answers', () => {
  it('pages newest first, filters by date and question, shows the answer text, deletes with audit', async () => {
    const topic = await kit.topic({ title: `Answers topic ${Date.now()}` });
    await kit.admin.put(`/api/admin/daily-topics/${TODAY}`, { topicIds: [topic.id] });
    const mc = await kit.question(topic.id, TODAY, {
      text: 'Favourite?',
      options: ['Rooibos', { text: 'Chai', id: 'chai' }],
    });
    const num = await kit.question(topic.id, TODAY, {
      text: 'How many?',
      type: 'numeric',
      options: [],
      numericUnit: 'cups',
      minValue: 0,
      maxValue: 10,
    });
    const players = [await kit.player(), await kit.player(), await kit.player()];
    const times = ['12:01', '12:02', '12:03'];
    for (const [i, p] of players.entries()) {
      kit.setNow(`2026-06-10T${times[i]}:00.000Z`);
      await kit.answer(p, topic.id, mc.id, { selectedOptionId: `opt-${(i % 2) + 1}` });
      await kit.answer(p, topic.id, num.id, { numericValue: i + 1 });
    }
    kit.setNow('2026-06-10T12:00:00.000Z');

    const byQuestion = await kit.admin.get(`/api/admin/answers?questionId=${mc.id}&limit=2`);
    expect(byQuestion.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(byQuestion.body.items.map((a: { username: string }) => a.username)).toEqual([
      players[2]!.username,
      players[1]!.username,
    ]);
    expect(byQuestion.body.items[1]).toMatchObject({
      answerText: 'Chai',
      selectedOptionId: 'opt-2',
      questionText: 'Favourite?',
      topicTitle: topic.title,
    });
    expect(byQuestion.body.items[0]).toMatchObject({
      answerText: 'Rooibos',
      numericValue: null,
      answeredAt: '2026-06-10T12:03:00.000Z',
    });

    const numeric = await kit.admin.get(`/api/admin/answers?questionId=${num.id}&date=${TODAY}`);
    expect(numeric.body.items.map((a: { answerText: string }) => a.answerText)).toEqual([
      '3 cups',
      '2 cups',
      '1 cup', // the unit agrees with the number (ADR 0125)
    ]);
    expect(
      (await kit.admin.get(`/api/admin/answers?questionId=${num.id}&date=2026-06-09`)).body,
    ).toMatchObject({ items: [], total: 0 });

    const byDate = await kit.admin.get(`/api/admin/answers?date=${TODAY}&limit=200`);
    const mine = byDate.body.items.filter((a: { topicTitle: string }) => a.topicTitle === topic.title);
    expect(mine).toHaveLength(6);
    expect(byDate.body.total).toBe(byDate.body.items.length);
    const times2 = byDate.body.items.map((a: { answeredAt: string }) => a.answeredAt);
    expect([...times2].sort().reverse()).toEqual(times2);
    const page2 = await kit.admin.get(`/api/admin/answers?date=${TODAY}&limit=2&offset=2`);
    expect(page2.body.items.map((a: { id: string }) => a.id)).toEqual(
      byDate.body.items.slice(2, 4).map((a: { id: string }) => a.id),
    );
    expect((await kit.admin.get('/api/admin/answers')).body.total).toBeGreaterThanOrEqual(6);
    expect((await kit.admin.get('/api/admin/answers?date=10-06-2026')).status).toBe(400);

    const target = byQuestion.body.items[0].id as string;
    expect(await kit.admin.del(`/api/admin/answers/${target}`)).toEqual({ status: 200, body: { ok: true } });
    expect((await kit.admin.get('/api/admin/audit?limit=1')).body.items[0]).toMatchObject({
      action: 'answer.delete',
      targetId: target,
      summary: `Deleted the answer of "${players[2]!.username}" to "Favourite?"`,
    });
    expect((await kit.admin.get(`/api/admin/answers?questionId=${mc.id}`)).body.total).toBe(2);
    const user = await kit.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, players[2]!.id) });
    expect(user?.totalAnswers).toBe(1);
    expect(await countersEqualRecount(kit.db)).toBe(true);
    expect(await kit.admin.del(`/api/admin/answers/${target}`)).toMatchObject({
      status: 404,
      body: { message: 'Answer not found' },
    });
  });
});

describe('audit', () => {
  it('pages newest first', async () => {
    const first = await kit.admin.get('/api/admin/audit?limit=3');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    expect(first.body.total).toBeGreaterThan(5);
    const next = await kit.admin.get('/api/admin/audit?limit=3&offset=3');
    const ids = new Set([...first.body.items, ...next.body.items].map((e: { id: string }) => e.id));
    expect(ids.size).toBe(6);
    const ats = [...first.body.items, ...next.body.items].map((e: { at: string }) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(first.body.items[0]).toMatchObject({ action: 'answer.delete' });
    expect((await kit.admin.get('/api/admin/audit?limit=1000')).status).toBe(400);
  });
});
