import type { ActivityDay } from '@daily-tea/shared/contracts/analytics';
import type { CohortRow } from '@daily-tea/shared/domain/retention';
import { sql } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { funnelDays, playRollup } from '../schema';

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

/** The day's funnel: one pass over that game day's funnel_days rows (primary-key prefix). */
export async function findFunnelCounts(db: Database, date: string): Promise<FunnelCounts> {
  const p = funnelDays;
  const row = await db
    .select({
      players: sql<number>`count(${p.openedAt})`,
      picked: sql<number>`count(${p.pickedAt})`,
      answered: sql<number>`count(${p.answeredAt})`,
      finished: sql<number>`count(${p.finishedAt})`,
      resultsViewed: sql<number>`count(${p.resultsAt})`,
      optIns: sql<number>`total(${p.reminderOptIn})`,
      sent: sql<number>`count(${p.remindedAt})`,
      playedWithinHour: sql<number>`total(${p.answeredAt} BETWEEN ${p.remindedAt} AND ${p.remindedAt} + 3600000)`,
    })
    .from(p)
    .where(sql`${p.date} = ${date}`)
    .get();
  const n = (v: number | null | undefined) => Number(v ?? 0);
  return {
    players: n(row?.players),
    picked: n(row?.picked),
    answered: n(row?.answered),
    finished: n(row?.finished),
    resultsViewed: n(row?.resultsViewed),
    optIns: n(row?.optIns),
    sent: n(row?.sent),
    playedWithinHour: n(row?.playedWithinHour),
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
  await db.run(sql`INSERT INTO ${funnelDays} (date, user_id, opened_at, picked_at, results_at)
    VALUES (${m.date}, ${m.userId}, ${opened}, ${picked}, ${results})
    ON CONFLICT (date, user_id) DO UPDATE SET
      opened_at = coalesce(opened_at, excluded.opened_at),
      picked_at = coalesce(picked_at, excluded.picked_at),
      results_at = coalesce(results_at, excluded.results_at)`);
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
  await db.run(sql`INSERT INTO ${funnelDays} (date, user_id, reminder_opt_in, reminded_at)
    SELECT ${m.date}, u.value, 1, CASE WHEN u.value IN (SELECT value FROM json_each(${sent})) THEN ${m.at} END
    FROM json_each(${JSON.stringify([...new Set(m.optedIn)])}) u WHERE true
    ON CONFLICT (date, user_id) DO UPDATE SET
      reminder_opt_in = 1,
      reminded_at = coalesce(reminded_at, excluded.reminded_at)`);
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
  ]);
}
