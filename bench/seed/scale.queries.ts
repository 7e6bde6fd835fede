import { and, count, eq, inArray, isNotNull, like, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { schema, type Database } from '@daily-tea/edge-api/tooling';

const { answers, badges, questions, resultCounters, users } = schema;

/**
 * Reads and maintenance of the scale tooling (`npm run seed:scale`, `npm run bench`): what the seeding
 * checks and reports, and what the bench needs to drive and verify its load.
 */

export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Answers of a link group (answers_group_* indexes). */
export async function countGroupAnswers(db: Database, groupId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(answers).where(eq(answers.groupId, groupId));
  return row?.n ?? 0;
}

/** Sets every question's maintained answer_count from its answers (after a bulk load that bypassed it). */
export async function recountQuestionAnswerTotals(db: Database): Promise<void> {
  await db.run(
    sql`UPDATE questions SET answer_count = (SELECT count(*) FROM answers WHERE answers.question_id = questions.id)`,
  );
}

/**
 * Usernames of up to `limit` players who answered `questionId`. `withCity`: only players whose profile has a
 * country and a city, so their results carry the "In {city}" section (the bench measures the full response).
 * `wholeGroup`: only players who answered every member of the question's link group up to its date, so the
 * link-group rule hides no day from them and their results carry the group's whole trend.
 */
export async function findAnswererUsernames(
  db: Database,
  questionId: string,
  limit: number,
  opts: { withCity?: boolean; wholeGroup?: boolean } = {},
): Promise<string[]> {
  const own = alias(answers, 'own');
  const member = alias(questions, 'member');
  const answered = db
    .select({ n: count() })
    .from(own)
    .where(and(eq(own.userId, answers.userId), eq(own.groupId, answers.groupId)));
  const members = db
    .select({ n: count() })
    .from(member)
    .where(and(eq(member.groupId, answers.groupId), lte(member.date, answers.questionDate)));
  const wholeGroup = sql`(${answered}) = (${members})`;
  const rows = await db
    .select({ username: users.username })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.userId))
    .where(
      and(
        eq(answers.questionId, questionId),
        opts.withCity ? and(isNotNull(users.country), isNotNull(users.city)) : undefined,
        opts.wholeGroup ? wholeGroup : undefined,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.username);
}

/** (user, question) of every answer by players whose username matches `prefix%` (LIKE: `_` matches any character). */
export async function findAnswerPairsByUsernamePrefix(
  db: Database,
  prefix: string,
): Promise<{ userId: string; questionId: string }[]> {
  return db
    .select({ userId: answers.userId, questionId: answers.questionId })
    .from(answers)
    .innerJoin(users, eq(users.id, answers.userId))
    .where(like(users.username, `${prefix}%`));
}

/** Usernames of scale players who picked three topics today (the seed answers 10 of their 12 questions). */
export async function findThreeTopicPlayers(db: Database, today: string, limit: number): Promise<string[]> {
  const rows = await db.all<{ username: string }>(sql`SELECT u.username AS username
    FROM user_daily_selections s JOIN users u ON u.id = s.user_id
    WHERE s.date = ${today} AND json_array_length(s.selected_topic_ids) = 3
    LIMIT ${limit}`);
  return rows.map((r) => r.username);
}

/** What the bench's "9 AM drop" checks for its players: their answers, badges and current streaks. */
export async function findPlayerDayFacts(db: Database, userIds: string[]) {
  const answered = await db
    .select({ userId: answers.userId, questionId: answers.questionId })
    .from(answers)
    .where(inArray(answers.userId, userIds));
  const earned = await db
    .select({ userId: badges.userId, type: badges.type })
    .from(badges)
    .where(inArray(badges.userId, userIds));
  const streaks = await db
    .select({ id: users.id, currentStreak: users.currentStreak })
    .from(users)
    .where(inArray(users.id, userIds));
  return { answered, earned, streaks };
}

/** The link groups of some questions. */
export async function findGroupIds(db: Database, questionIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ groupId: questions.groupId })
    .from(questions)
    .where(inArray(questions.id, questionIds));
  return rows.map((r) => r.groupId);
}

/** A link group's answers as its maintained counters count them (the 'all' bucket). */
export async function countGroupCounted(db: Database, groupId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${resultCounters.count}), 0)` })
    .from(resultCounters)
    .where(and(eq(resultCounters.groupId, groupId), eq(resultCounters.bucket, 'all')));
  return Number(row?.n ?? 0);
}

/**
 * Gives `userIds` a history of `days` game days before `today` (the bench's "player of a year"): one question a
 * day of topic `topicId` (created where missing, its own link group), each answered on time by every one of them
 * with multiple choice `opt-1` and revealed, so their calendar, days played and majority figures are full —
 * maintained by the history triggers exactly as real play would.
 */
export async function insertPlayerYears(
  db: Database,
  q: { userIds: readonly string[]; topicId: string; today: string; days: number },
): Promise<void> {
  const year = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${q.days})`;
  const day = sql`date(${q.today}, '-' || n.i || ' days')`;
  const id = sql`'year-' || ${q.topicId} || '-' || n.i`;
  await db.run(sql`${year} INSERT INTO questions (id, topic_id, date, text, type, options, group_id)
    SELECT ${id}, ${q.topicId}, ${day}, 'A question of the year?', 'multiple_choice', '["Yes","No"]', ${id} FROM n
    WHERE true ON CONFLICT DO NOTHING`);
  await db.run(sql`${year} INSERT INTO answers (id, user_id, question_id, group_id, question_date, selected_option_id,
      answered_at, revealed_at, crowd_top, own_share)
    SELECT ${id} || '-' || u.value, u.value, ${id}, ${id}, ${day}, 'opt-1', 0, 0, '["opt-1"]', 1
    FROM n, json_each(${JSON.stringify(q.userIds)}) u WHERE true ON CONFLICT DO NOTHING`);
}
