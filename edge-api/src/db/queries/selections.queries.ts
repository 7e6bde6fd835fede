import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { answers, questions, userDailySelections } from '../schema';

export type SelectionRow = { id: string; selectedTopicIds: string[]; version: number };

/** The user's selection row for a game day (selections_user_date_uq), or undefined. */
export async function findSelection(
  db: Database,
  userId: string,
  date: string,
): Promise<SelectionRow | undefined> {
  return db
    .select({
      id: userDailySelections.id,
      selectedTopicIds: userDailySelections.selectedTopicIds,
      version: userDailySelections.version,
    })
    .from(userDailySelections)
    .where(and(eq(userDailySelections.userId, userId), eq(userDailySelections.date, date)))
    .get();
}

/** Topics of the day in which the user has answered at least one question. */
export async function findAnsweredTopicIds(db: Database, userId: string, date: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ topicId: questions.topicId })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    // Unary + keeps SQLite on the user's own rows rather than every answer of the day.
    .where(and(eq(answers.userId, userId), sql`+${answers.questionDate} = ${date}`))
    .all();
  return rows.map((r) => r.topicId);
}

/** Creates the day's selection row; false when a concurrent request created it first (unique user+date). */
export async function insertSelectionIfAbsent(
  db: Database,
  row: { id: string; userId: string; date: string; selectedTopicIds: string[]; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(userDailySelections)
    .values({ ...row, version: 0 })
    .onConflictDoNothing()
    .returning({ id: userDailySelections.id });
  return inserted.length === 1;
}

/**
 * Compare-and-swap: writes `next` only if the row still has `expectedVersion`. For an unselect it also
 * refuses when an answer in that topic appeared meanwhile, so a racing answer can never end up in an
 * unselected topic. False = lost the race; the caller re-reads and decides again.
 */
export async function casUpdateSelection(
  db: Database,
  input: {
    id: string;
    expectedVersion: number;
    next: string[];
    unselectGuard?: { userId: string; date: string; topicId: string };
  },
): Promise<boolean> {
  const guard = input.unselectGuard;
  const noAnswersInTopic = guard
    ? sql`NOT EXISTS (SELECT 1 FROM answers a JOIN questions q ON q.id = a.question_id
        WHERE a.user_id = ${guard.userId} AND a.question_date = ${guard.date} AND q.topic_id = ${guard.topicId})`
    : undefined;
  const updated = await db
    .update(userDailySelections)
    .set({ selectedTopicIds: input.next, version: sql`${userDailySelections.version} + 1` })
    .where(
      and(
        eq(userDailySelections.id, input.id),
        eq(userDailySelections.version, input.expectedVersion),
        noAnswersInTopic,
      ),
    )
    .returning({ id: userDailySelections.id });
  return updated.length === 1;
}
