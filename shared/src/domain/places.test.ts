import { describe, expect, it } from 'vitest';
import { CITY_MIN_ANSWERS, shapeCityResults, shapeCountryBreakdown, TOP_RESULT_COUNTRIES } from './places';

const row = (place: string, optionId: string, count: number, valueSum = 0) => ({
  place,
  optionId,
  count,
  valueSum,
});

describe('shapeCountryBreakdown', () => {
  it('needs five answers over at least two countries', () => {
    expect(
      shapeCountryBreakdown({ type: 'multiple_choice', optionCount: 2, rows: [row('Kenya', 'opt-1', 9)] }),
    ).toEqual({
      total: 9,
      available: false,
      groups: [],
    });
    expect(
      shapeCountryBreakdown({
        type: 'multiple_choice',
        optionCount: 2,
        rows: [row('Kenya', 'opt-1', 3), row('Ghana', 'opt-2', 1)],
      }),
    ).toEqual({ total: 4, available: false, groups: [] });
  });

  it('names the top countries (ties by name) and sums the rest as Other', () => {
    const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
    const rows = names.flatMap((n, i) => [row(n, 'opt-1', 10 - i), row(n, 'opt-2', i === 6 ? 3 : 0)]);
    rows.push(row('Zed', 'opt-2', 10)); // ties with A on 10, sorts after it by name
    const r = shapeCountryBreakdown({ type: 'multiple_choice', optionCount: 2, rows });
    expect(r.available).toBe(true);
    expect(r.groups.map((g) => g.label)).toEqual(['A', 'Zed', 'B', 'C', 'D', 'Other']);
    expect(r.groups).toHaveLength(TOP_RESULT_COUNTRIES + 1);
    const other = r.groups.at(-1)!;
    expect(other).toEqual({
      label: 'Other',
      isOther: true,
      total: 6 + 5 + 4 + 3,
      optionCounts: { 'opt-1': 15, 'opt-2': 3 },
      average: null,
    });
    expect(r.total).toBe(rows.reduce((n, x) => n + x.count, 0));
  });

  it('averages numeric answers per country', () => {
    const r = shapeCountryBreakdown({
      type: 'numeric',
      optionCount: 0,
      rows: [row('Kenya', '#', 4, 40), row('Ghana', '#', 2, 3)],
    });
    expect(r.groups).toEqual([
      { label: 'Kenya', isOther: false, total: 4, optionCounts: {}, average: 10 },
      { label: 'Ghana', isOther: false, total: 2, optionCounts: {}, average: 1.5 },
    ]);
  });
});

describe('shapeCityResults', () => {
  it('shows the city’s split from five answers, and only its size below that', () => {
    const base = {
      type: 'multiple_choice' as const,
      optionCount: 2,
      city: 'Durban',
      country: 'South Africa',
    };
    expect(
      shapeCityResults({ ...base, rows: [{ optionId: 'opt-1', count: CITY_MIN_ANSWERS - 1, valueSum: 0 }] }),
    ).toEqual({
      city: 'Durban',
      country: 'South Africa',
      total: 4,
      available: false,
      group: null,
    });
    expect(
      shapeCityResults({
        ...base,
        rows: [
          { optionId: 'opt-1', count: 3, valueSum: 0 },
          { optionId: 'opt-2', count: 2, valueSum: 0 },
        ],
      }).group,
    ).toEqual({
      label: 'Durban',
      isOther: false,
      total: 5,
      optionCounts: { 'opt-1': 3, 'opt-2': 2 },
      average: null,
    });
  });
});
