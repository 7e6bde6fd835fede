import type { ActivityDay } from '@daily-tea/shared/contracts/analytics';
import type { CohortRow } from '@daily-tea/shared/domain/retention';
import { eq, sql } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { funnelCounts, funnelDays, playRollup } from '../schema';

/**
 * The numbers that run a daily product (ADR 0301), read from the maintained rollups: `play_rollup`
 * (per game day and cohort, written in the answer batch) and `funnel_days` (one funnel row per player and game
 * day). Each read touches a bounded number of rollup rows, whatever the number of answers.
 */

/** Per game day in [from, to]: players, new players (their cohort is the day itself) and answers. */
export async function findActivityRows(db: Database, from: string, to: string): Promise<ActivityDay[]> {
  return db
    .select({
      date: playRollup.date,
      players: sql<number>`sum(${playRollup.players})`,
      newPlayers: sql<number>`sum(CASE WHEN ${playRollup.firstDate} = ${playRollup.date} THEN ${playRollup.players} ELSE 0 END)`,
      answers: sql<number>`sum(${playRollup.answers})`,
    })
    .from(playRollup)
    .where(sql`${playRollup.date} BETWEEN ${from} AND ${to}`)
    .groupBy(playRollup.date)
    .all();
}

/**
 * The cohort rows of first game days in [from, to] at the offsets retention shows (0 = the cohort's size), along
 * play_rollup_first_idx (covering).
 */
export async function findCohortRows(
  db: Database,
  from: string,
  to: string,
  offsets: readonly number[],
): Promise<CohortRow[]> {
  const offset = sql<number>`CAST(julianday(${playRollup.date}) - julianday(${playRollup.firstDate}) AS INTEGER)`;
  return db
    .select({ firstDate: playRollup.firstDate, offset, players: playRollup.players })
    .from(playRollup)
    .where(
      sql`${playRollup.firstDate} BETWEEN ${from} AND ${to} AND ${offset} IN (SELECT value FROM json_each(${JSON.stringify([0, ...offsets])}))`,
    )
    .all();
}

export type FunnelCounts = {
  players: number;
  picked: number;
  answered: number;
  finished: number;
  resultsViewed: number;
  optIns: number;
  sent: number;
  playedWithinHour: number;
};

/** The day's funnel: its counts row (primary key), zeros for a day nobody played. */
export async function findFunnelCounts(db: Database, date: string): Promise<FunnelCounts> {
  const row = await db.select().from(funnelCounts).where(eq(funnelCounts.date, date)).get();
  return {
    players: row?.players ?? 0,
    picked: row?.picked ?? 0,
    answered: row?.answered ?? 0,
    finished: row?.finished ?? 0,
    resultsViewed: row?.resultsViewed ?? 0,
    optIns: row?.reminderOptIns ?? 0,
    sent: row?.remindersSent ?? 0,
    playedWithinHour: row?.playedWithinHour ?? 0,
  };
}

/** Funnel stages recorded outside the answer batch. */
export type FunnelStage = 'opened' | 'picked' | 'results';

/**
 * Records that the player reached `stage` on game day `date` at `at` (the first time counts). Reaching a later
 * stage records the earlier ones too, so the funnel never narrows the wrong way (an API client that picks
 * without opening the day still opened it).
 */
export async function markPlayerDay(
  db: Database,
  m: { date: string; userId: string; stage: FunnelStage; at: number },
): Promise<void> {
  const opened = m.at;
  const picked = m.stage === 'opened' ? null : m.at;
  const results = m.stage === 'results' ? m.at : null;
  await runBatch(db, [
    // The counts first: the player's row as it was decides which stages are reached for the first time.
    db.run(sql`INSERT INTO ${funnelCounts} (date, players, picked, results_viewed)
      SELECT ${m.date}, f.opened_at IS NULL, ${picked} IS NOT NULL AND f.picked_at IS NULL,
        ${results} IS NOT NULL AND f.results_at IS NULL
      FROM (SELECT 1) LEFT JOIN ${funnelDays} f ON f.date = ${m.date} AND f.user_id = ${m.userId}
      WHERE true
      ON CONFLICT (date) DO UPDATE SET players = players + excluded.players, picked = picked + excluded.picked,
        results_viewed = results_viewed + excluded.results_viewed`),
    db.run(sql`INSERT INTO ${funnelDays} (date, user_id, opened_at, picked_at, results_at)
      VALUES (${m.date}, ${m.userId}, ${opened}, ${picked}, ${results})
      ON CONFLICT (date, user_id) DO UPDATE SET
        opened_at = coalesce(opened_at, excluded.opened_at),
        picked_at = coalesce(picked_at, excluded.picked_at),
        results_at = coalesce(results_at, excluded.results_at)`),
  ]);
}

