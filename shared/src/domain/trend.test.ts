import { describe, expect, it } from 'vitest';
import { shapeTrend, trendDateShown, TREND_MIN_ANSWERS } from './trend';

const row = (date: string, optionId: string, count: number, valueSum = 0) => ({
  date,
  optionId,
  count,
  valueSum,
});

describe('shapeTrend', () => {
  it('is null until the group has answers on two dates', () => {
    expect(shapeTrend({ type: 'multiple_choice', optionCount: 2, rows: [] })).toBeNull();
    expect(
      shapeTrend({ type: 'multiple_choice', optionCount: 2, rows: [row('2026-05-01', 'opt-1', 9)] }),
    ).toBeNull();
    expect(
      shapeTrend({
        type: 'multiple_choice',
        optionCount: 2,
        rows: [row('2026-05-01', 'opt-1', 9), row('2026-05-08', 'opt-1', 0)],
      }),
    ).toBeNull();
  });

  it('gives every option per date, oldest first, and withholds dates below the threshold', () => {
    const trend = shapeTrend({
      type: 'multiple_choice',
      optionCount: 3,
      rows: [
        row('2026-05-08', 'opt-2', 4),
        row('2026-05-01', 'opt-1', 3),
        row('2026-05-01', 'opt-3', 2),
        row('2026-05-15', 'opt-1', TREND_MIN_ANSWERS - 1),
        row('2026-05-08', 'opt-1', 1),
      ],
    });
    expect(trend).toEqual({
      dates: ['2026-05-01', '2026-05-08', '2026-05-15'],
      totals: [5, 5, 4],
      // opt-1..opt-3 in option order; the third date has too few answers: no split given.
      counts: [[3, 0, 2], [1, 4, 0], null],
      averages: null,
    });
  });

  it('averages numeric answers per date', () => {
    const trend = shapeTrend({
      type: 'numeric',
      optionCount: 0,
      rows: [row('2026-05-01', '#', 5, 50), row('2026-05-02', '#', 8, 20), row('2026-05-03', '#', 2, 7)],
    });
    expect(trend).toEqual({
      dates: ['2026-05-01', '2026-05-02', '2026-05-03'],
      totals: [5, 8, 2],
      counts: null,
      averages: [10, 2.5, null],
    });
  });

  it('shows a date from TREND_MIN_ANSWERS answers', () => {
    expect(trendDateShown(TREND_MIN_ANSWERS - 1)).toBe(false);
    expect(trendDateShown(TREND_MIN_ANSWERS)).toBe(true);
  });
});
