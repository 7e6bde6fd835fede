// @databases: embedded — EXPLAIN QUERY PLAN of SQLite's planner on a local file (the same planner D1 and Turso run); one run is enough.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullScans, openPlanDatabase } from '../../test/query-plans';
import { enableReadCaches } from '../engine/read-caches';
import { migrateLibsql } from '../migrate';
import { deleteUsersWithCounters } from './answers.queries';
import {
  deleteExpiredInvites,
  deleteFriendship,
  findFriend,
  findFriendAnswers,
  findFriends,
  findInvite,
  findLeaderboard,
  findLiveInvites,
  insertFriendship,
  insertInvite,
  revokeInvite,
} from './friends.queries';
import { findResultsRead } from './player-day.queries';

/**
 * Friends must stay flat at 100k players with 100 friends each: every statement — the results read of
 * friends' answers above all, which runs on every results request — starts at an index, and none runs per friend.
 */
const { db, execute, plansOf, close } = openPlanDatabase('daily-tea-friends-plans-');

const DAY = '2026-06-10';
/** The question whose results are read (q2 is its link group's other member, a day later). */
const VIEWED = { id: 'q1', groupId: 'q1', date: DAY };
beforeAll(async () => {
  await migrateLibsql(db);
  await execute(
    `INSERT INTO users (id, username, password_hash) VALUES ('u1', 'one', 'x'), ('u2', 'two', 'x'), ('u3', 'three', 'x')`,
  );
  await execute(`INSERT INTO topics (id, title, category) VALUES ('t1', 'T', 'C')`);
  await execute(
    `INSERT INTO questions (id, topic_id, date, text, group_id) VALUES ('q1', 't1', '${DAY}', 'Q?', 'q1'),
      ('q2', 't1', '2026-06-11', 'Q?', 'q1')`,
  );
  await execute(
    `INSERT INTO answers (id, user_id, question_id, group_id, question_date, selected_option_id, answered_at)
     VALUES ('a1', 'u1', 'q1', 'q1', '${DAY}', 'opt-1', 0), ('a2', 'u2', 'q1', 'q1', '${DAY}', 'opt-2', 0)`,
  );
  await execute(
    `INSERT INTO friendships (user_id, friend_id, since) VALUES ('u1', 'u2', '${DAY}'), ('u2', 'u1', '${DAY}')`,
  );
});
afterAll(close);

/** Community-sized tables and their aliases in hand-written SQL. */
const FULL_SCAN =
  /^SCAN (users|answers|questions|friendships|friend_invites|friend_list_versions|friend_answer_versions|crowd_sense_days|player_days|a|q|u|f|i|m|v|csd|pd)\b(?! USING)/;

const cases: [string, () => Promise<unknown>][] = [
  ["results: the viewer's friends' answers in the link group", () => findFriendAnswers(db, 'u1', VIEWED)],
  ['friends screen: friends with their streak figures', () => findFriends(db, 'u1')],
  ['one friend', () => findFriend(db, 'u1', 'u2')],
  ['leaderboard: the viewer and friends over 7 days', () => findLeaderboard(db, 'u1', '2026-06-04', DAY)],
  ['accept: the conditional two-way insert', () => insertFriendship(db, 'u3', 'u1', DAY, 100)],
  ['remove a friend', () => deleteFriendship(db, 'u1', 'u3')],
  [
    'invite: create',
    () => insertInvite(db, { code: 'ABCDEFGH', userId: 'u1', expiresAt: new Date(Date.UTC(2026, 6, 1)) }),
  ],
  ['invite: read by code with its owner', () => findInvite(db, 'ABCDEFGH')],
  ["invite: the owner's live invites", () => findLiveInvites(db, 'u1', new Date(Date.UTC(2026, 5, 1)))],
  ['invite: revoke', () => revokeInvite(db, 'u1', 'ABCDEFGH', new Date())],
  ['cleanup: expired invites', () => deleteExpiredInvites(db, new Date(Date.UTC(2026, 5, 1)))],
  ['remove users (friendships both ways, invites)', () => deleteUsersWithCounters(db, ['u3'])],
];

