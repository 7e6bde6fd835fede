import { and, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { WeightingCellRow } from '@daily-tea/shared/domain/weighting';
import type { Database } from '../../database';
import { questions, resultCounters, topics, type StoredOption } from '../../schema';
import { ALL_BUCKET, WEIGHTING_CELL_PREFIX, WEIGHTING_CELLS_TO } from '../counters.queries';

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

/**
 * The weighting cell counters of the given link groups (ADR 0292), prefix stripped, per group: one primary-key range
 * per group, after every other bucket, as the results read takes them — and, like it, as one JSON array per group
 * (a row object per cell row cost ~3.5 µs each: 24 ms for the 6,800 cell rows of 20 hot groups).
 */
export async function findWeightingCells(
  db: Database,
  groupIds: readonly string[],
): Promise<Map<string, WeightingCellRow[]>> {
  const byGroup = new Map<string, WeightingCellRow[]>();
  if (groupIds.length === 0) return byGroup;
  const c = resultCounters;
  const groups = await db
    .select({
      groupId: c.groupId,
      rows: sql<string>`json_group_array(json_array(substr(${c.bucket}, ${WEIGHTING_CELL_PREFIX.length + 1}),
        ${c.optionId}, ${c.count}, ${c.valueSum}, ${c.valueSqSum}))`,
    })
    .from(c)
    .where(and(groupIdsIn(groupIds), gte(c.bucket, WEIGHTING_CELL_PREFIX), lt(c.bucket, WEIGHTING_CELLS_TO)))
    .groupBy(c.groupId)
    .all();
  for (const { groupId, rows } of groups)
    byGroup.set(
      groupId,
      (JSON.parse(rows) as CellTuple[]).map(([cell, optionId, count, valueSum, valueSqSum]) => ({
        cell,
        optionId,
        count,
        valueSum,
        valueSqSum,
      })),
    );
  return byGroup;
}