/**
 * The reminder at the drop in the day's funnel: every player whose subscription was claimed for `date` had opted
 * in; those in `sentTo` were sent it at `at`. One statement per claimed batch.
 */
export async function markReminders(
  db: Database,
  m: { date: string; optedIn: readonly string[]; sentTo: readonly string[]; at: number },
): Promise<void> {
  if (m.optedIn.length === 0) return;
  const sent = JSON.stringify([...new Set(m.sentTo)]);
  const optedIn = JSON.stringify([...new Set(m.optedIn)]);
  await runBatch(db, [
    db.run(sql`INSERT INTO ${funnelCounts} (date, reminder_opt_ins, reminders_sent)
      SELECT ${m.date}, coalesce(sum(f.reminder_opt_in IS NOT 1), 0),
        coalesce(sum(u.value IN (SELECT value FROM json_each(${sent})) AND f.reminded_at IS NULL), 0)
      FROM json_each(${optedIn}) u LEFT JOIN ${funnelDays} f ON f.date = ${m.date} AND f.user_id = u.value
      WHERE true
      ON CONFLICT (date) DO UPDATE SET reminder_opt_ins = reminder_opt_ins + excluded.reminder_opt_ins,
        reminders_sent = reminders_sent + excluded.reminders_sent`),
    db.run(sql`INSERT INTO ${funnelDays} (date, user_id, reminder_opt_in, reminded_at)
      SELECT ${m.date}, u.value, 1, CASE WHEN u.value IN (SELECT value FROM json_each(${sent})) THEN ${m.at} END
      FROM json_each(${optedIn}) u WHERE true
      ON CONFLICT (date, user_id) DO UPDATE SET
        reminder_opt_in = 1,
        reminded_at = coalesce(reminded_at, excluded.reminded_at)`),
  ]);
}

/**
 * Rebuilds every play rollup from the stored answers and selections — the statements of migration 0022, for
 * seeds that bulk-load history (seed:scale, the demo) and for tests that compare the maintained rollups with
 * a recount. Past days' "finished" cannot be recovered from rows and stays empty.
 */
export async function rebuildPlayRollups(db: Database): Promise<void> {
  await runBatch(db, [
    db.run(sql`DELETE FROM play_rollup`),
    db.run(sql`DELETE FROM funnel_days`),
    db.run(sql`UPDATE users SET
    first_play_date = (SELECT min(a.question_date) FROM answers a WHERE a.user_id = users.id),
    last_play_date = (SELECT max(a.question_date) FROM answers a WHERE a.user_id = users.id)`),
    db.run(sql`INSERT INTO play_rollup (date, first_date, players, answers)
    SELECT a.question_date, u.first_play_date, count(DISTINCT a.user_id), count(*)
    FROM answers a JOIN users u ON u.id = a.user_id
    GROUP BY a.question_date, u.first_play_date`),
    db.run(sql`INSERT INTO funnel_days (date, user_id, opened_at, picked_at)
    SELECT date, user_id, created_at, created_at FROM user_daily_selections WHERE true
    ON CONFLICT DO NOTHING`),
    db.run(sql`INSERT INTO funnel_days (date, user_id, opened_at, picked_at, answered_at, results_at)
    SELECT question_date, user_id, min(answered_at), min(answered_at), min(answered_at), min(revealed_at)
    FROM answers WHERE true GROUP BY user_id, question_date
    ON CONFLICT (date, user_id) DO UPDATE SET
      answered_at = excluded.answered_at,
      results_at = excluded.results_at,
      opened_at = min(opened_at, excluded.opened_at),
      picked_at = min(picked_at, excluded.picked_at)`),
    db.run(sql`DELETE FROM funnel_counts`),
    db.run(sql`${FUNNEL_COUNTS_FROM_DAYS}`),
  ]);
}

/** The funnel counts recounted from the funnel rows (the rebuild, and the test that they stay equal). */
const FUNNEL_COUNTS_FROM_DAYS = sql.raw(`INSERT INTO funnel_counts (date, players, picked, answered, finished,
    results_viewed, reminder_opt_ins, reminders_sent, played_within_hour)
  SELECT date, count(opened_at), count(picked_at), count(answered_at), count(finished_at), count(results_at),
    total(reminder_opt_in), count(reminded_at), total(answered_at BETWEEN reminded_at AND reminded_at + 3600000)
  FROM funnel_days WHERE true GROUP BY date`);
