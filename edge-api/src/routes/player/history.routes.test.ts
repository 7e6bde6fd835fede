import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminAnswersPageSchema } from '@daily-tea/shared/contracts/admin';
import { DailyTopicsResponseSchema, QuestionResultsSchema } from '@daily-tea/shared/contracts/daily';
import { ArchivePageSchema, PlayerStatsSchema } from '@daily-tea/shared/contracts/history';
import { addDays } from '@daily-tea/shared/domain/game-day';
import {
  ARCHIVE_NO_TOPICS,
  ARCHIVE_NOT_PAST,
  ARCHIVE_TOPIC_NOT_FOUND,
  CALENDAR_DAYS,
} from '@daily-tea/shared/domain/history';
import { countersEqualRecount } from '../../db/queries/counters.queries';
import { historyFiguresEqualRecount, playerStatsEqualDays } from '../../db/queries/history.queries';
import { answers, users } from '../../db/schema';
import { rowsWhere, scheduleDay } from '../../test/factories';
import { createTestApp, TEST_NOW, TEST_TODAY, type TestApp } from '../../test/harness';
import { removeAnswers, removeQuestion, removeUsers } from '../../services/answer-removal';
import { json, mustAnswer, mustSelect, player, postAnswer, scheduleToday, type Today } from './play.test-kit';

/** The test clock, moved between game days by tests that play on several (UTC, day starting at 00:00). */
let clock = new Date(TEST_NOW);
let t: TestApp;
let today: Today;
const YESTERDAY = addDays(TEST_TODAY, -1);
const TWO_DAYS_AGO = addDays(TEST_TODAY, -2);
/** Moves the clock to noon of `date`. */
const goTo = (date: string) => {
  clock = new Date(`${date}T12:00:00.000Z`);
};

beforeEach(async () => {
  clock = new Date(TEST_NOW);
  t = await createTestApp({ now: () => new Date(clock) });
  today = await scheduleToday(t);
});
afterEach(() => t.close());

