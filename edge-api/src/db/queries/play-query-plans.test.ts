// @databases: embedded — EXPLAIN QUERY PLAN of SQLite's planner on a local file (the same planner D1 and Turso run); one run is enough.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullScans, openPlanDatabase } from '../../test/query-plans';
import { migrateLibsql } from '../migrate';
import {
  deleteAnswersWithCounters,
  deleteQuestionWithCounters,
  deleteUsersWithCounters,
  findUserAnswer,
  findUserAnswersForDate,
  writeAnswerBatch,
  type SubmitAnswerWrite,
} from './answers.queries';
import { findUserBadges, findUserBadgeTypes } from './badges.queries';
import {
  findQuestionById,
  findQuestionsForDate,
  findScheduledTopicIds,
  findScheduledTopics,
} from './daily.queries';
import { findPlayerDay, findResultsRead } from './player-day.queries';
import { catalogueVersion } from '../engine/read-caches';
import { findGroupCounters, findGroupNumericExtremes } from './results.queries';
import { findHiddenDays } from './link-group-days.queries';
import { upsertPushSubscription } from './push.queries';
import { findSessionWithUser, insertSessionCapped } from './sessions.queries';
import { casUpdateSelection, insertSelectionIfAbsent } from './selections.queries';

/**
 * The player's hot paths (daily topics, select, answer, results) and the removals must stay flat at
 * 100k users / 1M answers: no full scan of a table that grows with the community. Every
 * statement — batched ones included — is captured at the libSQL client and explained with its parameters.
 */
const { db, execute, plansOf, close } = openPlanDatabase('daily-tea-plans-');

beforeAll(async () => {
  await migrateLibsql(db);
  await execute(
    `INSERT INTO users (id, username, password_hash) VALUES ('u1', 'one', 'x'), ('u2', 'two', 'x')`,
  );
  await execute(`INSERT INTO topics (id, title, category) VALUES ('t1', 'T', 'C')`);
  await execute(
    `INSERT INTO questions (id, topic_id, date, text, group_id) VALUES ('q1', 't1', '${'2026-06-10'}', 'Q?', 'g1')`,
  );
  await execute(`INSERT INTO daily_topics (id, date, topic_ids) VALUES ('d1', '2026-06-10', '["t1"]')`);
});
afterAll(close);

/** Community-sized tables (and their aliases in hand-written SQL); json_each (j) and constants (k) are fine. */
const FULL_SCAN =
  /^SCAN (users|answers|questions|user_daily_selections|badges|result_counters|sessions|play_rollup|funnel_days|a|q|u|s)(?! USING)/;

