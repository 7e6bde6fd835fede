// @databases: embedded — EXPLAIN QUERY PLAN of SQLite's planner on a local file (the same planner D1 and Turso run); one run is enough.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullScans, openPlanDatabase } from '../../test/query-plans';
import { migrateLibsql } from '../migrate';
import {
  deleteAnswersWithCounters,
  deleteQuestionWithCounters,
  deleteUsersWithCounters,
} from './answers.queries';
import {
  findAllBucketCounts,
  findRecapRead,
  findRecentTally,
  findStoredReveal,
  writeGuess,
  writeReveals,
} from './crowd.queries';
import { findResultsRead } from './player-day.queries';
import { findSessionWithUser } from './sessions.queries';

/**
 * Guess the crowd, crowd sense and the recap must stay flat at 100k players / 1M answers: every
 * statement they run — batched ones included, and the removal statements that keep the tallies exact — is
 * captured at the libSQL client and explained with its parameters (test/query-plans.ts).
 */
const { db, execute, plansOf, close } = openPlanDatabase('daily-tea-crowd-plans-');

const DAY = '2026-06-10';
beforeAll(async () => {
  await migrateLibsql(db);
  await execute(
    `INSERT INTO users (id, username, password_hash) VALUES ('u1', 'one', 'x'), ('u2', 'two', 'x')`,
  );
  await execute(`INSERT INTO topics (id, title, category) VALUES ('t1', 'T', 'C')`);
  await execute(
    `INSERT INTO questions (id, topic_id, date, text, group_id) VALUES ('q1', 't1', '${DAY}', 'Q?', 'g1')`,
  );
  await execute(
    `INSERT INTO answers (id, user_id, question_id, group_id, question_date, selected_option_id, answered_at)
     VALUES ('a1', 'u1', 'q1', 'g1', '${DAY}', 'opt-1', 0), ('a2', 'u2', 'q1', 'g1', '${DAY}', 'opt-2', 0)`,
  );
});
afterAll(close);

/** Community-sized tables and their aliases in hand-written SQL; json_each (j, g), derived tables (d) and constants are fine. */
const FULL_SCAN =
  /^SCAN (users|answers|questions|user_daily_selections|badges|result_counters|sessions|crowd_sense_days|a|q|u|s|c|csd)(?! USING)/;

const cases: [string, () => Promise<unknown>][] = [
  ['session + user (with the freeze and guess columns)', () => findSessionWithUser(db, 'sess-1')],
  [
    'guess: conditional write on the answer',
    () => writeGuess(db, { userId: 'u1', questionId: 'q1', optionId: 'opt-2', questionDate: DAY }),
  ],
  ['guess: stored reveal state', () => findStoredReveal(db, 'u1', 'q1')],
  [
    'results: question + counters + my answer with its reveal record in one statement',
    () => findResultsRead(db, { questionId: 'q1', userId: 'u1', place: null, date: DAY }),
  ],
  [
    'reveal: day tally, total tally and the answer in one batch',
    () =>
      writeReveals(db, [
        { userId: 'u1', questionId: 'q1', revealedAt: new Date(), mostPicked: ['opt-1'], ownShare: 0.5 },
        {
          userId: 'u2',
          questionId: 'q1',
          revealedAt: new Date(),
          mostPicked: ['opt-1', 'opt-2'],
          ownShare: 0.5,
        },
      ]),
  ],
  ['crowd sense: 30-day window', () => findRecentTally(db, 'u1', '2026-05-12', DAY)],
  [
    'recap: selection + answers of the day + tallies in one statement',
    () => findRecapRead(db, 'u1', DAY, '2026-05-12'),
  ],
  ["recap: counters of the unrevealed answers' groups", () => findAllBucketCounts(db, ['g1', 'g2'])],
  ['remove answers (tallies taken back)', () => deleteAnswersWithCounters(db, ['a1'])],
  ['remove question (tallies taken back)', () => deleteQuestionWithCounters(db, 'q1')],
  ['remove users (day rows deleted)', () => deleteUsersWithCounters(db, ['u1', 'u2'])],
];

describe('guess the crowd and recap query plans', () => {
  it.each(cases)('%s: no full scan of a community-sized table', async (_name, run) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql: text, plan } of plans) {
      expect(fullScans([{ sql: text, plan }], FULL_SCAN), `${text}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it('would catch a full scan of the tallies (the check is not vacuous)', async () => {
    const plans = await plansOf(() =>
      db.all(sql`SELECT csd.user_id FROM crowd_sense_days csd WHERE csd.guesses > 1`),
    );
    expect(fullScans(plans, FULL_SCAN)).toEqual(['SCAN csd']);
  });
});