async function stats(cookie: string) {
  const res = await t.request('/api/me/stats', { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return PlayerStatsSchema.parse(await res.json());
}
async function archive(cookie: string, query = '') {
  const res = await t.request(`/api/archive${query}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return ArchivePageSchema.parse(await res.json());
}
async function archiveDay(cookie: string, date: string) {
  const res = await t.request(`/api/archive/${date}`, { cookie });
  expect(res.status, await res.clone().text()).toBe(200);
  return DailyTopicsResponseSchema.parse(await res.json());
}
function archiveSelect(cookie: string, date: string, topicId: string) {
  return t.request(`/api/archive/${date}/select-topic`, { method: 'POST', cookie, json: { topicId } });
}
async function mustArchiveSelect(cookie: string, date: string, topicId: string) {
  const res = await archiveSelect(cookie, date, topicId);
  expect(res.status, await res.clone().text()).toBe(200);
}
/** Answers every question of `day`'s topic `i` with its first option (numeric: its minimum). */
async function answerTopic(cookie: string, day: Today, i: number) {
  const results = [];
  for (const q of day.questions.get(day.topics[i]!.id)!) {
    const body =
      q.type === 'numeric'
        ? { questionId: q.id, numericValue: q.minValue ?? 0 }
        : { questionId: q.id, selectedOptionId: 'opt-1' };
    results.push(await mustAnswer(t, cookie, body));
  }
  return results;
}

describe('GET /api/me/stats', () => {
  it('needs a session', async () => {
    expect((await t.request('/api/me/stats')).status).toBe(401);
  });

  it('is all zeros for a new player, with the 90 game days ending today, none played', async () => {
    const p = await player(t);
    const s = await stats(p.cookie);
    expect(s).toMatchObject({
      currentStreak: 0,
      longestStreak: 0,
      streakFreezes: 0,
      freezesSpent: 0,
      daysPlayed: 0,
      answers: 0,
      badges: [],
      crowdSense: {
        last30: { made: 0, right: 0, percent: null },
        total: { made: 0, right: 0, percent: null },
      },
      majority: { sided: 0, revealed: 0, percent: null },
    });
    expect(s.calendar).toHaveLength(CALENDAR_DAYS);
    expect(s.calendar.at(-1)!.date).toBe(TEST_TODAY);
    expect(s.calendar[0]!.date).toBe(addDays(TEST_TODAY, -(CALENDAR_DAYS - 1)));
    expect(s.calendar.some((d) => d.played || d.frozen)).toBe(false);
  });

  it('counts days played on time, answers, badges with their date and the streak', async () => {
    const p = await player(t);
    const earlier = await scheduleToday(t, 3, YESTERDAY);
    goTo(YESTERDAY);
    await mustSelect(t, p.cookie, earlier.topics[0]!.id);
    await answerTopic(p.cookie, earlier, 0);
    goTo(TEST_TODAY);
    await mustSelect(t, p.cookie, today.topics[1]!.id);
    await answerTopic(p.cookie, today, 1);

    const s = await stats(p.cookie);
    expect(s).toMatchObject({ currentStreak: 2, longestStreak: 2, daysPlayed: 2, answers: 3 });
    expect(s.badges.map((b) => b.type)).toEqual(['first_answer']);
    expect(s.badges[0]!.earnedAt).toBe(`${YESTERDAY}T12:00:00.000Z`);
    const played = s.calendar.filter((d) => d.played).map((d) => d.date);
    expect(played).toEqual([YESTERDAY, TEST_TODAY]);
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);
  });

  it('marks the missed days a freeze covered and counts the freezes spent', async () => {
    const p = await player(t);
    // Seven days in a row earn a freeze; the eighth is missed and the ninth spends it.
    const start = addDays(TEST_TODAY, -8);
    for (let i = 0; i < 7; i++) {
      const date = addDays(start, i);
      const day = await scheduleToday(t, 1, date);
      goTo(date);
      await mustSelect(t, p.cookie, day.topics[0]!.id);
      await answerTopic(p.cookie, day, 0);
    }
    goTo(TEST_TODAY);
    await mustSelect(t, p.cookie, today.topics[2]!.id);
    const [first] = await answerTopic(p.cookie, today, 2);
    expect(first!.streak.current).toBe(8);

    const s = await stats(p.cookie);
    expect(s).toMatchObject({ currentStreak: 8, streakFreezes: 0, freezesSpent: 1, daysPlayed: 8 });
    expect(s.calendar.find((d) => d.date === YESTERDAY)).toEqual({
      date: YESTERDAY,
      played: false,
      frozen: true,
    });
    expect(s.calendar.filter((d) => d.played)).toHaveLength(8);
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);
  });

  it('counts how often the player sided with the majority once results are revealed', async () => {
    const [a, b, c] = [await player(t), await player(t), await player(t)];
    const topic = today.topics[1]!;
    const question = today.questions.get(topic.id)![0]!;
    for (const [p, option] of [
      [a, 'opt-1'],
      [b, 'opt-1'],
      [c, 'opt-2'],
    ] as const) {
      await mustSelect(t, p.cookie, topic.id);
      await mustAnswer(t, p.cookie, { questionId: question.id, selectedOptionId: option });
    }
    for (const p of [a, c]) {
      const res = await t.request(`/api/questions/${question.id}/results`, { cookie: p.cookie });
      expect(res.status).toBe(200);
    }
    expect((await stats(a.cookie)).majority).toEqual({ sided: 1, revealed: 1, percent: 100 });
    expect((await stats(c.cookie)).majority).toEqual({ sided: 0, revealed: 1, percent: 0 });
    expect((await stats(b.cookie)).majority).toEqual({ sided: 0, revealed: 0, percent: null });
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);
  });

  it('stays equal to a recount when answers, questions and players are deleted', async () => {
    const p = await player(t);
    const q = await player(t);
    const earlier = await scheduleToday(t, 3, YESTERDAY);
    goTo(YESTERDAY);
    for (const who of [p, q]) {
      await mustSelect(t, who.cookie, earlier.topics[0]!.id);
      await answerTopic(who.cookie, earlier, 0);
    }
    goTo(TEST_TODAY);
    await mustSelect(t, p.cookie, today.topics[1]!.id);
    await answerTopic(p.cookie, today, 1);
    await t.request(`/api/questions/${today.questions.get(today.topics[1]!.id)![0]!.id}/results`, {
      cookie: p.cookie,
    });
    // A late answer to yesterday's second topic.
    await mustArchiveSelect(p.cookie, YESTERDAY, earlier.topics[1]!.id);
    await answerTopic(p.cookie, earlier, 1);
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);

    const mine = await rowsWhere(t.db, answers, answers.userId, p.user.id);
    await removeAnswers(t.db, [mine[0]!.id]);
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);
    await removeQuestion(t.db, today.questions.get(today.topics[1]!.id)![0]!.id);
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);
    expect((await stats(p.cookie)).daysPlayed).toBe(1);
    await removeUsers(t.db, [q.user.id]);
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);
    expect(await rowsWhere(t.db, users, users.id, q.user.id)).toEqual([]);
  });

  it('keeps the 90-day calendar on the figures row equal to a recount, whatever order days come and go in', async () => {
    const p = await player(t);
    // A seeded walk over 120 days: days played, frozen, both, unplayed again and deleted, in random order,
    // inside and outside the 90-day window, written straight to player_days as any writer could.
    let seed = 27;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return Math.floor(seed / 65536) % n;
    };
    const model = new Map<string, { answers: number; frozen: boolean }>();
    for (let step = 0; step < 200; step++) {
      const date = addDays(TEST_TODAY, -random(120));
      const was = model.get(date);
      const move = random(4);
      if (!was) {
        const day = { answers: move === 0 ? 0 : 1 + random(3), frozen: move === 0 || move === 3 };
        await t.db.run(sql`INSERT INTO player_days (user_id, date, answers, frozen)
          VALUES (${p.user.id}, ${date}, ${day.answers}, ${day.frozen ? 1 : 0})`);
        model.set(date, day);
      } else if (move === 0) {
        await t.db.run(sql`DELETE FROM player_days WHERE user_id = ${p.user.id} AND date = ${date}`);
        model.delete(date);
      } else {
        const day =
          move === 1 ? { ...was, answers: was.answers > 0 ? 0 : 2 } : { ...was, frozen: !was.frozen };
        if (day.answers === 0 && !day.frozen) continue;
        await t.db.run(sql`UPDATE player_days SET answers = ${day.answers}, frozen = ${day.frozen ? 1 : 0}
          WHERE user_id = ${p.user.id} AND date = ${date}`);
        model.set(date, day);
      }
      if (step % 20 === 0) expect(await playerStatsEqualDays(t.db), `step ${step}`).toBe(true);
    }
    const s = await stats(p.cookie);
    expect(s.daysPlayed).toBe([...model.values()].filter((d) => d.answers > 0).length);
    expect(
      s.calendar.map((d) => {
        const day = model.get(d.date);
        return {
          date: d.date,
          played: (day?.answers ?? 0) > 0,
          frozen: (day?.answers ?? 0) === 0 && !!day?.frozen,
        };
      }),
    ).toEqual(s.calendar);
    expect(s.calendar.filter((d) => d.played || d.frozen).length).toBeGreaterThan(20);
    expect(await playerStatsEqualDays(t.db)).toBe(true);
    // The check is not vacuous: one character off is caught.
    await t.db
      .run(sql`UPDATE player_stats SET calendar = substr(calendar, 1, 9) || '2' || substr(calendar, 11)
      WHERE user_id = ${p.user.id} AND substr(calendar, 10, 1) <> '2'`);
    expect(await playerStatsEqualDays(t.db)).toBe(false);
  });
});

/**
 * The stats read cache (docs/decisions/0274-stats-read-cache.md): on Node a process keeps each player's read and
 * serves it while users.stats_version is unchanged; every write that changes a figure must show on the next read.
 * Each test reads first (so a caching handle holds the read), writes, and reads again. On D1 there is no cache
 * and the same tests check the figures.
 */
describe('GET /api/me/stats after each kind of write (read cache)', () => {
  const statsVersion = async (userId: string) =>
    Number(
      (await t.db.all<{ v: number }>(sql`SELECT stats_version AS v FROM users WHERE id = ${userId}`))[0]!.v,
    );

  /** A player who answered topic 0 today (their figures row, badge and calendar exist). */
  async function playedToday() {
    const p = await player(t);
    await mustSelect(t, p.cookie, today.topics[0]!.id);
    await mustAnswer(t, p.cookie, {
      questionId: today.questions.get(today.topics[0]!.id)![0]!.id,
      selectedOptionId: 'opt-1',
    });
    return p;
  }

  it('is served from the cache on Node while the stats version is unchanged, and read again once it moves', async () => {
    const p = await playedToday();
    const before = await stats(p.cookie);
    expect(before.daysPlayed).toBe(1);
    const version = await statsVersion(p.user.id);
    // A write that puts the version back: only a process that serves its cached read still says 1.
    await t.db.run(sql`UPDATE player_stats SET days_played = 7 WHERE user_id = ${p.user.id}`);
    await t.db.run(sql`UPDATE users SET stats_version = ${version} WHERE id = ${p.user.id}`);
    expect((await stats(p.cookie)).daysPlayed).toBe(t.database === 'd1' ? 7 : 1);
    await t.db.run(sql`UPDATE users SET stats_version = ${version + 1} WHERE id = ${p.user.id}`);
    expect((await stats(p.cookie)).daysPlayed).toBe(7);
  });

  it('after the first answer of a day and after more answers that day', async () => {
    const p = await player(t);
    const fresh = await stats(p.cookie);
    expect(fresh).toMatchObject({ daysPlayed: 0, answers: 0, currentStreak: 0, badges: [] });
    await mustSelect(t, p.cookie, today.topics[1]!.id);
    const one = (await answerTopic(p.cookie, today, 1)).length;
    const first = await stats(p.cookie);
    expect(first).toMatchObject({ daysPlayed: 1, answers: one, currentStreak: 1, longestStreak: 1 });
    expect(first.badges.map((b) => b.type)).toEqual(['first_answer']);
    expect(first.calendar.at(-1)).toEqual({ date: TEST_TODAY, played: true, frozen: false });
    // More answers the same day move the users row's count, not the day.
    await mustSelect(t, p.cookie, today.topics[2]!.id);
    const more = (await answerTopic(p.cookie, today, 2)).length;
    expect(await stats(p.cookie)).toMatchObject({ daysPlayed: 1, answers: one + more });
  });

  it('after a freeze is spent', async () => {
    const p = await playedToday();
    const before = await stats(p.cookie);
    expect(before.freezesSpent).toBe(0);
    // Any writer: the day a freeze covered, straight into player_days.
    await t.db.run(
      sql`INSERT INTO player_days (user_id, date, answers, frozen) VALUES (${p.user.id}, ${YESTERDAY}, 0, 1)`,
    );
    const after = await stats(p.cookie);
    expect(after.freezesSpent).toBe(1);
    expect(after.calendar.at(-2)).toEqual({ date: YESTERDAY, played: false, frozen: true });
  });

  it('after a badge is earned, changed or taken away', async () => {
    const p = await playedToday();
    expect((await stats(p.cookie)).badges.map((b) => b.type)).toEqual(['first_answer']);
    const at = new Date(`${TEST_TODAY}T13:00:00.000Z`).getTime();
    await t.db.run(
      sql`INSERT INTO badges (id, user_id, type, earned_at) VALUES ('b-x', ${p.user.id}, 'streak_7', ${at})`,
    );
    expect((await stats(p.cookie)).badges.map((b) => b.type)).toEqual(['first_answer', 'streak_7']);
    await t.db.run(sql`UPDATE badges SET earned_at = ${at + 3_600_000} WHERE id = 'b-x'`);
    expect((await stats(p.cookie)).badges.at(-1)!.earnedAt).toBe(`${TEST_TODAY}T14:00:00.000Z`);
    await t.db.run(sql`DELETE FROM badges WHERE id = 'b-x'`);
    expect((await stats(p.cookie)).badges.map((b) => b.type)).toEqual(['first_answer']);
  });

  it('after results are revealed (majority and crowd sense) and after crowd-sense days change', async () => {
    const p = await playedToday();
    const question = today.questions.get(today.topics[0]!.id)![0]!;
    const before = await stats(p.cookie);
    expect(before.majority).toEqual({ sided: 0, revealed: 0, percent: null });
    expect((await t.request(`/api/questions/${question.id}/results`, { cookie: p.cookie })).status).toBe(200);
    expect((await stats(p.cookie)).majority).toEqual({ sided: 1, revealed: 1, percent: 100 });

    const last30 = async () => (await stats(p.cookie)).crowdSense.last30;
    const start = await last30();
    await t.db.run(sql`INSERT INTO crowd_sense_days (user_id, date, guesses, right_guesses)
      VALUES (${p.user.id}, ${YESTERDAY}, 4, 3)`);
    expect(await last30()).toEqual({
      made: start.made + 4,
      right: start.right + 3,
      percent: expect.any(Number),
    });
    await t.db.run(
      sql`UPDATE crowd_sense_days SET right_guesses = 1 WHERE user_id = ${p.user.id} AND date = ${YESTERDAY}`,
    );
    expect((await last30()).right).toBe(start.right + 1);
    await t.db.run(sql`DELETE FROM crowd_sense_days WHERE user_id = ${p.user.id} AND date = ${YESTERDAY}`);
    expect(await last30()).toEqual(start);
  });

  it('after the game day changes', async () => {
    const p = await playedToday();
    const before = await stats(p.cookie);
    expect(before.calendar.at(-1)).toEqual({ date: TEST_TODAY, played: true, frozen: false });
    const tomorrow = addDays(TEST_TODAY, 1);
    goTo(tomorrow);
    const after = await stats(p.cookie);
    expect(after.calendar.at(-1)).toEqual({ date: tomorrow, played: false, frozen: false });
    expect(after.calendar.at(-2)).toEqual({ date: TEST_TODAY, played: true, frozen: false });
    expect(after.currentStreak).toBe(1);
    // A day later still, the streak is gone (no freeze held).
    goTo(addDays(TEST_TODAY, 2));
    expect((await stats(p.cookie)).currentStreak).toBe(0);
  });

  it('after answers are deleted', async () => {
    const p = await playedToday();
    expect((await stats(p.cookie)).daysPlayed).toBe(1);
    const mine = await rowsWhere(t.db, answers, answers.userId, p.user.id);
    await removeAnswers(
      t.db,
      mine.map((a) => a.id),
    );
    const after = await stats(p.cookie);
    expect(after).toMatchObject({ daysPlayed: 0, answers: 0 });
    expect(after.calendar.at(-1)).toEqual({ date: TEST_TODAY, played: false, frozen: false });
    expect(await historyFiguresEqualRecount(t.db)).toBe(true);
  });
});

describe('GET /api/archive', () => {
  it('needs a session; guests see it', async () => {
    expect((await t.request('/api/archive')).status).toBe(401);
    await scheduleToday(t, 2, YESTERDAY);
    const guest = await t.guest();
    expect((await archive(guest.cookie)).days.map((d) => d.date)).toEqual([YESTERDAY]);
  });

  it("lists past days newest first with their topics and the player's answers, never today's", async () => {
    const p = await player(t);
    const older = await scheduleToday(t, 2, TWO_DAYS_AGO);
    const earlier = await scheduleToday(t, 3, YESTERDAY);
    await scheduleToday(t, 2, addDays(TEST_TODAY, 1));
    goTo(YESTERDAY);
    await mustSelect(t, p.cookie, earlier.topics[0]!.id);
    await mustAnswer(t, p.cookie, {
      questionId: earlier.questions.get(earlier.topics[0]!.id)![0]!.id,
      selectedOptionId: 'opt-2',
    });
    goTo(TEST_TODAY);

    const page = await archive(p.cookie);
    expect(page.days.map((d) => d.date)).toEqual([YESTERDAY, TWO_DAYS_AGO]);
    expect(page.nextBefore).toBeNull();
    const [yesterday, twoDaysAgo] = page.days;
    expect(yesterday!.topics.map((x) => x.id)).toEqual(earlier.topics.map((x) => x.id));
    expect(yesterday!.topics[0]).toEqual({
      id: earlier.topics[0]!.id,
      title: earlier.topics[0]!.title,
      category: earlier.topics[0]!.category,
      questionCount: 2,
      answered: 1,
      isSelected: true,
    });
    expect(yesterday!.topics[1]).toMatchObject({ questionCount: 1, answered: 0, isSelected: false });
    expect(twoDaysAgo!.topics.map((x) => x.id)).toEqual(older.topics.map((x) => x.id));
    const ids = page.days.flatMap((d) => d.topics.map((x) => x.id));
    expect(ids.some((id) => today.topics.some((x) => x.id === id))).toBe(false);
  });

  it('pages with before and limit, and says where the next page starts', async () => {
    const p = await player(t);
    for (let i = 1; i <= 5; i++) await scheduleToday(t, 1, addDays(TEST_TODAY, -i));
    const first = await archive(p.cookie, '?limit=2');
    expect(first.days.map((d) => d.date)).toEqual([addDays(TEST_TODAY, -1), addDays(TEST_TODAY, -2)]);
    expect(first.nextBefore).toBe(addDays(TEST_TODAY, -2));
    const second = await archive(p.cookie, `?limit=2&before=${first.nextBefore}`);
    expect(second.days.map((d) => d.date)).toEqual([addDays(TEST_TODAY, -3), addDays(TEST_TODAY, -4)]);
    const third = await archive(p.cookie, `?limit=2&before=${second.nextBefore}`);
    expect(third.days.map((d) => d.date)).toEqual([addDays(TEST_TODAY, -5)]);
    expect(third.nextBefore).toBeNull();
    // A `before` in the future still starts before today.
    const future = await archive(p.cookie, `?before=${addDays(TEST_TODAY, 30)}&limit=1`);
    expect(future.days.map((d) => d.date)).toEqual([YESTERDAY]);
  });

  it('leaves out a day with no topics', async () => {
    const p = await player(t);
    await scheduleToday(t, 1, TWO_DAYS_AGO);
    await scheduleDay(t.db, YESTERDAY, []);
    expect((await archive(p.cookie)).days.map((d) => d.date)).toEqual([TWO_DAYS_AGO]);
    const res = await t.request(`/api/archive/${YESTERDAY}`, { cookie: p.cookie });
    expect(res.status).toBe(404);
    expect((await json(res)).message).toBe(ARCHIVE_NO_TOPICS);
    const never = await t.request(`/api/archive/${addDays(TEST_TODAY, -40)}`, { cookie: p.cookie });
    expect(never.status).toBe(404);
  });

  it('400s on a bad before or limit', async () => {
    const p = await player(t);
    for (const query of ['?before=2026-02-30', '?before=yesterday', '?limit=0', '?limit=31', '?limit=x']) {
      const res = await t.request(`/api/archive${query}`, { cookie: p.cookie });
      expect(res.status, query).toBe(400);
      expect(typeof (await json(res)).message).toBe('string');
    }
  });
});

describe('GET /api/archive/{date} and POST /api/archive/{date}/select-topic', () => {
  it("answers a past day in the daily-topics shape; today and later are not the archive's", async () => {
    const p = await player(t);
    const earlier = await scheduleToday(t, 4, YESTERDAY);
    const day = await archiveDay(p.cookie, YESTERDAY);
    expect(day.date).toBe(YESTERDAY);
    expect(day.topics.map((x) => x.id)).toEqual(earlier.topics.map((x) => x.id));
    expect(day.topics[0]).toMatchObject({ isSelected: false, isLocked: false, showResults: false });
    expect(day.topics[0]!.questions).toHaveLength(2);
    for (const date of [TEST_TODAY, addDays(TEST_TODAY, 1)]) {
      const res = await t.request(`/api/archive/${date}`, { cookie: p.cookie });
      expect(res.status).toBe(404);
      expect((await json(res)).message).toBe(ARCHIVE_NOT_PAST);
      const pick = await archiveSelect(p.cookie, date, today.topics[0]!.id);
      expect(pick.status).toBe(404);
    }
    expect((await t.request('/api/archive/2026-13-01', { cookie: p.cookie })).status).toBe(400);
    expect((await t.request(`/api/archive/${YESTERDAY}`)).status).toBe(401);
  });

  it('picks up to 3 topics of a past day, separately from today', async () => {
    const p = await player(t);
    const earlier = await scheduleToday(t, 4, YESTERDAY);
    await mustSelect(t, p.cookie, today.topics[0]!.id);
    for (let i = 0; i < 3; i++) await mustArchiveSelect(p.cookie, YESTERDAY, earlier.topics[i]!.id);
    const fourth = await archiveSelect(p.cookie, YESTERDAY, earlier.topics[3]!.id);
    expect(fourth.status).toBe(409);
    const day = await archiveDay(p.cookie, YESTERDAY);
    expect(day.userSelection).toEqual({
      selectedCount: 3,
      hasMaxSelections: true,
      selectedTopicIds: earlier.topics.slice(0, 3).map((x) => x.id),
    });
    expect(day.topics[3]!.isLocked).toBe(true);
    // Today's topic is not that day's; that day's is not today's.
    const wrong = await archiveSelect(p.cookie, YESTERDAY, today.topics[1]!.id);
    expect(wrong.status).toBe(404);
    expect((await json(wrong)).message).toBe(ARCHIVE_TOPIC_NOT_FOUND);
    expect(
      (
        await t.request('/api/select-topic', {
          method: 'POST',
          cookie: p.cookie,
          json: { topicId: earlier.topics[3]!.id },
        })
      ).status,
    ).toBe(404);
    // Unpicking works as today: only while nothing in it is answered.
    const unpick = await archiveSelect(p.cookie, YESTERDAY, earlier.topics[2]!.id);
    expect(unpick.status).toBe(200);
    expect((await archiveSelect(p.cookie, YESTERDAY, 'nope')).status).toBe(404);
    const bad = await t.request(`/api/archive/${YESTERDAY}/select-topic`, {
      method: 'POST',
      cookie: p.cookie,
      json: { topic: 1 },
    });
    expect(bad.status).toBe(400);
  });
});

describe('late answers', () => {
  it('are stored late, count in results and the total, and move no streak, freeze or calendar day', async () => {
    const p = await player(t);
    const earlier = await scheduleToday(t, 3, TWO_DAYS_AGO);
    goTo(YESTERDAY);
    await scheduleToday(t, 1, YESTERDAY);
    goTo(TEST_TODAY);
    await mustSelect(t, p.cookie, today.topics[1]!.id);
    await answerTopic(p.cookie, today, 1);
    const before = await stats(p.cookie);

    await mustArchiveSelect(p.cookie, TWO_DAYS_AGO, earlier.topics[0]!.id);
    const question = earlier.questions.get(earlier.topics[0]!.id)![0]!;
    const res = await postAnswer(t, p.cookie, {
      questionId: question.id,
      selectedOptionId: 'opt-2',
      late: true,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await json(res);
    expect(body.answer.late).toBe(true);
    expect(body.streak).toMatchObject({ current: 1, longest: 1, freezesSpent: 0 });

    const after = await stats(p.cookie);
    expect(after.answers).toBe(before.answers + 1);
    expect(after).toMatchObject({
      currentStreak: before.currentStreak,
      longestStreak: before.longestStreak,
      streakFreezes: before.streakFreezes,
      daysPlayed: before.daysPlayed,
      freezesSpent: 0,
    });
    expect(after.calendar).toEqual(before.calendar);

    const results = await t.request(`/api/questions/${question.id}/results`, { cookie: p.cookie });
    expect(results.status).toBe(200);
    const shaped = QuestionResultsSchema.parse(await results.json());
    expect(shaped.totalAnswers).toBe(1);
    expect(shaped.optionCounts['opt-2']).toBe(1);
    expect(await countersEqualRecount(t.db)).toBe(true);

    const token = await t.adminToken();
    const list = AdminAnswersPageSchema.parse(
      await json(await t.request(`/api/admin/answers?date=${TWO_DAYS_AGO}`, { token })),
    );
    expect(list.items.map((a) => a.late)).toEqual([true]);
    const today1 = AdminAnswersPageSchema.parse(
      await json(await t.request(`/api/admin/answers?date=${TEST_TODAY}`, { token })),
    );
    expect(today1.items.every((a) => !a.late)).toBe(true);
    const csv = await (await t.request(`/api/admin/answers/export?date=${TWO_DAYS_AGO}`, { token })).text();
    expect(csv.split('\r\n')[0]!.endsWith(',late')).toBe(true);
    expect(csv.split('\r\n')[1]!.endsWith(',true')).toBe(true);
  });

  it('gate results as today: only after answering that question', async () => {
    const p = await player(t);
    const other = await player(t);
    const earlier = await scheduleToday(t, 2, YESTERDAY);
    const question = earlier.questions.get(earlier.topics[1]!.id)![0]!;
    await mustArchiveSelect(other.cookie, YESTERDAY, earlier.topics[1]!.id);
    await mustAnswer(t, other.cookie, { questionId: question.id, selectedOptionId: 'opt-1' });
    const locked = await t.request(`/api/questions/${question.id}/results`, { cookie: p.cookie });
    expect(locked.status).toBe(403);
    // Not picked: refused as today.
    const unpicked = await postAnswer(t, p.cookie, { questionId: question.id, selectedOptionId: 'opt-1' });
    expect(unpicked.status).toBe(403);
    await mustArchiveSelect(p.cookie, YESTERDAY, earlier.topics[1]!.id);
    await mustAnswer(t, p.cookie, { questionId: question.id, selectedOptionId: 'opt-1' });
    const open = await t.request(`/api/questions/${question.id}/results`, { cookie: p.cookie });
    expect(open.status).toBe(200);
    expect(QuestionResultsSchema.parse(await open.json()).totalAnswers).toBe(2);
    const again = await postAnswer(t, p.cookie, { questionId: question.id, selectedOptionId: 'opt-2' });
    expect(again.status).toBe(409);
    const day = await archiveDay(p.cookie, YESTERDAY);
    expect(day.topics[1]).toMatchObject({ isSelected: true, showResults: true, canAnswer: false });
  });

  it('earn answer-count badges but no full house or streak badge', async () => {
    const p = await player(t);
    const earlier = await scheduleToday(t, 3, YESTERDAY);
    const earned: string[] = [];
    for (let i = 0; i < 3; i++) {
      await mustArchiveSelect(p.cookie, YESTERDAY, earlier.topics[i]!.id);
      for (const r of await answerTopic(p.cookie, earlier, i)) earned.push(...r.newBadges.map((b) => b.type));
    }
    expect(earned).toEqual(['first_answer']);
    const s = await stats(p.cookie);
    expect(s.badges.map((b) => b.type)).toEqual(['first_answer']);
    expect(s).toMatchObject({ currentStreak: 0, daysPlayed: 0, answers: 4 });
  });

  it('refuse a question of a later day, and one of a past day that day did not schedule', async () => {
    const p = await player(t);
    const tomorrow = await scheduleToday(t, 1, addDays(TEST_TODAY, 1));
    const future = tomorrow.questions.get(tomorrow.topics[0]!.id)![0]!;
    const res = await postAnswer(t, p.cookie, { questionId: future.id, selectedOptionId: 'opt-1' });
    expect(res.status).toBe(400);
    const earlier = await scheduleToday(t, 2, YESTERDAY);
    await mustArchiveSelect(p.cookie, YESTERDAY, earlier.topics[0]!.id);
    // The schedule of that day changes afterwards: its questions are no longer that day's.
    await scheduleDay(t.db, YESTERDAY, [earlier.topics[1]!.id]);
    const gone = await postAnswer(t, p.cookie, {
      questionId: earlier.questions.get(earlier.topics[0]!.id)![0]!.id,
      selectedOptionId: 'opt-1',
    });
    expect(gone.status).toBe(400);
  });
});
