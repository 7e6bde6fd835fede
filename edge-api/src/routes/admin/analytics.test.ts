import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../app-env';
import { markReminders, rebuildPlayRollups } from '../../db/queries/analytics.queries';
import { playRollup } from '../../db/schema';
import { getDailyTopics } from '../../services/play/daily-topics.service';
import { getQuestionResults } from '../../services/play/results.service';
import { selectTopic } from '../../services/play/select-topic.service';
import { createAdminKit, type AdminKit } from './admin.test-kit';

/**
 * Activity, retention and the funnel on a hand-built history that crosses month ends (January → February →
 * March, a 28-day February), played through the real play verbs day by day.
 */
let kit: AdminKit;
let topicId: string;
const questionsOn = new Map<string, string[]>();
const players: Record<string, UserRow> = {};

const DAYS = [
  '2026-01-26',
  '2026-01-27',
  '2026-01-31',
  '2026-02-01',
  '2026-02-02',
  '2026-02-25',
  '2026-03-02',
];
const at = (date: string) => `${date}T12:00:00.000Z`;

async function playOn(date: string, who: string, questions = 1) {
  kit.setNow(at(date));
  const user = (await kit.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, players[who]!.id) }))!;
  for (const q of questionsOn.get(date)!.slice(0, questions))
    await kit.answer(user, topicId, q, { selectedOptionId: 'opt-1' });
}

beforeAll(async () => {
  kit = await createAdminKit(at('2026-01-26'));
  topicId = (await kit.topic()).id;
  for (const date of DAYS) {
    expect((await kit.admin.put(`/api/admin/daily-topics/${date}`, { topicIds: [topicId] })).status).toBe(
      200,
    );
    questionsOn.set(date, [(await kit.question(topicId, date)).id, (await kit.question(topicId, date)).id]);
  }
  for (const name of ['p1', 'p2', 'p3', 'p4']) players[name] = await kit.player();
  // Cohort of the week of Mon 01-26: p1 and p2 start on 01-26, p3 on Sat 01-31 (a month end).
  await playOn('2026-01-26', 'p1');
  await playOn('2026-01-26', 'p2');
  await playOn('2026-01-27', 'p1'); // p1: day 1
  await playOn('2026-01-31', 'p3');
  await playOn('2026-02-01', 'p3'); // p3: day 1, in the next month
  await playOn('2026-02-02', 'p1', 2); // p1: day 7, two answers
  await playOn('2026-02-02', 'p4'); // p4 starts: the week of 02-02
  await playOn('2026-02-25', 'p1'); // p1: day 30
  await playOn('2026-03-02', 'p3'); // p3: day 30, past a 28-day February
});
afterAll(() => kit.close());

describe('activity', () => {
  it('players, new players and answers per game day, zero where nobody played', async () => {
    kit.setNow(at('2026-02-02'));
    const res = await kit.admin.get('/api/admin/analytics/activity?days=9');
    expect(res.status).toBe(200);
    expect(res.body.days).toEqual([
      { date: '2026-01-25', players: 0, newPlayers: 0, answers: 0 },
      { date: '2026-01-26', players: 2, newPlayers: 2, answers: 2 },
      { date: '2026-01-27', players: 1, newPlayers: 0, answers: 1 },
      { date: '2026-01-28', players: 0, newPlayers: 0, answers: 0 },
      { date: '2026-01-29', players: 0, newPlayers: 0, answers: 0 },
      { date: '2026-01-30', players: 0, newPlayers: 0, answers: 0 },
      { date: '2026-01-31', players: 1, newPlayers: 1, answers: 1 },
      { date: '2026-02-01', players: 1, newPlayers: 0, answers: 1 },
      { date: '2026-02-02', players: 2, newPlayers: 1, answers: 3 },
    ]);
    const month = await kit.admin.get('/api/admin/analytics/activity');
    expect(month.body.days).toHaveLength(30);
    expect(month.body.days.at(-1).date).toBe('2026-02-02');
  });

  it('the maintained rollup equals a recount from the answers', async () => {
    const rows = async () =>
      (await kit.db.select().from(playRollup).all()).sort((a, b) =>
        `${a.date}${a.firstDate}`.localeCompare(`${b.date}${b.firstDate}`),
      );
    const maintained = await rows();
    await rebuildPlayRollups(kit.db);
    expect(await rows()).toEqual(maintained);
  });
});

