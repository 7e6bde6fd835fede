import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from '../../database';
import { questions, topics } from '../../schema';

export type TopicRow = typeof topics.$inferSelect;
export type TopicWithCount = TopicRow & { questionCount: number };
export type TopicValues = { title: string; description: string | null; category: string; isActive: boolean };

/**
 * Every topic (newest first) with how many questions it has: one GROUP BY over questions_topic_date_idx
 * (a covering index scan), joined to the topics — never a count per topic.
 */
export async function findTopicsWithQuestionCount(db: Database): Promise<TopicWithCount[]> {
  const counts = db
    .select({ topicId: questions.topicId, n: sql<number>`count(*)`.as('n') })
    .from(questions)
    .groupBy(questions.topicId)
    .as('qc');
  const rows = await db
    .select({ topic: topics, questionCount: sql<number>`coalesce(${counts.n}, 0)` })
    .from(topics)
    .leftJoin(counts, eq(counts.topicId, topics.id))
    .orderBy(desc(topics.createdAt), sql`${topics}.rowid DESC`)
    .all();
  return rows.map((r) => ({ ...r.topic, questionCount: Number(r.questionCount) }));
}

/** One topic with its question count (questions_topic_date_idx prefix), or undefined. */
export async function findTopicWithQuestionCount(
  db: Database,
  id: string,
): Promise<TopicWithCount | undefined> {
  const row = await db
    .select({
      topic: topics,
      // Written out: drizzle leaves columns unqualified in a single-table select, which would bind to the subquery.
      questionCount: sql<number>`(SELECT count(*) FROM questions q WHERE q.topic_id = "topics"."id")`,
    })
    .from(topics)
    .where(eq(topics.id, id))
    .get();
  return row ? { ...row.topic, questionCount: Number(row.questionCount) } : undefined;
}

/** Topics by id (IN list), for schedule validation. */
export async function findTopicsByIdList(
  db: Database,
  ids: readonly string[],
): Promise<Pick<TopicRow, 'id' | 'isActive' | 'title'>[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: topics.id, isActive: topics.isActive, title: topics.title })
    .from(topics)
    .where(inArray(topics.id, [...ids]))
    .all();
}

export function insertTopicStatement(
  db: Database,
  id: string,
  values: TopicValues,
  createdAt: Date,
): BatchItem<'sqlite'> {
  return db.insert(topics).values({ id, ...values, createdAt });
}

export function updateTopicStatement(db: Database, id: string, values: TopicValues): BatchItem<'sqlite'> {
  return db.update(topics).set(values).where(eq(topics.id, id));
}
