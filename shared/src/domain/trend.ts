import { optionId } from './results';

/**
 * Trends of re-asked questions (issue 17): how the community's split moved across the game days a link
 * group was asked. Pure shaping of per-date counter rows; thresholds live here, once.
 */

/** A date with fewer answers than this shows as "too few answers", never as a share or an average (SPEC §9's 5-answer threshold). */
export const TREND_MIN_ANSWERS = 5;
/** A trend needs this many dates with answers. */
export const TREND_MIN_DATES = 2;

/** One counter row of a date: option id ('opt-N', or '#' for numeric answers), count and sum of values. */
export type DateCounterRow = { date: string; optionId: string; count: number; valueSum: number };

export type TrendPoint = {
  date: string;
  total: number;
  /** False below TREND_MIN_ANSWERS: no counts and no average are given for that date. */
  sufficient: boolean;
  /** Multiple choice: every opt-1..opt-N (null when not sufficient or numeric). */
  optionCounts: Record<string, number> | null;
  /** Numeric: the average of that date (null when not sufficient or multiple choice). */
  average: number | null;
};
export type Trend = { points: TrendPoint[] };

/** The trend of a group, oldest date first; null when it has answers on fewer than two dates. */
export function shapeTrend(input: {
  type: 'multiple_choice' | 'numeric';
  optionCount: number;
  rows: readonly DateCounterRow[];
}): Trend | null {
  const byDate = new Map<string, { total: number; sum: number; counts: Map<string, number> }>();
  for (const row of input.rows) {
    if (!(row.count > 0)) continue;
    const entry = byDate.get(row.date) ?? { total: 0, sum: 0, counts: new Map<string, number>() };
    entry.total += row.count;
    entry.sum += row.valueSum;
    entry.counts.set(row.optionId, (entry.counts.get(row.optionId) ?? 0) + row.count);
    byDate.set(row.date, entry);
  }
  if (byDate.size < TREND_MIN_DATES) return null;
  const points = [...byDate.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, e]): TrendPoint => {
      const sufficient = e.total >= TREND_MIN_ANSWERS;
      let optionCounts: Record<string, number> | null = null;
      if (sufficient && input.type === 'multiple_choice') {
        optionCounts = {};
        for (let i = 0; i < input.optionCount; i++) optionCounts[optionId(i)] = e.counts.get(optionId(i)) ?? 0;
      }
      const average = sufficient && input.type === 'numeric' ? e.sum / e.total : null;
      return { date, total: e.total, sufficient, optionCounts, average };
    });
  return { points };
}
