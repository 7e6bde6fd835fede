import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from '../../database';
import { questions, topics, type StoredOption } from '../../schema';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionWithTopic = QuestionRow & { topicTitle: string };
// Ties in created_at (one millisecond) fall back to rowid: insertion order, carried by every index entry.

const withTopic = { question: questions, topicTitle: topics.title } as const;
const flatten = (r: { question: QuestionRow; topicTitle: string }): QuestionWithTopic => ({
  ...r.question,
  topicTitle: r.topicTitle,
});

/** Every question with its topic's title, newest first (questions_created_idx). */
export async function findAllQuestionsWithTopic(db: Database): Promise<QuestionWithTopic[]> {
  const rows = await db
    .select(withTopic)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .orderBy(desc(questions.createdAt), sql`${questions}.rowid DESC`)
    .all();
  return rows.map(flatten);
}

/** One question with its topic title, or undefined. */
export async function findQuestionWithTopic(
  db: Database,
  id: string,
): Promise<QuestionWithTopic | undefined> {
  const row = await db
    .select(withTopic)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(eq(questions.id, id))
    .get();
  return row ? flatten(row) : undefined;
}

/** A topic's questions on one date, in creation order (questions_topic_date_idx). */
export async function findTopicQuestionsOnDate(
  db: Database,
  topicId: string,
  date: string,
): Promise<QuestionWithTopic[]> {
  const rows = await db
    .select(withTopic)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(and(eq(questions.topicId, topicId), eq(questions.date, date)))
    .orderBy(asc(questions.createdAt), sql`${questions}.rowid`)
    .all();
  return rows.map(flatten);
}

/** A topic's questions of dates before `beforeDate`, newest date first (questions_topic_date_idx range). */
export async function findTopicQuestionsBefore(
  db: Database,
  topicId: string,
  beforeDate: string,
  limit: number,
): Promise<QuestionWithTopic[]> {
  const rows = await db
    .select(withTopic)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(and(eq(questions.topicId, topicId), lt(questions.date, beforeDate)))
    .orderBy(desc(questions.date), asc(questions.createdAt), sql`${questions}.rowid`)
    .limit(limit)
    .all();
  return rows.map(flatten);
}

/**
 * The link group a new import joins: the linked question's own group when it still exists (so chains of
 * imports share one group), else the id itself when other questions still carry it as their group (the
 * source was deleted; product.md#operators keeps the rest linked). Undefined when the id is unknown altogether.
 */
export async function findLinkGroup(db: Database, linkedQuestionId: string): Promise<string | undefined> {
  const own = await db
    .select({ groupId: questions.groupId })
    .from(questions)
    .where(eq(questions.id, linkedQuestionId))
    .get();
  if (own) return own.groupId;
  const member = await db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.groupId, linkedQuestionId))
    .limit(1)
    .get();
  return member ? linkedQuestionId : undefined;
}

export type NewQuestion = {
  id: string;
  topicId: string;
  date: string;
  text: string;
  type: 'multiple_choice' | 'numeric';
  options: StoredOption[];
  numericUnit: string | null;
  minValue: number | null;
  maxValue: number | null;
  imageUrl: string | null;
  linkedQuestionId: string | null;
  groupId: string;
  createdAt: Date;
};

export function insertQuestionStatement(db: Database, q: NewQuestion): BatchItem<'sqlite'> {
  return db.insert(questions).values(q);
}

/**
 * Inserts the question only when no question of the same topic and date has the same text (trimmed,
 * case-insensitive): the check and the write are one statement, so two concurrent imports cannot both land.
 */
export function insertQuestionUnlessDuplicateStatement(db: Database, q: NewQuestion): BatchItem<'sqlite'> {
  return db.run(sql`INSERT INTO questions
      (id, topic_id, date, text, type, options, numeric_unit, min_value, max_value, image_url, linked_question_id, group_id, answer_count, created_at)
    SELECT ${q.id}, ${q.topicId}, ${q.date}, ${q.text}, ${q.type}, ${JSON.stringify(q.options)}, ${q.numericUnit}, ${q.minValue},
      ${q.maxValue}, ${q.imageUrl}, ${q.linkedQuestionId}, ${q.groupId}, 0, ${q.createdAt.getTime()}
    WHERE NOT EXISTS (${duplicateTextSql(q.topicId, q.date, q.text)})`);
}

function duplicateTextSql(topicId: string, date: string, text: string) {
  return sql`SELECT 1 FROM questions WHERE topic_id = ${topicId} AND date = ${date} AND lower(trim(text)) = lower(trim(${text}))`;
}

/** SQL condition "this question row exists" (guards the audit row of a conditional insert). */
export function questionExistsSql(id: string) {
  return sql`EXISTS (SELECT 1 FROM questions WHERE id = ${id})`;
}