describe('retention', () => {
  it('weekly cohorts with the share active on day 1, 7 and 30 after each first game day', async () => {
    kit.setNow(at('2026-03-10'));
    const res = await kit.admin.get('/api/admin/analytics/retention?weeks=7');
    expect(res.status).toBe(200);
    const [jan26, feb2, ...rest] = res.body.cohorts;
    expect(jan26).toEqual({ week: '2026-01-26', size: 3, d1: 2 / 3, d7: 1 / 3, d30: 2 / 3 });
    // Its last day is 02-08: day 30 is 03-10, today, still running.
    expect(feb2).toEqual({ week: '2026-02-02', size: 1, d1: 0, d7: 0, d30: null });
    expect(rest.map((c: { week: string }) => c.week)).toEqual([
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(rest.every((c: { size: number; d1: null }) => c.size === 0 && c.d1 === null)).toBe(true);
  });

  it('shares not yet known are null', async () => {
    kit.setNow(at('2026-02-03'));
    const res = await kit.admin.get('/api/admin/analytics/retention?weeks=2');
    // Week of 01-26: its last day is 02-01, whose day 1 (02-02) is over on 02-03; day 7 and 30 are not.
    expect(res.body.cohorts[0]).toEqual({ week: '2026-01-26', size: 3, d1: 2 / 3, d7: null, d30: null });
  });

  it('keeps what happened when a player is deleted later (a guest expires)', async () => {
    kit.setNow(at('2026-03-10'));
    expect((await kit.admin.del(`/api/admin/users/${players.p2!.id}`)).status).toBe(200);
    const res = await kit.admin.get('/api/admin/analytics/retention?weeks=7');
    expect(res.body.cohorts[0].size).toBe(3);
    kit.setNow(at('2026-02-02'));
    const activity = await kit.admin.get('/api/admin/analytics/activity?days=8');
    expect(activity.body.days[0]).toEqual({ date: '2026-01-26', players: 2, newPlayers: 2, answers: 2 });
  });
});

describe('funnel', () => {
  it('opened, picked, answered, finished, viewed results, and the reminder', async () => {
    const date = '2026-02-25';
    kit.setNow('2026-02-25T09:00:00.000Z');
    const [a, b, c] = [await kit.player(), await kit.player(), await kit.player()];
    const fresh = async (u: UserRow) =>
      (await kit.db.query.users.findFirst({ where: (x, { eq }) => eq(x.id, u.id) }))!;
    await markReminders(kit.db, {
      date,
      optedIn: [a.id, b.id],
      sentTo: [a.id],
      at: Date.parse('2026-02-25T09:00:00.000Z'),
    });
    kit.setNow('2026-02-25T09:30:00.000Z');
    for (const u of [a, b, c]) await getDailyTopics(kit.deps, await fresh(u));
    const [q1, q2] = questionsOn.get(date)!;
    await kit.answer(await fresh(a), topicId, q1!, { selectedOptionId: 'opt-1' });
    await kit.answer(await fresh(a), topicId, q2!, { selectedOptionId: 'opt-2' }); // finishes a's day
    await getQuestionResults(kit.deps, { user: await fresh(a), isAdmin: false }, q1!);
    await selectTopic(kit.deps, await fresh(b), { topicId });

    const res = await kit.admin.get(`/api/admin/analytics/funnel?date=${date}`);
    expect(res.status).toBe(200);
    // p1 also played 02-25 (one answer, not finished): 4 opened, 3 picked, 2 answered, 1 finished.
    expect(res.body).toEqual({
      date,
      players: 4,
      picked: 3,
      answered: 2,
      finished: 1,
      resultsViewed: 1,
      reminder: { optIns: 2, sent: 1, playedWithinHour: 1 },
    });
    const today = await kit.admin.get('/api/admin/analytics/funnel');
    expect(today.body.date).toBe(date);
  });

  it('the maintained counts equal a recount of the funnel rows, every day', async () => {
    const counts = await kit.db.all(
      sql`SELECT date, players, picked, answered, finished, results_viewed, reminder_opt_ins, reminders_sent, played_within_hour FROM funnel_counts ORDER BY date`,
    );
    const recount = await kit.db.all(
      sql`SELECT date, count(opened_at) AS players, count(picked_at) AS picked, count(answered_at) AS answered,
        count(finished_at) AS finished, count(results_at) AS results_viewed,
        CAST(total(reminder_opt_in) AS INTEGER) AS reminder_opt_ins, count(reminded_at) AS reminders_sent,
        CAST(total(answered_at BETWEEN reminded_at AND reminded_at + 3600000) AS INTEGER) AS played_within_hour
        FROM funnel_days GROUP BY date ORDER BY date`,
    );
    expect(counts.length).toBeGreaterThan(3);
    expect(counts).toEqual(recount);
  });
});

describe('access and input', () => {
  it.each([
    ['/api/admin/analytics/activity?days=0', 'days must be at least 1'],
    ['/api/admin/analytics/activity?days=x', 'days must be a number'],
    ['/api/admin/analytics/retention?weeks=53', 'weeks must be at most 52'],
    ['/api/admin/analytics/funnel?date=2026-02-30', 'Date must be a real calendar date'],
  ])('%s → 400', async (path, message) => {
    expect(await kit.admin.get(path)).toMatchObject({ status: 400, body: { message } });
  });

  it('needs a console token: 401 without one or with a marketing token', async () => {
    for (const path of ['activity', 'retention', 'funnel']) {
      expect((await kit.call('GET', `/api/admin/analytics/${path}`, { token: null })).status).toBe(401);
      expect(
        (await kit.call('GET', `/api/admin/analytics/${path}`, { token: kit.marketingToken })).status,
      ).toBe(401);
    }
  });
});
