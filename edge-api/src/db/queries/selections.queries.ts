import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { prerender } from '../engine/statements';
import { userDailySelections } from '../schema';

export type SelectionRow = { id: string; selectedTopicIds: string[]; version: number };

const p = sql.placeholder;

/**
 * The selection writes, rendered once (docs/decisions/0152-prerendered-statements.md): the topic selection is a
 * hot write of the 9 AM drop (three per player), and Drizzle's query building is a measurable part of such a call.
 * `selectedTopicIds` is bound as its JSON text (placeholders skip the column's encoder).
 */
const insertSelectionSql = prerender<'id' | 'userId' | 'date' | 'selectedTopicIds' | 'createdAt'>(
  sql`INSERT INTO ${userDailySelections} (id, user_id, date, selected_topic_ids, version, created_at)
    VALUES (${p('id')}, ${p('userId')}, ${p('date')}, ${p('selectedTopicIds')}, 0, ${p('createdAt')})
    ON CONFLICT DO NOTHING RETURNING id`,
);

const casWhere = and(
  eq(userDailySelections.id, p('id')),
  eq(userDailySelections.version, p('expectedVersion')),
);
const casSet = sql`selected_topic_ids = ${p('next')}, version = version + 1`;
const casSelectionSql = prerender<'id' | 'expectedVersion' | 'next'>(
  sql`UPDATE ${userDailySelections} SET ${casSet} WHERE ${casWhere} RETURNING id`,
);
const casUnselectSql = prerender<'id' | 'expectedVersion' | 'next' | 'userId' | 'date' | 'topicId'>(
  sql`UPDATE ${userDailySelections} SET ${casSet} WHERE ${casWhere}
    AND NOT EXISTS (SELECT 1 FROM answers a JOIN questions q ON q.id = a.question_id
      WHERE a.user_id = ${p('userId')} AND a.question_date = ${p('date')} AND q.topic_id = ${p('topicId')})
    RETURNING id`,
);

/** Creates the day's selection row; false when a concurrent request created it first (unique user+date). */
export async function insertSelectionIfAbsent(
  db: Database,
  row: { id: string; userId: string; date: string; selectedTopicIds: string[]; createdAt: Date },
): Promise<boolean> {
  const inserted = await db.all(
    insertSelectionSql({
      id: row.id,
      userId: row.userId,
      date: row.date,
      selectedTopicIds: JSON.stringify(row.selectedTopicIds),
      createdAt: row.createdAt.getTime(),
    }),
  );
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
  const values = { id: input.id, expectedVersion: input.expectedVersion, next: JSON.stringify(input.next) };
  const updated = await db.all(
    guard
      ? casUnselectSql({ ...values, userId: guard.userId, date: guard.date, topicId: guard.topicId })
      : casSelectionSql(values),
  );
  return updated.length === 1;
}
