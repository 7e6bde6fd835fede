import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { resultCounters } from '../schema';

export type CounterRow = { bucket: string; optionId: string; count: number; valueSum: number };

/** Every counter row of a link group (primary-key prefix): the cost depends on options × buckets, never on answers. */
export async function findGroupCounters(db: Database, groupId: string): Promise<CounterRow[]> {
  return db
    .select({
      bucket: resultCounters.bucket,
      optionId: resultCounters.optionId,
      count: resultCounters.count,
      valueSum: resultCounters.valueSum,
    })
    .from(resultCounters)
    .where(eq(resultCounters.groupId, groupId))
    .all();
}

/**
 * Smallest and largest numeric answer of a link group: two one-row seeks on answers_group_numeric_idx
 * (ORDER BY … LIMIT 1 at each end), not a scan.
 */
export async function findGroupNumericExtremes(
  db: Database,
  groupId: string,
): Promise<{ min: number | null; max: number | null }> {
  const rows = await db.all<{ min: number | null; max: number | null }>(sql`SELECT
    (SELECT numeric_value FROM answers WHERE group_id = ${groupId} AND numeric_value IS NOT NULL ORDER BY numeric_value ASC LIMIT 1) AS min,
    (SELECT numeric_value FROM answers WHERE group_id = ${groupId} AND numeric_value IS NOT NULL ORDER BY numeric_value DESC LIMIT 1) AS max`);
  const row = rows[0];
  return { min: row?.min ?? null, max: row?.max ?? null };
}
