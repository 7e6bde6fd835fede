import { sql } from 'drizzle-orm';
import type { SnapshotCount } from '@daily-tea/shared/domain/weighting';
import type { Database } from '../../database';

/**
 * The respondents of a game day (each player once per snapshot) or of one question, grouped by the snapshot the
 * weighting reads (ADR 0293): one range of answers_date_answered_idx (a day) or answers_question_answered_idx (a
 * question). An operator's view, not a player's hot path: its cost grows with that day's or question's answers.
 */
export async function findSampleSnapshots(
  db: Database,
  q: { date: string; questionId: string | null },
): Promise<SnapshotCount[]> {
  const where =
    q.questionId === null
      ? sql`question_date = ${q.date}`
      : sql`question_id = ${q.questionId} AND question_date = ${q.date}`;
  return db.all<SnapshotCount>(sql`SELECT gender, age_bracket AS ageBracket, race_bracket AS raceBracket, country,
      province, count(*) AS count
    FROM (SELECT DISTINCT user_id, gender, age_bracket, race_bracket, country, province FROM answers WHERE ${where})
    GROUP BY gender, age_bracket, race_bracket, country, province`);
}
