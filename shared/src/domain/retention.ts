import type { ActivityDay, RetentionCohort } from '../contracts/analytics';
import { RETENTION_OFFSETS } from '../contracts/analytics';
import { addDays, daysBetween } from './game-day';

/**
 * Retention and activity arithmetic (ADR 0301), pure: the server shapes the rollup rows with it, the
 * tests check it on hand-built histories. Game days are 'YYYY-MM-DD'; weeks start on Monday.
 */

/** The Monday of the week `date` falls in. */
export function weekStart(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** A rollup row: players of cohort `firstDate` (their first game day) active `offset` days later. */
export type CohortRow = { firstDate: string; offset: number; players: number };

/**
 * Weekly cohorts, oldest first, for the `weeks` weeks up to the one holding `today`: each cohort's size (new
 * players whose first game day is in the week) and the share of them active on day 1, 7 and 30 after their
 * own first game day. A share is null until it is known for every member: day k of the week's last day
 * (Sunday + k) must be over, i.e. before `today`, the game day still running. Empty cohorts have null shares.
 */
export function retentionCohorts(
  rows: readonly CohortRow[],
  today: string,
  weeks: number,
): RetentionCohort[] {
  const first = addDays(weekStart(today), -7 * (weeks - 1));
  const byWeek = new Map<string, { size: number; active: Map<number, number> }>();
  for (let w = 0; w < weeks; w++) byWeek.set(addDays(first, 7 * w), { size: 0, active: new Map() });
  for (const r of rows) {
    const cohort = byWeek.get(weekStart(r.firstDate));
    if (!cohort) continue;
    if (r.offset === 0) cohort.size += r.players;
    else cohort.active.set(r.offset, (cohort.active.get(r.offset) ?? 0) + r.players);
  }
  return [...byWeek].map(([week, c]) => {
    const lastMember = addDays(week, 6);
    const share = (k: number) =>
      c.size > 0 && daysBetween(addDays(lastMember, k), today) > 0 ? (c.active.get(k) ?? 0) / c.size : null;
    const [d1, d7, d30] = RETENTION_OFFSETS.map(share) as [number | null, number | null, number | null];
    return { week, size: c.size, d1, d7, d30 };
  });
}

/** The first game day of the cohort window `retentionCohorts` covers (the rollup rows to read start there). */
export function retentionWindowStart(today: string, weeks: number): string {
  return addDays(weekStart(today), -7 * (weeks - 1));
}

/** `days` game days ending with `today`, oldest first, each filled from `rows` or zero. */
export function activityDays(rows: readonly ActivityDay[], today: string, days: number): ActivityDay[] {
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(today, i - days + 1);
    return byDate.get(date) ?? { date, players: 0, newPlayers: 0, answers: 0 };
  });
}
