// @databases: embedded — EXPLAIN QUERY PLAN of SQLite's planner on a local file (the same planner D1 and Turso run); one run is enough.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@daily-tea/shared/domain/game-day';
import { fullScans, openPlanDatabase } from '../../test/query-plans';
import { migrateLibsql } from '../migrate';
import { writeAnswerBatch } from './answers.queries';
import { writeReveals } from './crowd.queries';
import { findArchivePage, findStatsRead } from './history.queries';

/**
 * The player's history (GET /api/me/stats) and the archive must cost the same for a player of a year as for a
 * player of a day (docs/decisions/0270-history-and-archive.md): every statement they run — and the statements the
 * history triggers run inside each answer and reveal — is explained with its parameters against a player with
 * 365 days of answers, and must read by primary key or index ranges bounded by what the screen shows.
 */
const { db, execute, plansOf, close } = openPlanDatabase('daily-tea-history-plans-');

const TODAY = '2026-06-10';
const DAYS = 365;
beforeAll(async () => {
  await migrateLibsql(db);
  await execute(
    `INSERT INTO users (id, username, password_hash) VALUES ('u1', 'one', 'x'), ('u2', 'two', 'x')`,
  );
  await execute(`INSERT INTO topics (id, title, category) VALUES ('t1', 'T', 'C'), ('t2', 'T2', 'C')`);
  // A year of days, each with a schedule, two questions and u1's answers (the triggers fill player_days).
  const year = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${DAYS})`;
  const day = `date('${TODAY}', '-' || i || ' days')`;
  await execute(
    `${year} INSERT INTO daily_topics (id, date, topic_ids) SELECT 'd' || i, ${day}, '["t1","t2"]' FROM n`,
  );
  await execute(`${year} INSERT INTO questions (id, topic_id, date, text, group_id)
    SELECT 'q' || i || k.s, k.t, ${day}, 'Q?', 'g' || i || k.s FROM n, (SELECT 'a' AS s, 't1' AS t UNION ALL SELECT 'b', 't2') k`);
  await execute(`${year} INSERT INTO answers (id, user_id, question_id, group_id, question_date, selected_option_id,
      answered_at, revealed_at, crowd_top)
    SELECT 'a' || i || k.s, 'u1', 'q' || i || k.s, 'g' || i || k.s, ${day}, k.o, 0, k.r, k.top
    FROM n, (SELECT 'a' AS s, 'opt-1' AS o, 1 AS r, '["opt-1"]' AS top UNION ALL SELECT 'b', 'opt-2', NULL, NULL) k`);
  await execute(
    `INSERT INTO questions (id, topic_id, date, text, group_id) VALUES ('qt', 't1', '${TODAY}', 'Q?', 'gt')`,
  );
  await execute(
    `INSERT INTO user_daily_selections (id, user_id, date, selected_topic_ids) VALUES ('s1', 'u1', '${TODAY}', '["t1"]')`,
  );
});
afterAll(close);

/** Community-sized tables and their aliases in hand-written SQL; json_each (j, sj), derived tables (held) and CTEs (days) are fine. */
const FULL_SCAN =
  /^SCAN (users|answers|questions|user_daily_selections|badges|player_days|player_stats|crowd_sense_days|daily_topics|topics|a|q|qa|qq|u|s|d|t|b|pd|ps|csd)\b(?! USING)/;

const cases: [string, () => Promise<unknown>][] = [
  [
    'stats: one figures row with its calendar, badges and crowd window in one statement',
    () =>
      findStatsRead(db, {
        userId: 'u1',
        statsVersion: -1,
        calendarFrom: addDays(TODAY, -89),
        crowdFrom: addDays(TODAY, -29),
        today: TODAY,
      }),
  ],
  ['archive: one page of days', () => findArchivePage(db, { userId: 'u1', before: TODAY, limit: 10 })],
  [
    'answer with frozen days (the trigger upserts the day by primary key)',
    () =>
      writeAnswerBatch(db, {
        answerId: 'new-1',
        userId: 'u1',
        questionId: 'qt',
        groupId: 'gt',
        questionDate: TODAY,
        topicId: 't1',
        selectedOptionId: 'opt-1',
        numericValue: null,
        answeredAt: new Date(),
        late: false,
        playDate: TODAY,
        funnel: null,
        frozenDays: [addDays(TODAY, -400)],
        streak: null,
        badgeTypes: [],
        newBadgeId: () => 'b-new',
      }),
  ],
  [
    'reveal (the trigger counts the pick by primary key)',
    () =>
      writeReveals(db, [
        { userId: 'u1', questionId: 'q1b', revealedAt: new Date(), mostPicked: ['opt-1'], ownShare: 0.5 },
      ]),
  ],
];

/** The statements of the history triggers (migration history_triggers), with values for NEW/OLD. */
const triggerBodies: [string, string][] = [
  [
    'answer → day',
    `INSERT INTO player_days (user_id, date, answers, frozen) VALUES ('u1', '${TODAY}', 1, 0)
      ON CONFLICT (user_id, date) DO UPDATE SET answers = answers + 1`,
  ],
  [
    'answer deleted → day',
    `UPDATE player_days SET answers = answers - 1 WHERE user_id = 'u1' AND date = '${TODAY}'`,
  ],
  [
    'day → stats',
    `UPDATE player_stats SET days_played = days_played - 1, days_frozen = days_frozen - 0 WHERE user_id = 'u1'`,
  ],
  ['user deleted → rows', `DELETE FROM player_days WHERE user_id = 'u1'`],
  // The stats version (migration stats_version_triggers): one users row by primary key.
  ['stats change → version', `UPDATE users SET stats_version = stats_version + 1 WHERE id IN ('u1', 'u1')`],
  // The answers version (migration answers_version_triggers, ADR 0306): the same, per answer written.
  [
    'answer → answers version',
    `UPDATE users SET answers_version = answers_version + 1 WHERE id IN ('u1', 'u1')`,
  ],
];

describe('history and archive query plans (a player with 365 days of answers)', () => {
  it('the figures equal what the year of answers says', async () => {
    const stats = await findStatsRead(db, {
      userId: 'u1',
      statsVersion: -1,
      calendarFrom: addDays(TODAY, -89),
      crowdFrom: addDays(TODAY, -29),
      today: TODAY,
    });
    expect(stats.daysPlayed).toBeGreaterThanOrEqual(DAYS);
    expect(stats.calendar.filter((d) => d.played).length).toBe(89);
    expect(stats.calendar.at(-1)).toEqual({ played: false, frozen: false });
    expect(stats.picksRevealed).toBeGreaterThanOrEqual(DAYS);
  });

  it.each(cases)('%s: no full scan, reads bounded by the screen', async (_name, run) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql: text, plan } of plans) {
      expect(fullScans([{ sql: text, plan }], FULL_SCAN), `${text}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it('reads the stats version and the figures with the calendar by primary key (users, player_stats), the crowd window as a range', async () => {
    const [stats] = await plansOf(() =>
      findStatsRead(db, {
        userId: 'u1',
        statsVersion: -1,
        calendarFrom: '2026-03-13',
        crowdFrom: '2026-05-12',
        today: TODAY,
      }),
    );
    const plan = stats!.plan.join('\n');
    expect(plan).toMatch(/SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)/);
    expect(plan).toMatch(/SEARCH player_stats USING INDEX sqlite_autoindex_player_stats_1 \(user_id=\?\)/);
    expect(plan).not.toMatch(/player_days|\bpd\b/);
    expect(plan).toMatch(
      /SEARCH csd USING (PRIMARY KEY|INDEX sqlite_autoindex_crowd_sense_days_1) \(user_id=\? AND date>\? AND date<\?\)/,
    );
  });

  it('pages the archive on the date index, newest first', async () => {
    const [page] = await plansOf(() => findArchivePage(db, { userId: 'u1', before: TODAY, limit: 10 }));
    expect(page!.plan.join('\n')).toMatch(/SEARCH d USING INDEX daily_topics_date_unique \(date<\?\)/);
  });

  it.each(triggerBodies)('trigger statement %s: by primary key', async (_name, text) => {
    const plans = await plansOf(() => db.run(sql.raw(text)));
    expect(fullScans(plans, FULL_SCAN), plans.flatMap((p) => p.plan).join('\n')).toEqual([]);
  });

  it('would catch a full scan of the calendar (the check is not vacuous)', async () => {
    const plans = await plansOf(() => db.all(sql`SELECT pd.date FROM player_days pd WHERE pd.answers > 1`));
    expect(fullScans(plans, FULL_SCAN)).toEqual(['SCAN pd']);
  });
});
