import { BREAKDOWN_MIN_GROUPS } from './constants';
import { optionId } from './results';

/**
 * Results by place: "By Country" (the countries with the most answers, the rest as "Other")
 * and "In {city}" for a player who set a city. Same small-number rules as the demographic breakdowns:
 * below them the figures are withheld and the UI says "Too Few Respondents".
 */

/** By Country needs this many answers with a country, over at least BREAKDOWN_MIN_GROUPS countries. */
export const COUNTRY_BREAKDOWN_MIN_ANSWERS = 5;
/** Countries shown by name; the rest are summed as "Other". */
export const TOP_RESULT_COUNTRIES = 5;
/** "In {city}" shows its figures from this many answers in that city. */
export const CITY_MIN_ANSWERS = 5;
/** Label of the countries beyond the top ones. */
export const OTHER_COUNTRIES_LABEL = 'Other';

/** Counter row of one place: option id ('opt-N' or '#' for numeric), count and sum of values. */
export type PlaceCounterRow = { place: string; optionId: string; count: number; valueSum: number };

export type PlaceGroup = {
  /** Country name, or OTHER_COUNTRIES_LABEL for the rest together. */
  label: string;
  isOther: boolean;
  total: number;
  /** Multiple choice: every opt-1..opt-N; numeric: empty. */
  optionCounts: Record<string, number>;
  /** Numeric: the group's average; multiple choice: null. */
  average: number | null;
};
export type CountryBreakdown = { total: number; available: boolean; groups: PlaceGroup[] };
export type CityResults = {
  city: string;
  country: string | null;
  total: number;
  available: boolean;
  group: PlaceGroup | null;
};

type Acc = { total: number; sum: number; counts: Map<string, number> };
const emptyAcc = (): Acc => ({ total: 0, sum: 0, counts: new Map() });
function add(acc: Acc, row: { optionId: string; count: number; valueSum: number }): void {
  acc.total += row.count;
  acc.sum += row.valueSum;
  acc.counts.set(row.optionId, (acc.counts.get(row.optionId) ?? 0) + row.count);
}
function toGroup(
  label: string,
  isOther: boolean,
  acc: Acc,
  type: 'multiple_choice' | 'numeric',
  optionCount: number,
): PlaceGroup {
  const optionCounts: Record<string, number> = {};
  if (type === 'multiple_choice') {
    for (let i = 0; i < optionCount; i++) optionCounts[optionId(i)] = acc.counts.get(optionId(i)) ?? 0;
  }
  return {
    label,
    isOther,
    total: acc.total,
    optionCounts,
    average: type === 'numeric' && acc.total > 0 ? acc.sum / acc.total : null,
  };
}

/** By Country: the top countries by answers (ties by name), the rest as one "Other" group; withheld below the thresholds. */
export function shapeCountryBreakdown(input: {
  type: 'multiple_choice' | 'numeric';
  optionCount: number;
  rows: readonly PlaceCounterRow[];
}): CountryBreakdown {
  const byCountry = new Map<string, Acc>();
  for (const row of input.rows) {
    if (!(row.count > 0)) continue;
    const acc = byCountry.get(row.place) ?? emptyAcc();
    add(acc, row);
    byCountry.set(row.place, acc);
  }
  const total = [...byCountry.values()].reduce((n, a) => n + a.total, 0);
  const available = total >= COUNTRY_BREAKDOWN_MIN_ANSWERS && byCountry.size >= BREAKDOWN_MIN_GROUPS;
  if (!available) return { total, available, groups: [] };
  const ranked = [...byCountry.entries()].sort(([a, x], [b, y]) => y.total - x.total || a.localeCompare(b));
  const groups = ranked
    .slice(0, TOP_RESULT_COUNTRIES)
    .map(([country, acc]) => toGroup(country, false, acc, input.type, input.optionCount));
  const rest = ranked.slice(TOP_RESULT_COUNTRIES);
  if (rest.length > 0) {
    const other = emptyAcc();
    for (const [, acc] of rest) {
      other.total += acc.total;
      other.sum += acc.sum;
      for (const [opt, n] of acc.counts) other.counts.set(opt, (other.counts.get(opt) ?? 0) + n);
    }
    groups.push(toGroup(OTHER_COUNTRIES_LABEL, true, other, input.type, input.optionCount));
  }
  return { total, available, groups };
}

/** In {city}: the answers given from the viewer's city (same country); figures only from CITY_MIN_ANSWERS. */
export function shapeCityResults(input: {
  type: 'multiple_choice' | 'numeric';
  optionCount: number;
  city: string;
  country: string | null;
  rows: readonly Omit<PlaceCounterRow, 'place'>[];
}): CityResults {
  const acc = emptyAcc();
  for (const row of input.rows) if (row.count > 0) add(acc, row);
  const available = acc.total >= CITY_MIN_ANSWERS;
  return {
    city: input.city,
    country: input.country,
    total: acc.total,
    available,
    group: available ? toGroup(input.city, false, acc, input.type, input.optionCount) : null,
  };
}
