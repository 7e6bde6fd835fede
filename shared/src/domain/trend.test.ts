import { describe, expect, it } from 'vitest';
import { shapeTrend, TREND_MIN_ANSWERS } from './trend';

const row = (date: string, optionId: string, count: number, valueSum = 0) => ({ date, optionId, count, valueSum });

describe('shapeTrend', () => {
  it('is null until the group has answers on two dates', () => {
    expect(shapeTrend({ type: 'multiple_choice', optionCount: 2, rows: [] })).toBeNull();
    expect(shapeTrend({ type: 'multiple_choice', optionCount: 2, rows: [row('2026-05-01', 'opt-1', 9)] })).toBeNull();
    expect(
      shapeTrend({ type: 'multiple_choice', optionCount: 2, rows: [row('2026-05-01', 'opt-1', 9), row('2026-05-08', 'opt-1', 0)] }),
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
      points: [
        { date: '2026-05-01', total: 5, sufficient: true, optionCounts: { 'opt-1': 3, 'opt-2': 0, 'opt-3': 2 }, average: null },
        { date: '2026-05-08', total: 5, sufficient: true, optionCounts: { 'opt-1': 1, 'opt-2': 4, 'opt-3': 0 }, average: null },
        { date: '2026-05-15', total: 4, sufficient: false, optionCounts: null, average: null },
      ],
    });
  });

  it('averages numeric answers per date', () => {
    const trend = shapeTrend({
      type: 'numeric',
      optionCount: 0,
      rows: [row('2026-05-01', '#', 5, 50), row('2026-05-02', '#', 8, 20), row('2026-05-03', '#', 2, 7)],
    });
    expect(trend?.points).toEqual([
      { date: '2026-05-01', total: 5, sufficient: true, optionCounts: null, average: 10 },
      { date: '2026-05-02', total: 8, sufficient: true, optionCounts: null, average: 2.5 },
      { date: '2026-05-03', total: 2, sufficient: false, optionCounts: null, average: null },
    ]);
  });
});