export type QuestionSearch = { q: string; limit: number; topicId?: string; before?: string };

/**
 * The trigram index's query for a search text: each word of 3+ characters as a quoted phrase, all required
 * (FTS5 quoting: a double quote inside a phrase is doubled). Null when no word is long enough for trigrams.
 */
export function trigramMatch(q: string): string | null {
  const words = q
    .split(/\s+/)
    .map((w) => w.trim())
    .filter((w) => [...w].length >= 3);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replaceAll('"', '""')}"`).join(' AND ');
}

/**
 * The question bank (GET /api/admin/questions/search): questions whose text contains every word of `q`,
 * newest first, optionally of one topic and from dates before `before`. Words of 3+ characters go through the
 * FTS5 trigram index (questions_search, migration 0015) walked in rowid order — insertion order, so newest
 * first without sorting the matches; shorter searches and an empty one walk questions_created_idx and stop
 * at `limit`.
 */
export async function searchQuestions(db: Database, search: QuestionSearch): Promise<QuestionWithTopic[]> {
  const filters = [];
  if (search.topicId) filters.push(eq(questions.topicId, search.topicId));
  if (search.before) filters.push(lt(questions.date, search.before));
  const match = trigramMatch(search.q);
  if (match) {
    // Words too short for trigrams ("question 3") still narrow the matches, checked on the rows found.
    for (const word of search.q.toLowerCase().split(/\s+/))
      if (word && [...word].length < 3) filters.push(sql`instr(lower(${questions.text}), ${word}) > 0`);
    const rows = await db
      .select(withTopic)
      .from(questions)
      .innerJoin(sql`questions_search`, sql`questions_search.rowid = ${questions}.rowid`)
      .innerJoin(topics, eq(topics.id, questions.topicId))
      .where(and(sql`questions_search MATCH ${match}`, ...filters))
      .orderBy(sql`questions_search.rowid DESC`)
      .limit(search.limit)
      .all();
    return rows.map(flatten);
  }
  const fragment = search.q.trim().toLowerCase();
  if (fragment) filters.push(sql`instr(lower(${questions.text}), ${fragment}) > 0`);
  const rows = await db
    .select(withTopic)
    .from(questions)
    .innerJoin(topics, eq(topics.id, questions.topicId))
    .where(and(...filters))
    .orderBy(desc(questions.createdAt), sql`${questions}.rowid DESC`)
    .limit(search.limit)
    .all();
  return rows.map(flatten);
}

export type QuestionContent = Pick<
  NewQuestion,
  'text' | 'type' | 'options' | 'numericUnit' | 'minValue' | 'maxValue'
>;

/**
 * PATCH's write, one conditional statement: the content changes only while the question has no answers
 * (answer_count is maintained in every answer's batch) and no other question of its topic and date has the
 * same text — so an answer or a twin landing meanwhile leaves it untouched.
 */
export function updateUnansweredQuestionStatement(
  db: Database,
  id: string,
  content: QuestionContent,
): BatchItem<'sqlite'> {
  return db.run(sql`UPDATE questions SET text = ${content.text}, type = ${content.type},
      options = ${JSON.stringify(content.options)}, numeric_unit = ${content.numericUnit},
      min_value = ${content.minValue}, max_value = ${content.maxValue}
    WHERE id = ${id} AND answer_count = 0 AND NOT EXISTS (
      SELECT 1 FROM questions AS twin WHERE twin.topic_id = questions.topic_id AND twin.date = questions.date
        AND twin.id <> ${id} AND lower(trim(twin.text)) = lower(trim(${content.text})))`);
}

/** SQL condition "the question now holds this content" (guards the audit row of a conditional update). */
export function questionHoldsSql(id: string, content: QuestionContent) {
  return sql`EXISTS (SELECT 1 FROM questions WHERE id = ${id} AND answer_count = 0 AND text = ${content.text}
    AND options = ${JSON.stringify(content.options)} AND type = ${content.type}
    AND numeric_unit IS ${content.numericUnit} AND min_value IS ${content.minValue} AND max_value IS ${content.maxValue})`;
}

/** Another question of the topic and date with the same text (trimmed, case-insensitive)? */
export async function hasTwinQuestion(
  db: Database,
  q: { id: string; topicId: string; date: string; text: string },
): Promise<boolean> {
  const row = await db
    .select({ id: questions.id })
    .from(questions)
    .where(
      and(
        eq(questions.topicId, q.topicId),
        eq(questions.date, q.date),
        sql`${questions.id} <> ${q.id}`,
        sql`lower(trim(${questions.text})) = lower(trim(${q.text}))`,
      ),
    )
    .limit(1)
    .get();
  return row !== undefined;
}
