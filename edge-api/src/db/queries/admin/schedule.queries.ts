import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from '../../database';
import { dailyTopics } from '../../schema';

/** The topic ids scheduled on a date, or undefined when the date has no schedule row. */
export async function findScheduleTopicIds(db: Database, date: string): Promise<string[] | undefined> {
  const row = await db
    .select({ topicIds: dailyTopics.topicIds })
    .from(dailyTopics)
    .where(eq(dailyTopics.date, date))
    .get();
  return row?.topicIds;
}

/** Creates or replaces the schedule of a date (unique date → one row per day). */
export function upsertScheduleStatement(
  db: Database,
  date: string,
  topicIds: string[],
  createdAt: Date,
): BatchItem<'sqlite'> {
  return db
    .insert(dailyTopics)
    .values({ id: crypto.randomUUID(), date, topicIds, createdAt })
    .onConflictDoUpdate({ target: dailyTopics.date, set: { topicIds: sql`excluded.topic_ids` } });
}
