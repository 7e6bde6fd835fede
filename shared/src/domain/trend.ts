import { optionId } from './results';

/**
 * Trends of re-asked questions: how the community's split moved across the game days a link
 * group was asked. Pure shaping of per-date counter rows; thresholds live here, once.
 */

/** A date with fewer answers than this shows as "too few answers", never as a share or an average (product.md#limits's 5-answer threshold). */
export const TREND_MIN_ANSWERS = 5;
/** A trend needs this many dates with answers. */
export const TREND_MIN_DATES = 2;

/** One counter row of a date: option id ('opt-N', or '#' for numeric answers), count and sum of values. */
export type DateCounterRow = { date: string; optionId: string; count: number; valueSum: number };

/**
 * A trend in columns (one entry per date, oldest first), so a question asked on many dates stays small on the
 * wire: the hot results response carries it to every player who opens the card.
 */
export type Trend = {
  dates: string[];
  /** Answers per date. */
  totals: number[];
  /**
   * Multiple choice: per date, the counts of opt-1..opt-N in option order, or null for a date below
   * TREND_MIN_ANSWERS (withheld, shown as "too few"). Null for numeric questions.
   */
  counts: (number[] | null)[] | null;
  /** Numeric: per date, the average, or null for a date below TREND_MIN_ANSWERS. Null for multiple choice. */
  averages: (number | null)[] | null;
};

/** True when a trend date carries figures (TREND_MIN_ANSWERS answers or more). */
export function trendDateShown(total: number): boolean {
  return total >= TREND_MIN_ANSWERS;
}

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
  const entries = [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b));
  const isChoice = input.type === 'multiple_choice';
  return {
    dates: entries.map(([date]) => date),
    totals: entries.map(([, e]) => e.total),
    counts: isChoice
      ? entries.map(([, e]) =>
          trendDateShown(e.total)
            ? Array.from({ length: input.optionCount }, (_, i) => e.counts.get(optionId(i)) ?? 0)
            : null,
        )
      : null,
    averages: isChoice ? null : entries.map(([, e]) => (trendDateShown(e.total) ? e.sum / e.total : null)),
  };
}
