import { BAR_MIN_HEIGHT_PCT, BAR_ZERO_HEIGHT_PCT, OPTION_LABEL_WORDS } from './constants';
import { AGE_BRACKETS, RACE_BRACKETS } from './profile';
import type { QuestionResults } from '../contracts/daily';

/** Option id for a 0-based position: 0 → 'opt-1' (product.md#data). */
export function optionId(index0: number): string {
  return `opt-${index0 + 1}`;
}

/** Text of an option stored either as a plain string or as an object. */
export function optionText(o: string | { text: string }): string {
  return typeof o === 'string' ? o : o.text;
}

const OPT_N = /^opt-([1-9]\d*)$/;

/** Canonical opt-N for a submitted choice: opt-N within range, or an option's own id; null otherwise. */
export function normalizeOptionId(
  options: ReadonlyArray<string | { id?: string; text: string }>,
  selected: string,
): string | null {
  const match = OPT_N.exec(selected);
  if (match) {
    const n = Number(match[1]);
    if (n <= options.length) return selected;
  }
  const index = options.findIndex((o) => typeof o !== 'string' && o.id !== undefined && o.id === selected);
  return index >= 0 ? optionId(index) : null;
}

/** Gender breakdown keys (product.md#data). */
export const GENDER_KEYS = ['male', 'female', 'other'] as const;
/** Age breakdown keys (product.md#data). */
export const AGE_KEYS = AGE_BRACKETS.map((a) => `age_${a}`);
/** Race/ethnicity breakdown keys (product.md#screens/#data). */
export const RACE_KEYS = RACE_BRACKETS.map((r) => `race_${r}`);
/** Every demographic breakdown key, gender then age then race. */
export const ALL_DEMOGRAPHIC_KEYS: readonly string[] = [...GENDER_KEYS, ...AGE_KEYS, ...RACE_KEYS];

const KNOWN_KEYS = new Set(ALL_DEMOGRAPHIC_KEYS);
const GENDER_KEY_OF: Record<string, string> = {
  male: 'male',
  female: 'female',
  non_binary: 'other',
  transgender: 'other',
  other: 'other',
};

/** Demographic profile snapshot stored with an answer (product.md#play-rules). */
export type DemographicSnapshot = {
  gender: string | null;
  ageBracket: string | null;
  raceBracket: string | null;
};

/** Breakdown keys an answer counts towards; "prefer not to say" gender and unknown values count nowhere. */
export function demographicKeys(snapshot: DemographicSnapshot): string[] {
  const keys: string[] = [];
  const gender = snapshot.gender === null ? undefined : GENDER_KEY_OF[snapshot.gender];
  if (gender) keys.push(gender);
  if (snapshot.ageBracket !== null && (AGE_BRACKETS as readonly string[]).includes(snapshot.ageBracket)) {
    keys.push(`age_${snapshot.ageBracket}`);
  }
  if (snapshot.raceBracket !== null && (RACE_BRACKETS as readonly string[]).includes(snapshot.raceBracket)) {
    keys.push(`race_${snapshot.raceBracket}`);
  }
  return keys;
}

/** The counts of a question's results response (product.md#data): what `shapeResults` builds from SQL rows. */
export type ResultCounts = Pick<
  QuestionResults,
  'totalAnswers' | 'optionCounts' | 'demographicBreakdown' | 'numericStats'
>;

/** One GROUP BY row: bucket 'all' for totals, else a demographic key. */
export type ResultsRow = { bucket: string; optionId: string; count: number };

/** Build the results response from SQL aggregate rows; every opt-1..opt-N is present, breakdowns only with data. */
export function shapeResults(input: {
  type: 'multiple_choice' | 'numeric';
  optionCount: number;
  rows: readonly ResultsRow[];
  numeric?: { count: number; sum: number; min: number | null; max: number | null };
}): ResultCounts {
  const optionCounts: Record<string, number> = {};
  for (let i = 0; i < input.optionCount; i++) optionCounts[optionId(i)] = 0;
  const demographicBreakdown: Record<string, Record<string, number>> = {};
  let rowTotal = 0;
  for (const row of input.rows) {
    if (!(row.count > 0)) continue;
    if (row.bucket === 'all') {
      optionCounts[row.optionId] = (optionCounts[row.optionId] ?? 0) + row.count;
      rowTotal += row.count;
    } else if (KNOWN_KEYS.has(row.bucket)) {
      const group = (demographicBreakdown[row.bucket] ??= {});
      group[row.optionId] = (group[row.optionId] ?? 0) + row.count;
    }
  }
  const n = input.numeric;
  const numericStats =
    input.type === 'numeric' && n && n.count > 0 && n.min !== null && n.max !== null
      ? { average: n.sum / n.count, min: n.min, max: n.max, count: n.count }
      : null;
  const totalAnswers = input.type === 'numeric' && n ? n.count : rowTotal;
  return { totalAnswers, optionCounts, demographicBreakdown, numericStats };
}

/** Rounded whole percentage; 0 when total is 0. */
export function percent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** Visible bar height: at least 8% for a non-zero value, 2% for zero (product.md#limits). */
export function barHeightPercent(pct: number): number {
  return pct > 0 ? Math.max(pct, BAR_MIN_HEIGHT_PCT) : BAR_ZERO_HEIGHT_PCT;
}

/** First `n` words of a text (bar labels use 3). */
export function firstWords(text: string, n = OPTION_LABEL_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.slice(0, n).join(' ');
}

/**
 * A bar label (product.md#limits: option labels cut to three words): the first three words, ending in "…" when words
 * were cut, so a cut label never reads as the whole answer. The full text is shown beside the chart.
 */
export function barLabel(text: string, n = OPTION_LABEL_WORDS): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > n ? `${words.slice(0, n).join(' ')}…` : words.join(' ');
}

/** Cut `text` to `max` characters, appending '...' only when something was cut. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** How a numeric answer compares with the community average. */
export type NumericPerformance = {
  diffPercent: number;
  direction: 'above' | 'below' | 'on';
  headline: string;
  line: string;
};

/** Your Performance card: percent above/below the average (rounded), or right on it when that rounds to 0. */
export function numericPerformance(value: number, average: number): NumericPerformance {
  // An average of 0 has no meaningful relative difference; any other value counts as fully (100%) off.
  const raw = average === 0 ? (value === 0 ? 0 : 100) : (Math.abs(value - average) / Math.abs(average)) * 100;
  const diffPercent = Math.round(raw);
  if (diffPercent === 0) {
    return {
      diffPercent: 0,
      direction: 'on',
      headline: 'Right on the average!',
      line: "You're aligned with the community",
    };
  }
  if (value > average) {
    return {
      diffPercent,
      direction: 'above',
      headline: `${diffPercent}% above average`,
      line: 'You answered higher than most',
    };
  }
  return {
    diffPercent,
    direction: 'below',
    headline: `${diffPercent}% below average`,
    line: 'You were more conservative than most',
  };
}

/** Share (rounded %) of a demographic group that chose the user's option. */
export function sameAsYouShare(groupCounts: Readonly<Record<string, number>>, userOptionId: string): number {
  const total = Object.values(groupCounts).reduce((a, b) => a + b, 0);
  return percent(groupCounts[userOptionId] ?? 0, total);
}
