import { asc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from '../../database';
import { dayVersions, questions, topics } from '../../schema';
import type { QuestionWithTopic } from './questions.queries';

/** The constraint a stale day save trips (schema.ts day_versions): the service maps it to 409. */
export const STALE_DAY_CONSTRAINT = 'day_version_is_current';

/** The version of a day (0 when nothing of it was ever written). */
export async function findDayVersion(db: Database, date: string): Promise<number> {
  const row = await db
    .select({ version: dayVersions.version })
    .from(dayVersions)
    .where(eq(dayVersions.date, date))
    .get();
  return row?.version ?? 0;
}

/** Every question of one date with its topic title, in creation order (questions_date_topic_idx). */
export async function findQuestionsOnDate(db: Database, date: string): Promise<QuestionWithTopic[]> {
  const rows = await db
    .select({ question: questions, topicTitle: topics.title })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(eq(questions.date, date))
    .orderBy(asc(questions.createdAt), sql`${questions}.rowid`)
    .all();
  return rows.map((r) => ({ ...r.question, topicTitle: r.topicTitle }));
}

/**
 * The compare-and-swap that opens a day save: the day's version becomes version + 1 when it still is
 * `expected` and every topic of the day is still active; otherwise -1, which the CHECK constraint refuses,
 * so the statement fails and with it the whole batch (all or nothing on libSQL, Turso and D1). Two
 * statements: SQLite checks CHECK constraints on an upsert's candidate row before it detects the conflict,
 * so the row is made to exist first (version 0, a no-op when it exists) and the swap is a plain UPDATE.
 */
export function claimDayVersionStatements(
  db: Database,
  date: string,
  expected: number,
  topicIds: readonly string[],
): BatchItem<'sqlite'>[] {
  const topicsActive = sql`(SELECT count(*) FROM topics WHERE is_active = 1
    AND id IN (SELECT value FROM json_each(${JSON.stringify(topicIds)}))) = ${topicIds.length}`;
  return [
    db.insert(dayVersions).values({ date, version: 0 }).onConflictDoNothing(),
    db.run(sql`UPDATE day_versions SET version =
      CASE WHEN version = ${expected} AND ${topicsActive} THEN version + 1 ELSE -1 END
      WHERE date = ${date}`),
  ];
}

/** True when an error (or one of its causes) is the stale-day CHECK failure. */
export function isStaleDayError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth += 1) {
    const message = e instanceof Error ? e.message : String(e);
    if (message.includes(STALE_DAY_CONSTRAINT)) return true;
    e = e instanceof Error ? (e as Error & { cause?: unknown }).cause : undefined;
  }
  return false;
}