const DAY = '2026-06-10';
/** One answer write of player u1 to q1; each case sets the streak and badges it is about. */
const answerWrite = (answerId: string): Omit<SubmitAnswerWrite, 'streak' | 'badgeTypes'> => ({
  answerId,
  userId: 'u1',
  questionId: 'q1',
  groupId: 'g1',
  questionDate: DAY,
  playDate: DAY,
  funnel: { answered: true, finished: true },
  topicId: 't1',
  late: false,
  frozenDays: [],
  selectedOptionId: 'opt-1',
  numericValue: null,
  answeredAt: new Date(),
  newBadgeId: () => crypto.randomUUID(),
});
const cases: [string, () => Promise<unknown>][] = [
  ['session: session + user', () => findSessionWithUser(db, 'sess-1')],
  [
    'session: a sign-in that ends the oldest beyond the cap',
    () => insertSessionCapped(db, { id: 'sess-cap', userId: 'u1', expiresAt: new Date() }, 10),
  ],
  ['daily: schedule + topics', () => findScheduledTopics(db, DAY)],
  ['daily: questions of the day', () => findQuestionsForDate(db, DAY)],
  ['daily: my answers of the day', () => findUserAnswersForDate(db, 'u1', DAY)],
  ['daily: selection + my answers in one statement', () => findPlayerDay(db, 'u1', DAY, { badges: false })],
  [
    'answer: selection + my answers + my badges in one statement',
    () => findPlayerDay(db, 'u1', DAY, { badges: true }),
  ],
  [
    'results: question + counters + my answer + numeric extremes + my city + catalogue version in one statement',
    () =>
      findResultsRead(db, {
        questionId: 'q1',
        userId: 'u1',
        place: { country: 'Kenya', city: 'Nairobi' },
        date: DAY,
      }),
  ],
  [
    'results: the hidden game days of the link-group rule (day rows, city row, numeric extremes without them)',
    () =>
      findHiddenDays(db, {
        groupId: 'g1',
        days: ['2026-06-09', DAY],
        numeric: true,
        place: { country: 'Kenya', city: 'Nairobi' },
      }),
  ],
  [
    'push: subscribe, ending the oldest beyond the cap',
    () =>
      upsertPushSubscription(db, 5, {
        id: 'p1',
        userId: 'u1',
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        p256dh: 'k',
        auth: 'a',
        lastSentDay: DAY,
        createdAt: new Date(),
      }),
  ],
  ['catalogue version', () => catalogueVersion(db)],
  [
    'select: insert',
    () =>
      insertSelectionIfAbsent(db, {
        id: 's1',
        userId: 'u1',
        date: DAY,
        selectedTopicIds: ['t1'],
        createdAt: new Date(),
      }),
  ],
  ['select: compare-and-swap', () => casUpdateSelection(db, { id: 's1', expectedVersion: 0, next: ['t1'] })],
  [
    'select: compare-and-swap with unselect guard',
    () =>
      casUpdateSelection(db, {
        id: 's1',
        expectedVersion: 1,
        next: [],
        unselectGuard: { userId: 'u1', date: DAY, topicId: 't1' },
      }),
  ],
  [
    'answer: question, schedule, badges',
    () =>
      Promise.all([findQuestionById(db, 'q1'), findScheduledTopicIds(db, DAY), findUserBadgeTypes(db, 'u1')]),
  ],
  [
    "answer: write batch (the day's first answer: streak columns written)",
    () =>
      writeAnswerBatch(db, {
        ...answerWrite('a1'),
        streak: {
          currentStreak: 1,
          longestStreak: 1,
          lastActivityDate: DAY,
          streakFreezes: 0,
          freezesSpentOn: null,
          freezesSpent: 0,
        },
        badgeTypes: ['first_answer', 'full_house'],
      }),
  ],
  [
    'answer: write batch (a later answer: streak unchanged)',
    () => writeAnswerBatch(db, { ...answerWrite('a2'), streak: null, badgeTypes: [] }),
  ],
  [
    'results: my answer, counters, numeric extremes',
    () =>
      Promise.all([
        findUserAnswer(db, 'u1', 'q1'),
        findGroupCounters(db, 'g1'),
        findGroupNumericExtremes(db, 'g1'),
      ]),
  ],
  ['badges list', () => findUserBadges(db, 'u1')],
  ['remove answers', () => deleteAnswersWithCounters(db, ['a1', 'a2'])],
  ['remove users', () => deleteUsersWithCounters(db, ['u1', 'u2'])],
  ['remove question', () => deleteQuestionWithCounters(db, 'q1')],
];

describe('player and removal query plans', () => {
  it.each(cases)('%s: no full scan of a community-sized table', async (_name, run) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql, plan } of plans) {
      expect(fullScans([{ sql, plan }], FULL_SCAN), `${sql}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it("results: the viewer's city rows are one primary-key probe (group, bucket), never a range over the cities", async () => {
    const [read] = await plansOf(() =>
      findResultsRead(db, {
        questionId: 'q1',
        userId: 'u1',
        place: { country: 'Kenya', city: 'Nairobi' },
        date: DAY,
      }),
    );
    const probes = read!.plan.filter((line) => /^SEARCH c USING (INDEX|PRIMARY KEY)/.test(line));
    // The group's rows below the city buckets, and the one city's rows by its full key.
    expect(probes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\(group_id=\? AND bucket<\?\)/),
        expect.stringMatching(/\(group_id=\? AND bucket=\?\)/),
      ]),
    );
  });

  it('results: whether the viewer answered every member so far is two covering index ranges, no probe per member', async () => {
    const [read] = await plansOf(() =>
      findResultsRead(db, { questionId: 'q1', userId: 'u1', place: null, date: DAY }),
    );
    expect(read!.plan).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^SEARCH answers USING COVERING INDEX answers_user_group_idx \(user_id=\? AND group_id=\? AND question_date<\?\)$/,
        ),
        expect.stringMatching(
          /^SEARCH m USING COVERING INDEX questions_group_idx \(group_id=\? AND date<\?\)$/,
        ),
      ]),
    );
  });

  it('would catch a full scan (the check is not vacuous)', async () => {
    const plans = await plansOf(() =>
      db.all(sql`SELECT a.id FROM answers a WHERE a.selected_option_id = 'opt-1'`),
    );
    expect(fullScans(plans, FULL_SCAN)).toEqual(['SCAN a']);
  });
});
