import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../database';
import { questions, resultCounters, topics, type StoredOption } from '../../schema';
import { ALL_BUCKET } from '../counters.queries';

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
      .where(
        and(
          sql`${resultCounters.groupId} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(groupIds)])}))`,
          eq(resultCounters.bucket, ALL_BUCKET),
        ),
      )
      .all()
  );
}
