import { and, eq, gt, lte, sql, type SQLWrapper } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { sharedJson } from '../engine/json';
import { friendsCache } from '../engine/read-caches';
import { friendAnswerVersions, friendInvites, friendListVersions, friendships } from '../schema';

/**
 * Friends (docs/decisions/0280-friends.md). Friendships are stored both ways, so every read starts at the
 * primary-key prefix `friendships.user_id = viewer` (at most 100 rows) and joins by primary key or unique index:
 * no statement reads a table that grows with the community, and no read runs once per friend.
 */

export type InviteRow = typeof friendInvites.$inferSelect;

export async function insertInvite(
  db: Database,
  values: { code: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(friendInvites).values(values);
}

/** An invite with its owner's name (null when no invite has this code). */
export async function findInvite(
  db: Database,
  code: string,
): Promise<(InviteRow & { username: string }) | undefined> {
  const rows = await db.all<{
    code: string;
    userId: string;
    expiresAt: number;
    revokedAt: number | null;
    createdAt: number;
    username: string;
  }>(sql`SELECT i.code AS code, i.user_id AS userId, i.expires_at AS expiresAt, i.revoked_at AS revokedAt,
      i.created_at AS createdAt, u.username AS username
    FROM friend_invites i JOIN users u ON u.id = i.user_id WHERE i.code = ${code}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...row,
    expiresAt: new Date(Number(row.expiresAt)),
    revokedAt: row.revokedAt === null ? null : new Date(Number(row.revokedAt)),
    createdAt: new Date(Number(row.createdAt)),
  };
}

/** The owner's invites still usable at `now`, newest first (index friend_invites_user_idx). */
export async function findLiveInvites(db: Database, userId: string, now: Date): Promise<InviteRow[]> {
  return db
    .select()
    .from(friendInvites)
    .where(
      and(
        eq(friendInvites.userId, userId),
        gt(friendInvites.expiresAt, now),
        sql`${friendInvites.revokedAt} IS NULL`,
      ),
    )
    .orderBy(sql`${friendInvites.expiresAt} DESC`);
}

/** Revokes the owner's invite; false when they have no such invite. */
export async function revokeInvite(db: Database, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(friendInvites)
    .set({ revokedAt: sql`coalesce(${friendInvites.revokedAt}, ${now.getTime()})` })
    .where(and(eq(friendInvites.code, code), eq(friendInvites.userId, userId)))
    .returning({ code: friendInvites.code });
  return rows.length === 1;
}

/** Invites expired before `now` (index friend_invites_expires_idx); returns how many went. */
export async function deleteExpiredInvites(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(friendInvites)
    .where(lte(friendInvites.expiresAt, now))
    .returning({ code: friendInvites.code });
  return rows.length;
}

export type FriendshipWrite = {
  /** True when this call made the friendship; false when it already existed (or was refused). */
  created: boolean;
  /** Whether the two are friends after the batch. */
  friends: boolean;
  /** Each side's friend count after the batch (the limit check when refused). */
  countA: number;
  countB: number;
};

const countOf = (userId: string) => sql`(SELECT count(*) FROM friendships WHERE user_id = ${userId})`;

/**
 * Makes `a` and `b` friends, both ways, in one batch — all or nothing on libSQL, Turso and D1. The first insert is
 * conditional: it happens only while neither side has `max` friends (counted inside the same write, so no
 * concurrent batch can slip past the limit), and the primary key makes a repeat (10 parallel accepts) a no-op.
 * The second insert mirrors the first only when it exists, so the two rows are written together or not at all.
 */
export async function insertFriendship(
  db: Database,
  a: string,
  b: string,
  since: string,
  max: number,
): Promise<FriendshipWrite> {
  const results = await runBatch(db, [
    db.all(sql`INSERT INTO friendships (user_id, friend_id, since)
      SELECT ${a}, ${b}, ${since} WHERE ${countOf(a)} < ${max} AND ${countOf(b)} < ${max}
      ON CONFLICT DO NOTHING RETURNING user_id`),
    db.run(sql`INSERT INTO friendships (user_id, friend_id, since)
      SELECT ${b}, ${a}, since FROM friendships WHERE user_id = ${a} AND friend_id = ${b}
      ON CONFLICT DO NOTHING`),
    db.all(sql`SELECT EXISTS (SELECT 1 FROM friendships WHERE user_id = ${a} AND friend_id = ${b}) AS friends,
      ${countOf(a)} AS countA, ${countOf(b)} AS countB`),
  ]);
  const created = (results[0] as unknown[]).length === 1;
  const state = (results[2] as { friends: unknown; countA: unknown; countB: unknown }[])[0];
  return {
    created,
    friends: Number(state?.friends ?? 0) === 1,
    countA: Number(state?.countA ?? 0),
    countB: Number(state?.countB ?? 0),
  };
}

/** Ends a friendship on both sides in one batch; false when they were not friends. */
export async function deleteFriendship(db: Database, a: string, b: string): Promise<boolean> {
  const results = await runBatch(db, [
    db
      .delete(friendships)
      .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)))
      .returning({ userId: friendships.userId }),
    db.delete(friendships).where(and(eq(friendships.userId, b), eq(friendships.friendId, a))),
  ]);
  return (results[0] as unknown[]).length === 1;
}

/**
 * The statements that delete users' friendships (both sides) and invites — inside the batch that deletes the
 * users (answers.queries deleteUsersWithCounters), so nothing of a deleted player stays on a friend's screens.
 */
export function deleteUsersFriendsStatements(db: Database, userIdsJson: string) {
  const ids = sql`(SELECT value FROM json_each(${userIdsJson}))`;
  return [
    db.delete(friendships).where(sql`${friendships.userId} IN ${ids}`),
    db.delete(friendships).where(sql`${friendships.friendId} IN ${ids}`),
    db.delete(friendInvites).where(sql`${friendInvites.userId} IN ${ids}`),
    // After the friendships: their triggers bump (and so write) the deleted players' own version rows.
    db.delete(friendListVersions).where(sql`${friendListVersions.userId} IN ${ids}`),
  ] as const;
}

/** One friend's figures: what their row on the Friends screen and the friend streak are made of. */
export type FriendFigures = {
  id: string;
  username: string;
  since: string;
  currentStreak: number;
  longestStreak: number;
  lastActivityDate: string | null;
  streakFreezes: number;
};

const figuresColumns = sql`u.id AS id, u.username AS username, u.current_streak AS currentStreak,
  u.longest_streak AS longestStreak, u.last_activity_date AS lastActivityDate, u.streak_freezes AS streakFreezes`;

/** A player's friends with their streak figures, in one statement (friendships prefix + users by primary key). */
export async function findFriends(db: Database, userId: string): Promise<FriendFigures[]> {
  const rows = await db.all<FriendFigures>(sql`SELECT ${figuresColumns}, f.since AS since
    FROM friendships f JOIN users u ON u.id = f.friend_id
    WHERE f.user_id = ${userId} ORDER BY lower(u.username)`);
  return rows.map(numericFigures);
}

/** One friend of `userId` (undefined when they are not friends). */
export async function findFriend(
  db: Database,
  userId: string,
  friendId: string,
): Promise<FriendFigures | undefined> {
  const rows = await db.all<FriendFigures>(sql`SELECT ${figuresColumns}, f.since AS since
    FROM friendships f JOIN users u ON u.id = f.friend_id
    WHERE f.user_id = ${userId} AND f.friend_id = ${friendId}`);
  return rows[0] && numericFigures(rows[0]);
}

function numericFigures(r: FriendFigures): FriendFigures {
  return {
    ...r,
    currentStreak: Number(r.currentStreak),
    longestStreak: Number(r.longestStreak),
    streakFreezes: Number(r.streakFreezes),
  };
}

export type LeaderboardRow = {
  id: string;
  username: string;
  daysPlayed: number;
  guesses: number;
  rightGuesses: number;
};

/**
 * The weekly leaderboard of a player and their friends in one statement: per person, the game days of `from`..`to`
 * played on time (the maintained calendar, player_days: a primary-key range of at most 7 rows; archive answers and
 * frozen days do not count) and the judged guesses of those days (crowd_sense_days primary-key range, ≤ 7 rows).
 */
export async function findLeaderboard(
  db: Database,
  userId: string,
  from: string,
  to: string,
): Promise<LeaderboardRow[]> {
  const rows = await db.all<LeaderboardRow>(sql`WITH people(id) AS (
      SELECT ${userId} UNION ALL SELECT f.friend_id FROM friendships f WHERE f.user_id = ${userId})
    SELECT u.id AS id, u.username AS username,
      (SELECT count(*) FROM player_days pd
        WHERE pd.user_id = u.id AND pd.date BETWEEN ${from} AND ${to} AND pd.answers > 0) AS daysPlayed,
      (SELECT total(csd.guesses) FROM crowd_sense_days csd
        WHERE csd.user_id = u.id AND csd.date BETWEEN ${from} AND ${to}) AS guesses,
      (SELECT total(csd.right_guesses) FROM crowd_sense_days csd
        WHERE csd.user_id = u.id AND csd.date BETWEEN ${from} AND ${to}) AS rightGuesses
    FROM people p JOIN users u ON u.id = p.id`);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    daysPlayed: Number(r.daysPlayed),
    guesses: Number(r.guesses),
    rightGuesses: Number(r.rightGuesses),
  }));
}

export type FriendAnswerRow = {
  username: string;
  selectedOptionId: string | null;
  numericValue: number | null;
};

/**
 * What a viewer's friends on a question's results are validated by (docs/decisions/0283-friends-on-results-cached.md):
 * the catalogue version, the viewer's friend list version and the group's friend-answer version, as one string.
 */
export type FriendsVersion = string;

/**
 * The results statement's column for friends (player-day.queries findResultsRead): NULL when the viewer has no
 * friend (friendships' primary-key prefix), else `list.answers` — the versions of the viewer's friend list and of
 * the group's friends' answers (one primary-key seek each; a missing row is 0). The caller adds the catalogue's.
 */
export function friendsOnResultsVersion(userId: SQLWrapper, groupId: SQLWrapper) {
  return sql<
    string | null
  >`CASE WHEN EXISTS (SELECT 1 FROM ${friendships} WHERE ${friendships.userId} = ${userId})
    THEN coalesce((SELECT ${friendListVersions.version} FROM ${friendListVersions}
      WHERE ${friendListVersions.userId} = ${userId}), 0) || '.' ||
    coalesce((SELECT ${friendAnswerVersions.version} FROM ${friendAnswerVersions}
      WHERE ${friendAnswerVersions.groupId} = ${groupId}), 0) END`;
}

/**
 * What a player's friends answered in a link group, for the results of one of its questions (product.md#play-rules;
 * docs/decisions/0281-friends-answers-by-question.md): friends who share answers, each with their answer to the
 * viewed question or — for a friend who did not answer it — their answer of the group's latest other game day. A
 * game day on which the group has a member the viewer has not answered is left out (the link-group rule of
 * product.md#play-rules). One statement: the viewer's friendships (primary-key prefix, ≤ 100), each friend's users
 * row by primary key and their answer to the viewed question — one seek of the covering answers_user_day_idx
 * (user, day, question) per friend, no row lookups. Only friends without that answer look further, at the other
 * members the viewer may see (questions_group_idx and the viewer's answers by answers_user_question_uq, computed
 * once), newest first; a friend's whole answer history is never read.
 *
 * With `version` (the results statement's, ADR 0283) a process that keeps read caches reads the statement once per
 * viewer, question and version: while no friendship of the viewer, no friend's name or sharing preference, no
 * answer of a player with a friend in the group and no catalogue row has changed, the same list is handed out again
 * (its JSON written once). Workers keep no caches and read it every time.
 */
export async function findFriendAnswers(
  db: Database,
  userId: string,
  question: { id: string; groupId: string; date: string },
  version?: FriendsVersion,
): Promise<FriendAnswerRow[]> {
  if (version === undefined) return readFriendAnswers(db, userId, question);
  const cache = friendsCache<FriendAnswerRow[]>(db);
  const key = `${userId} ${question.id}`;
  const hit = cache.at(key, version);
  if (hit) return hit;
  const rows = sharedJson(await readFriendAnswers(db, userId, question));
  cache.set(key, version, rows);
  return rows;
}

async function readFriendAnswers(
  db: Database,
  userId: string,
  question: { id: string; groupId: string; date: string },
): Promise<FriendAnswerRow[]> {
  // One row of JSON, not a row per friend: 100 rows cost more to hand over than to find.
  const [row] = await db.all<{ friends: string | null }>(sql`WITH
    hidden(date) AS (SELECT m.date FROM questions m WHERE m.group_id = ${question.groupId}
      AND NOT EXISTS (SELECT 1 FROM answers v WHERE v.user_id = ${userId} AND v.question_id = m.id)),
    others(id, date) AS MATERIALIZED (SELECT q.id, q.date FROM questions q
      WHERE q.group_id = ${question.groupId} AND q.id <> ${question.id} AND q.date NOT IN (SELECT date FROM hidden)),
    picks(username, answer) AS (SELECT u.username, CASE WHEN a.question_id IS NOT NULL
        THEN json_array(a.selected_option_id, a.numeric_value)
        ELSE (SELECT json_array(o.selected_option_id, o.numeric_value)
          FROM others om CROSS JOIN answers o INDEXED BY answers_user_day_idx
          WHERE o.user_id = f.friend_id AND o.question_date = om.date AND o.question_id = om.id
          ORDER BY om.date DESC LIMIT 1) END
      FROM friendships f CROSS JOIN users u
        LEFT JOIN answers a INDEXED BY answers_user_day_idx ON a.user_id = f.friend_id
          AND a.question_date = ${question.date} AND a.question_id = ${question.id}
          AND ${question.date} NOT IN (SELECT date FROM hidden)
      WHERE f.user_id = ${userId} AND u.id = f.friend_id AND u.share_answers_with_friends = 1)
    SELECT json_group_array(json_array(username, json(answer)) ORDER BY lower(username)) AS friends
    FROM picks WHERE answer IS NOT NULL`);
  const friends = row?.friends ? (JSON.parse(row.friends) as [string, [string | null, number | null]][]) : [];
  return friends.map(([username, [selectedOptionId, numericValue]]) => ({
    username,
    selectedOptionId,
    numericValue,
  }));
}

/** Friendships written straight in, both ways, 500 pairs a statement (the bench's scale players; no limit check). */
export async function insertFriendshipPairs(
  db: Database,
  pairs: readonly { userId: string; friendId: string; since: string }[],
): Promise<void> {
  for (let i = 0; i < pairs.length; i += 500) {
    const rows = pairs.slice(i, i + 500).flatMap((p) => [
      [p.userId, p.friendId, p.since],
      [p.friendId, p.userId, p.since],
    ]);
    await db.run(sql`INSERT INTO friendships (user_id, friend_id, since)
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(${JSON.stringify(rows)}) WHERE true
      ON CONFLICT DO NOTHING`);
  }
}
