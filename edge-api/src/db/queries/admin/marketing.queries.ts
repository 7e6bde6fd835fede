import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { WeightingCellRow } from '@daily-tea/shared/domain/weighting';
import type { Database } from '../../database';
import { questions, resultCounters, topics, type StoredOption } from '../../schema';
import { ALL_BUCKET, WEIGHTING_CELL_PREFIX, WEIGHTING_CELLS_TO } from '../counters.queries';
import { resultsCache, UNKNOWN_VERSION } from '../../engine/read-caches';

export type MarketingQuestionRow = {
  id: string;
  groupId: string;
  text: string;
  type: 'multiple_choice' | 'numeric';
  options: StoredOption[];
  date: string;
  topicTitle: string;
};

/**
 * Questions of the game days in (fromExclusive, toInclusive], answered ones first, then newest date first.
 * A range over questions_date_topic_idx; the window keeps it small whatever the catalogue's age.
 */
export async function findRecentQuestions(
  db: Database,
  fromExclusive: string,
  toInclusive: string,
  limit: number,
): Promise<MarketingQuestionRow[]> {
  return db
    .select({
      id: questions.id,
      groupId: questions.groupId,
      text: questions.text,
      type: questions.type,
      options: questions.options,
      date: questions.date,
      topicTitle: topics.title,
    })
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(and(gt(questions.date, fromExclusive), lte(questions.date, toInclusive)))
    .orderBy(
      sql`${questions.answerCount} > 0 DESC`,
      desc(questions.date),
      desc(questions.answerCount),
      questions.id,
    )
    .limit(limit)
    .all();
}

/** The link-group ids as one JSON parameter (D1 caps bound parameters at 100). */
const groupIdsIn = (groupIds: readonly string[]) =>
  sql`${resultCounters.groupId} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(groupIds)])}))`;

/** The 'all' bucket counters of the given link groups (primary-key prefix lookups). */
export async function findAllBucketCounters(
  db: Database,
  groupIds: readonly string[],
): Promise<{ groupId: string; optionId: string; count: number }[]> {
  if (groupIds.length === 0) return [];
  return (
    db
      .select({
        groupId: resultCounters.groupId,
        optionId: resultCounters.optionId,
        count: resultCounters.count,
      })
      .from(resultCounters)
      // The id list travels as one JSON parameter (D1 caps bound parameters at 100).
      .where(and(groupIdsIn(groupIds), eq(resultCounters.bucket, ALL_BUCKET)))
      .all()
  );
}

/** A cell row as it travels: `[cell, optionId, count, valueSum, valueSqSum]` (a hot group has hundreds). */
type CellTuple = [cell: string, optionId: string, count: number, valueSum: number, valueSqSum: number];

/** The results-cache key of a group's weighting cells (question ids never start so). */
const cellsKey = (groupId: string) => `~w:${groupId}`;

/**
 * The weighting cell counters of the given link groups (ADR 0292), prefix stripped, per group — one primary-key
 * range per group, after every other bucket, as the results read takes them, and like it as one JSON array per
 * group (a row object per cell row cost ~3.5 µs: 24 ms for the 6,800 cell rows of 20 hot groups). A group whose
 * `result_versions` row still holds the version this process read its cells at is not read again: the statement
 * returns its version only, and the cached array — the same object, so what the service derives from it is kept
 * too (ADR 0294). Handles without caches (Workers) read every group.
 */
export async function findWeightingCells(
  db: Database,
  groupIds: readonly string[],
): Promise<Map<string, readonly WeightingCellRow[]>> {
  const byGroup = new Map<string, readonly WeightingCellRow[]>();
  if (groupIds.length === 0) return byGroup;
  const cache = resultsCache<readonly WeightingCellRow[]>(db);
  const held: Record<string, number> = {};
  for (const id of groupIds) held[id] = cache.peek(cellsKey(id))?.version ?? UNKNOWN_VERSION;
  const rows = await db.all<{ groupId: string; version: number; cells: string | null }>(sql`SELECT
      g.key AS groupId, coalesce(v.version, 0) AS version,
      CASE WHEN coalesce(v.version, 0) = g.value THEN NULL ELSE (
        SELECT json_group_array(json_array(substr(c.bucket, ${WEIGHTING_CELL_PREFIX.length + 1}), c.option_id,
          c.count, c.value_sum, c.value_sq_sum))
        FROM result_counters c
        WHERE c.group_id = g.key AND c.bucket >= ${WEIGHTING_CELL_PREFIX} AND c.bucket < ${WEIGHTING_CELLS_TO}
      ) END AS cells
    FROM json_each(${JSON.stringify(held)}) g
    LEFT JOIN result_versions v ON v.group_id = g.key`);
  for (const { groupId, version, cells } of rows) {
    const cached = cells === null ? cache.at(cellsKey(groupId), Number(version)) : undefined;
    if (cached) {
      byGroup.set(groupId, cached);
      continue;
    }
    const read = ((cells === null ? [] : JSON.parse(cells)) as CellTuple[]).map(
      ([cell, optionId, count, valueSum, valueSqSum]) => ({ cell, optionId, count, valueSum, valueSqSum }),
    );
    cache.set(cellsKey(groupId), Number(version), read);
    byGroup.set(groupId, read);
  }
  return byGroup;
}
