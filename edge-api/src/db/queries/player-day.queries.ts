import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import type { UserAnswerValue } from './answers.queries';
import type { CounterRow } from './results.queries';
import type { SelectionRow } from './selections.queries';

/**
 * The player's hot reads combined into one statement each. On embedded libSQL every statement is a
 * synchronous prepare + step on the event loop and each returned row costs a native round trip, so the
 * per-user parts of a request are fetched as one row of JSON aggregates — same indexes as the separate
 * queries (selections_user_date_uq, the user's answers, badges by user, the group's counter prefix).
 */

export type PlayerDay = {
  selection: SelectionRow | undefined;
  answers: UserAnswerValue[];
  /** Only when asked for (the answer path): the badge types the player already holds. */
  badgeTypes: string[];
};

type PlayerDayRaw = { selection: string | null; answers: string | null; badges: string | null };

/** The player's selection and answers of a game day (and optionally their badge types) in one statement. */
export async function findPlayerDay(
  db: Database,
  userId: string,
  date: string,
  opts: { badges: boolean },
): Promise<PlayerDay> {
  const badges = opts.badges
    ? sql`(SELECT json_group_array(b.type) FROM badges b WHERE b.user_id = ${userId})`
    : sql`NULL`;
  const rows = await db.all<PlayerDayRaw>(sql`SELECT
    (SELECT json_array(s.id, json(s.selected_topic_ids), s.version) FROM user_daily_selections s
      WHERE s.user_id = ${userId} AND s.date = ${date}) AS selection,
    (SELECT json_group_array(json_array(a.question_id, a.selected_option_id, a.numeric_value)) FROM answers a
      WHERE a.user_id = ${userId} AND +a.question_date = ${date}) AS answers,
    ${badges} AS badges`);
  const row = rows[0];
  const selection = row?.selection ? (JSON.parse(row.selection) as [string, string[], number]) : undefined;
  const answers = row?.answers ? (JSON.parse(row.answers) as [string, string | null, number | null][]) : [];
  return {
    selection: selection
      ? { id: selection[0], selectedTopicIds: selection[1], version: selection[2] }
      : undefined,
    answers: answers.map(([questionId, selectedOptionId, numericValue]) => ({
      questionId,
      selectedOptionId,
      numericValue,
    })),
    badgeTypes: row?.badges ? (JSON.parse(row.badges) as string[]) : [],
  };
}

export type ResultsRead = {
  counters: CounterRow[];
  userAnswer: { selectedOptionId: string | null; numericValue: number | null } | undefined;
  min: number | null;
  max: number | null;
};

type ResultsRaw = { counters: string | null; mine: string | null; min: number | null; max: number | null };

/**
 * Everything a results request reads after the question itself, in one statement: the link group's
 * counter rows (primary-key prefix — cost independent of the number of answers), the viewer's own answer
 * (unique user+question) and, for numeric questions, the group's extremes (one seek at each end of
 * answers_group_numeric_idx).
 */
export async function findResultsRead(
  db: Database,
  q: { groupId: string; questionId: string; userId: string | null; numeric: boolean },
): Promise<ResultsRead> {
  const mine = q.userId
    ? sql`(SELECT json_array(a.selected_option_id, a.numeric_value) FROM answers a
        WHERE a.user_id = ${q.userId} AND a.question_id = ${q.questionId})`
    : sql`NULL`;
  const extreme = (order: 'ASC' | 'DESC') =>
    q.numeric
      ? sql`(SELECT numeric_value FROM answers WHERE group_id = ${q.groupId} AND numeric_value IS NOT NULL ORDER BY numeric_value ${sql.raw(order)} LIMIT 1)`
      : sql`NULL`;
  const rows = await db.all<ResultsRaw>(sql`SELECT
    (SELECT json_group_array(json_array(c.bucket, c.option_id, c.count, c.value_sum)) FROM result_counters c
      WHERE c.group_id = ${q.groupId}) AS counters,
    ${mine} AS mine,
    ${extreme('ASC')} AS min,
    ${extreme('DESC')} AS max`);
  const row = rows[0];
  const counters = row?.counters
    ? (JSON.parse(row.counters) as [string, string, number, number][]).map(
        ([bucket, optionId, count, valueSum]) => ({
          bucket,
          optionId,
          count,
          valueSum,
        }),
      )
    : [];
  const own = row?.mine ? (JSON.parse(row.mine) as [string | null, number | null]) : undefined;
  return {
    counters,
    userAnswer: own ? { selectedOptionId: own[0], numericValue: own[1] } : undefined,
    min: row?.min ?? null,
    max: row?.max ?? null,
  };
}
