import { gte, sql } from 'drizzle-orm';
import type { ResponseFilter } from '@daily-tea/shared/contracts/admin';
import type { Database } from '../../database';
import { questions, topics, users } from '../../schema';
import { questionConditions } from './response-analytics.queries';

const count = sql<number>`count(*)`;

/**
 * Dashboard tiles. Counts walk the smallest covering index of each table; active users are a range over
 * users_last_activity_idx (lastActivityDate ≥ the first day of the window).
 */
export async function findDashboardCounts(db: Database, activeSince: string) {
  const [t, q, u, a] = await Promise.all([
    db.select({ n: count }).from(topics).get(),
    db.select({ n: count }).from(questions).get(),
    db.select({ n: count }).from(users).get(),
    db.select({ n: count }).from(users).where(gte(users.lastActivityDate, activeSince)).get(),
  ]);
  return { totalTopics: t?.n ?? 0, totalQuestions: q?.n ?? 0, totalUsers: u?.n ?? 0, activeUsers: a?.n ?? 0 };
}

export type CountRow = { value: string | null; n: number };

/** One GROUP BY per distribution, each over its own single-column index (covering: no table rows read). */
export async function findUserDistributions(
  db: Database,
): Promise<{ gender: CountRow[]; age: CountRow[]; country: CountRow[] }> {
  const [gender, age, country] = await Promise.all([
    db.select({ value: users.gender, n: count }).from(users).groupBy(users.gender).all(),
    db.select({ value: users.ageBracket, n: count }).from(users).groupBy(users.ageBracket).all(),
    db.select({ value: users.country, n: count }).from(users).groupBy(users.country).all(),
  ]);
  return { gender, age, country };
}

/**
 * Streak engagement with the effective current streak (product.md#play-rules: a streak whose last activity is before
 * yesterday reads 0): only users active since `yesterday` count, a range over users_last_activity_idx
 * (lastActivityDate, currentStreak) — covering. The longest streak is a max over users_longest_streak_idx.
 */
export async function findStreakEngagement(db: Database, yesterday: string) {
  const [live, longest] = await Promise.all([
    db
      .select({
        sum: sql<number>`coalesce(sum(${users.currentStreak}), 0)`,
        withStreak: sql<number>`count(*) FILTER (WHERE ${users.currentStreak} > 0)`,
        withStreak7: sql<number>`count(*) FILTER (WHERE ${users.currentStreak} >= 7)`,
      })
      .from(users)
      .where(gte(users.lastActivityDate, yesterday))
      .get(),
    db
      .select({ max: sql<number>`coalesce(max(${users.longestStreak}), 0)` })
      .from(users)
      .get(),
  ]);
  return {
    sumCurrent: Number(live?.sum ?? 0),
    usersWithStreak: Number(live?.withStreak ?? 0),
    usersWithStreak7: Number(live?.withStreak7 ?? 0),
    longestStreak: Number(longest?.max ?? 0),
  };
}

/**
 * The selection's response figures (a date, optionally a topic or one question) from questions.answer_count over
 * questions_date_topic_idx — no answer is read.
 */
export async function findResponseCounts(db: Database, filter: ResponseFilter) {
  const row = await db
    .select({
      totalQuestions: count,
      questionsAnswered: sql<number>`count(*) FILTER (WHERE ${questions.answerCount} > 0)`,
      totalResponses: sql<number>`coalesce(sum(${questions.answerCount}), 0)`,
    })
    .from(questions)
    .where(questionConditions(filter))
    .get();
  return {
    totalQuestions: Number(row?.totalQuestions ?? 0),
    questionsAnswered: Number(row?.questionsAnswered ?? 0),
    totalResponses: Number(row?.totalResponses ?? 0),
  };
}
