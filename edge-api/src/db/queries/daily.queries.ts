import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { dailyTopics, questions, topics } from '../schema';
import { cachedCatalogue, fromCachedCatalogue } from '../engine/read-caches';
import { sharedJson } from '../engine/json';
import type { DailyQuestion, DailyTopic } from '@daily-tea/shared/contracts/daily';

export type TopicRow = typeof topics.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;

/** Topic ids scheduled for a game day, in schedule order ([] when nothing is scheduled). */
export async function findScheduledTopicIds(db: Database, date: string): Promise<string[]> {
  const row = await db
    .select({ topicIds: dailyTopics.topicIds })
    .from(dailyTopics)
    .where(eq(dailyTopics.date, date))
    .get();
  return row?.topicIds ?? [];
}

/** Every question of a game day (questions_date_topic_idx), oldest first so the admin's order is kept. */
export async function findQuestionsForDate(db: Database, date: string): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(eq(questions.date, date))
    .orderBy(asc(questions.createdAt), asc(questions.id))
    .all();
}

/** One question by id, or undefined. */
export async function findQuestionById(db: Database, id: string): Promise<QuestionRow | undefined> {
  return db.select().from(questions).where(eq(questions.id, id)).get();
}

/** The day's scheduled topics in schedule order (one query: daily_topics row → json_each → topics). */
export async function findScheduledTopics(db: Database, date: string): Promise<TopicRow[]> {
  return db
    .select({
      id: topics.id,
      title: topics.title,
      description: topics.description,
      category: topics.category,
      isActive: topics.isActive,
      createdAt: topics.createdAt,
    })
    .from(dailyTopics)
    .innerJoin(sql`json_each(${dailyTopics.topicIds}) AS j`, sql`1 = 1`)
    .innerJoin(topics, sql`${topics.id} = j.value`)
    .where(eq(dailyTopics.date, date))
    .orderBy(sql`j.key`)
    .all();
}

/** True once any topic exists (the demo seed runs only on an empty catalogue). */
export async function hasAnyTopic(db: Database): Promise<boolean> {
  const row = await db.select({ id: topics.id }).from(topics).limit(1).get();
  return row !== undefined;
}

/** A scheduled topic as a player who has picked nothing sees it (the daily-topics contract), and whether it is active. */
export type PlayerTopic = {
  card: DailyTopic;
  /** An inactive topic is shown only to players who picked it before it was deactivated. */
  isActive: boolean;
};

export type CatalogueDay = {
  /** Scheduled topics in schedule order. */
  scheduled: TopicRow[];
  /** The day's questions, oldest first (answer_count is as loaded: it is not catalogue). */
  questions: QuestionRow[];
  questionById: ReadonlyMap<string, QuestionRow>;
  /**
   * The scheduled topics as players see them, in schedule order, each with its questions (oldest first). Shared
   * by every response built from this catalogue, so their JSON is written once (engine/json.ts): never mutate.
   */
  playerTopics: readonly PlayerTopic[];
};

/**
 * The players' view of a day's schedule: each topic's card unpicked and unanswered, its questions oldest first.
 * Responses copy these objects with the player's state set (engine/json.ts writes the rest as stored).
 */
function playerTopicsOf(scheduled: TopicRow[], questions: QuestionRow[]): PlayerTopic[] {
  return scheduled.map((topic) => ({
    card: sharedJson({
      id: topic.id,
      title: topic.title,
      description: topic.description,
      category: topic.category,
      isSelected: false,
      isLocked: false,
      showResults: false,
      canAnswer: false,
      questions: questions
        .filter((q) => q.topicId === topic.id)
        .map((q): DailyQuestion =>
          sharedJson({
            id: q.id,
            text: q.text,
            type: q.type,
            options: q.options,
            numericUnit: q.numericUnit,
            minValue: q.minValue,
            maxValue: q.maxValue,
            imageUrl: q.imageUrl,
            userAnswer: null,
          }),
        ),
    }),
    isActive: topic.isActive,
  }));
}

/**
 * A game day's catalogue (two queries in parallel), through the catalogue cache on long-lived handles;
 * `knownVersion`: the catalogue version a statement of this request has already read.
 */
export function findCatalogueDay(
  db: Database,
  date: string,
  knownVersion?: number | (() => Promise<number>),
): Promise<CatalogueDay> {
  return cachedCatalogue(
    db,
    date,
    async () => {
      const [scheduled, questions] = await Promise.all([
        findScheduledTopics(db, date),
        findQuestionsForDate(db, date),
      ]);
      return {
        scheduled,
        questions,
        questionById: new Map(questions.map((q) => [q.id, q])),
        playerTopics: playerTopicsOf(scheduled, questions),
      };
    },
    knownVersion,
  );
}

/**
 * A question by id for the player hot paths: from the cached catalogue of `date` (the game day) when the handle
 * keeps one (engine/read-caches.ts), read directly otherwise (older questions, unknown ids, handles without a
 * cache). `knownVersion`: the catalogue version a statement of this request has already read.
 */
export async function findQuestionByIdCached(
  db: Database,
  id: string,
  date: string,
  knownVersion?: number,
): Promise<QuestionRow | undefined> {
  return fromCachedCatalogue(
    db,
    () => findCatalogueDay(db, date, knownVersion),
    (day) => day.questionById.get(id),
    () => findQuestionById(db, id),
  );
}

/** The last game day that has a schedule (the unique date index's last entry), or undefined when none has. */
export async function findLastScheduledDate(db: Database): Promise<string | undefined> {
  const row = await db
    .select({ date: dailyTopics.date })
    .from(dailyTopics)
    .orderBy(sql`${dailyTopics.date} DESC`)
    .limit(1)
    .get();
  return row?.date;
}