describe('friends query plans', () => {
  it.each(cases)('%s: no full scan of a community-sized table', async (_name, run) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const { sql: text, plan } of plans) {
      expect(fullScans([{ sql: text, plan }], FULL_SCAN), `${text}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it("reads friends' answers in one statement: per friend one covering seek of their answer to the viewed question", async () => {
    const plans = await plansOf(() => findFriendAnswers(db, 'u1', VIEWED));
    expect(plans).toHaveLength(1);
    const plan = plans[0]!.plan.join('\n');
    expect(plan).toMatch(/SEARCH f USING (COVERING INDEX|PRIMARY KEY|INDEX) .*\(user_id=\?/);
    expect(plan).toMatch(
      /SEARCH u USING INDEX sqlite_autoindex_users_1 \(id=\?\)|SEARCH u USING PRIMARY KEY/,
    );
    expect(plan).toMatch(
      /SEARCH a USING COVERING INDEX answers_user_day_idx \(user_id=\? AND question_date=\? AND question_id=\?\)/,
    );
    // Only a friend without that answer looks at the other visible members, each by the same covering seek.
    expect(plan).toMatch(/CORRELATED SCALAR SUBQUERY/);
    expect(plan).toMatch(
      /SEARCH o USING COVERING INDEX answers_user_day_idx \(user_id=\? AND question_date=\? AND question_id=\?\)/,
    );
    expect(plan).toMatch(
      /SEARCH v USING COVERING INDEX answers_user_question_uq \(user_id=\? AND question_id=\?\)/,
    );
    // Friends first: the statement never starts from the answers of the group.
    const order = ['SEARCH f ', 'SEARCH u ', 'SEARCH a '].map((step) =>
      plans[0]!.plan.findIndex((line) => line.includes(step)),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((x, y) => x - y));
  });

  it('reads the versions friends on results are kept at within the results statement, by primary key (ADR 0283)', async () => {
    const plans = await plansOf(() =>
      findResultsRead(db, { questionId: 'q1', userId: 'u1', place: null, date: DAY }),
    );
    const plan = plans.flatMap((p) => p.plan).join('\n');
    expect(plan).toMatch(/SEARCH friendships USING (COVERING INDEX|PRIMARY KEY|INDEX) .*\(user_id=\?/);
    expect(plan).toMatch(
      /SEARCH friend_list_versions USING INDEX sqlite_autoindex_friend_list_versions_1 \(user_id=\?\)/,
    );
    expect(plan).toMatch(
      /SEARCH friend_answer_versions USING INDEX sqlite_autoindex_friend_answer_versions_1 \(group_id=\?\)/,
    );
    expect(plan).not.toMatch(/SCAN friend_(list|answer)_versions/);
  });

  it('reads friends on results once per viewer, question and version where the handle keeps reads', async () => {
    enableReadCaches(db);
    const first = await plansOf(() => findFriendAnswers(db, 'u1', VIEWED, '1.2.3'));
    expect(first).toHaveLength(1);
    let kept: unknown;
    expect(await plansOf(async () => (kept = await findFriendAnswers(db, 'u1', VIEWED, '1.2.3')))).toEqual(
      [],
    );
    // The kept list carries its stored JSON (engine/json.ts sharedJson): its items are what was read.
    expect([...(kept as unknown[])]).toEqual([
      { username: 'two', selectedOptionId: 'opt-2', numericValue: null },
    ]);
    // Another version, viewer or question reads again.
    expect(await plansOf(() => findFriendAnswers(db, 'u1', VIEWED, '1.2.4'))).toHaveLength(1);
    expect(await plansOf(() => findFriendAnswers(db, 'u2', VIEWED, '1.2.4'))).toHaveLength(1);
    expect(await plansOf(() => findFriendAnswers(db, 'u1', { ...VIEWED, id: 'q2' }, '1.2.4'))).toHaveLength(
      1,
    );
  });

  it('would catch a full scan of friendships (the check is not vacuous)', async () => {
    const plans = await plansOf(() =>
      db.all(sql`SELECT f.user_id FROM friendships f WHERE f.since > '2026'`),
    );
    expect(fullScans(plans, FULL_SCAN)).toEqual(['SCAN f']);
  });
});
