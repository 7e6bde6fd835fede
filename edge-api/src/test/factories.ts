import { eq, inArray, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/database';
import { recountAllCounters } from '../db/queries/counters.queries';
import { answers, dailyTopics, questions, topics, users } from '../db/schema';
import { TEST_NOW, TEST_TODAY } from './harness';

/** Rows inserted straight into the database, each with unique values so tests never share data. */

let seq = 0;
const next = () => `${++seq}-${Math.random().toString(36).slice(2, 8)}`;

export type TopicRow = typeof topics.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
export type AnswerRow = typeof answers.$inferSelect;
export type UserRowInsert = typeof users.$inferInsert;

export async function createTopic(
  db: Database,
  partial: Partial<typeof topics.$inferInsert> = {},
): Promise<TopicRow> {
  const n = next();
  const rows = await db
    .insert(topics)
    .values({
      id: `topic-${n}`,
      title: `Topic ${n}`,
      description: `About topic ${n}`,
      category: 'General',
      createdAt: TEST_NOW,
      ...partial,
    })
    .returning();
  return rows[0]!;
}

/** A question on TEST_TODAY by default: multiple choice with three plain-string options. */
export async function createQuestion(
  db: Database,
  partial: Partial<typeof questions.$inferInsert> & { topicId: string },
): Promise<QuestionRow> {
  const n = next();
  const id = partial.id ?? `question-${n}`;
  const rows = await db
    .insert(questions)
    .values({
      date: TEST_TODAY,
      text: `Question ${n}?`,
      type: 'multiple_choice',
      options: partial.type === 'numeric' ? [] : ['Yes', 'No', 'Maybe'],
      createdAt: TEST_NOW,
      ...partial,
      id,
      groupId: partial.groupId ?? partial.linkedQuestionId ?? id,
    })
    .returning();
  return rows[0]!;
}

/** Sets the topics of a date (replacing any previous schedule of that date). */
export async function scheduleDay(db: Database, date: string, topicIds: string[]): Promise<void> {
  await db
    .insert(dailyTopics)
    .values({ id: `daily-${date}-${next()}`, date, topicIds, createdAt: TEST_NOW })
    .onConflictDoUpdate({ target: dailyTopics.date, set: { topicIds } });
}

/** A user row with a real password hash (default: a registered user with no profile). */
export async function createUser(db: Database, partial: Partial<UserRowInsert> & { password?: string } = {}) {
  const { password, ...rest } = partial;
  const n = next();
  const rows = await db
    .insert(users)
    .values({
      id: `user-${n}`,
      username: `user_${n}`.slice(0, 30),
      passwordHash: await hashPassword(password ?? 'password123'),
      createdAt: TEST_NOW,
      ...rest,
    })
    .returning();
  return rows[0]!;
}

/**
 * An answer row inserted directly (bypassing the play rules), with the user's demographic snapshot;
 * result counters and totals are recounted so they stay equal to a full recount.
 */
export async function createAnswer(
  db: Database,
  partial: Partial<typeof answers.$inferInsert> & { userId: string; questionId: string },
): Promise<AnswerRow> {
  const question = (await db.select().from(questions).where(eq(questions.id, partial.questionId)))[0];
  const user = (await db.select().from(users).where(eq(users.id, partial.userId)))[0];
  if (!question || !user) throw new Error('createAnswer: unknown question or user');
  const rows = await db
    .insert(answers)
    .values({
      id: `answer-${next()}`,
      groupId: question.groupId,
      questionDate: question.date,
      selectedOptionId: question.type === 'numeric' ? null : 'opt-1',
      numericValue: question.type === 'numeric' ? (question.minValue ?? 0) : null,
      gender: user.gender,
      ageBracket: user.ageBracket,
      raceBracket: user.raceBracket,
      answeredAt: TEST_NOW,
      ...partial,
    })
    .returning();
  await recountAllCounters(db);
  return rows[0]!;
}

/**
 * Rows of `table` whose `column` equals `value` (or is one of `value` when an array): lets tests
 * outside db/ assert on stored data without importing drizzle operators.
 */
export async function rowsWhere<T extends SQLiteTable>(
  db: Database,
  table: T,
  column: SQLiteColumn,
  value: unknown,
): Promise<T['$inferSelect'][]> {
  const where = Array.isArray(value) ? inArray(column, value) : eq(column, value);
  return (await db
    .select()
    .from(table as SQLiteTable)
    .where(where)) as T['$inferSelect'][];
}

/**
 * Many rows in few statements on every test database: the rows travel as ONE JSON parameter read with
 * json_each (D1 caps bound parameters at 100 per statement), 500 rows per statement.
 */
async function insertJsonRows(
  db: Database,
  table: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
) {
  const list = sql.raw(columns.join(', '));
  const values = sql.raw(columns.map((c) => `json_extract(value, '$.${c}')`).join(', '));
  for (let i = 0; i < rows.length; i += 500)
    await db.run(
      sql`INSERT INTO ${sql.raw(table)} (${list}) SELECT ${values} FROM json_each(${JSON.stringify(rows.slice(i, i + 500))})`,
    );
}

/** Players straight into users (password hash 'x': they never sign in), many at once. */
export async function insertUsersBulk(
  db: Database,
  rows: readonly { id: string; username: string; createdAt: Date }[],
) {
  await insertJsonRows(
    db,
    'users',
    ['id', 'username', 'password_hash', 'created_at'],
    rows.map((r) => ({
      id: r.id,
      username: r.username,
      password_hash: 'x',
      created_at: r.createdAt.getTime(),
    })),
  );
}

/** Answer rows straight into answers, many at once (no counters: for list/export tests that read rows only). */
export async function insertAnswersBulk(
  db: Database,
  rows: readonly {
    id: string;
    userId: string;
    questionId: string;
    groupId: string;
    questionDate: string;
    selectedOptionId: string | null;
    numericValue: number | null;
    answeredAt: Date;
  }[],
) {
  await insertJsonRows(
    db,
    'answers',
    [
      'id',
      'user_id',
      'question_id',
      'group_id',
      'question_date',
      'selected_option_id',
      'numeric_value',
      'answered_at',
    ],
    rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      question_id: r.questionId,
      group_id: r.groupId,
      question_date: r.questionDate,
      selected_option_id: r.selectedOptionId,
      numeric_value: r.numericValue,
      answered_at: r.answeredAt.getTime(),
    })),
  );
}

/** Friendships straight into the table, both ways, many at once (players who never sign in). */
export async function insertFriendshipsBulk(
  db: Database,
  pairs: readonly { userId: string; friendId: string; since: string }[],
) {
  await insertJsonRows(
    db,
    'friendships',
    ['user_id', 'friend_id', 'since'],
    pairs.flatMap((p) => [
      { user_id: p.userId, friend_id: p.friendId, since: p.since },
      { user_id: p.friendId, friend_id: p.userId, since: p.since },
    ]),
  );
}
