import type {
  QuestionChart,
  ResponseDemographics,
  ResponseFilter,
  ResponseQuestions,
  SplitGroup,
} from '@daily-tea/shared/contracts/admin';
import { binIndex, numericBins } from '@daily-tea/shared/domain/numeric-bins';
import {
  AGE_BRACKETS,
  AGE_LABELS,
  GENDERS,
  GENDER_LABELS,
  RACE_BRACKETS,
  RACE_LABELS,
} from '@daily-tea/shared/domain/profile';
import { normalizeOptionId, optionId, optionText } from '@daily-tea/shared/domain/results';
import type { Deps } from '../../env';
import {
  findChoiceCounts,
  findNumericValueCounts,
  findSelectionQuestions,
  findSplitCells,
  type SelectionQuestion,
  type SplitDimension,
} from '../../db/queries/admin/response-analytics.queries';
import { slugDistribution } from './stats.service';

/** Every option of a question as opt-N with its text, counted from rows keyed by the stored choice. */
function optionCounts(q: Pick<SelectionQuestion, 'options'>, counts: Map<string, number>) {
  const byId = new Map<string, number>();
  for (const [stored, n] of counts) {
    const id = normalizeOptionId(q.options, stored);
    if (id) byId.set(id, (byId.get(id) ?? 0) + n);
  }
  return q.options.map((o, i) => ({
    id: optionId(i),
    text: optionText(o),
    count: byId.get(optionId(i)) ?? 0,
  }));
}

/** A numeric question's answers from its (value, count) rows: count, average, range and bins. */
function numericChart(values: Array<{ value: number; n: number }>): QuestionChart['numeric'] {
  if (values.length === 0) return null;
  let n = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    n += v.n;
    sum += v.value * v.n;
    min = Math.min(min, v.value);
    max = Math.max(max, v.value);
  }
  const bins = numericBins(
    min,
    max,
    values.every((v) => Number.isInteger(v.value)),
  );
  const counts = new Array<number>(bins.count).fill(0);
  for (const v of values) counts[binIndex(v.value, bins)]! += v.n;
  return {
    average: Math.round((sum / n) * 10) / 10,
    min,
    max,
    bins: counts.map((count, i) => ({
      from: roundEdge(bins.lo + i * bins.width),
      to: roundEdge(bins.lo + (i + 1) * bins.width),
      count,
    })),
  };
}

/**
 * GET /api/admin/stats/responses/questions — every question of the selection with its answers under the filter:
 * option counts, or a numeric question's average, range and bins. Three statements whatever the day holds.
 */
export async function getResponseQuestions(deps: Deps, filter: ResponseFilter): Promise<ResponseQuestions> {
  const [selection, choices, values] = await Promise.all([
    findSelectionQuestions(deps.db, filter),
    findChoiceCounts(deps.db, filter),
    findNumericValueCounts(deps.db, filter),
  ]);
  const choicesOf = new Map<string, Map<string, number>>();
  for (const c of choices) {
    const m = choicesOf.get(c.questionId) ?? new Map<string, number>();
    m.set(c.optionId, c.n);
    choicesOf.set(c.questionId, m);
  }
  const valuesOf = new Map<string, Array<{ value: number; n: number }>>();
  for (const v of values) {
    const list = valuesOf.get(v.questionId) ?? [];
    list.push(v);
    valuesOf.set(v.questionId, list);
  }

  const charts: QuestionChart[] = selection.map((q) => {
    const base = {
      id: q.id,
      text: q.text,
      type: q.type,
      topicTitle: q.topicTitle,
      numericUnit: q.numericUnit,
    };
    if (q.type === 'numeric') {
      const numeric = numericChart(valuesOf.get(q.id) ?? []);
      return {
        ...base,
        total: (valuesOf.get(q.id) ?? []).reduce((t, v) => t + v.n, 0),
        options: [],
        numeric,
      };
    }
    const options = optionCounts(q, choicesOf.get(q.id) ?? new Map());
    return { ...base, total: options.reduce((sum, o) => sum + o.count, 0), options, numeric: null };
  });
  return { questions: charts };
}

/** Bin edges without floating-point dust (0.30000000000000004 → 0.3). */
const roundEdge = (x: number) => Math.round(x * 1e9) / 1e9;

const DIMENSIONS: Array<{
  key: SplitDimension;
  label: string;
  slugs: readonly string[];
  labels: Record<string, string>;
}> = [
  { key: 'gender', label: 'Gender', slugs: GENDERS, labels: GENDER_LABELS },
  { key: 'ageBracket', label: 'Age', slugs: AGE_BRACKETS, labels: AGE_LABELS },
  { key: 'raceBracket', label: 'Race/Ethnicity', slugs: RACE_BRACKETS, labels: RACE_LABELS },
];

/**
 * GET /api/admin/stats/responses/demographics — the selection's answers by gender, age and race (their profile
 * when they answered). When the selection is one question, each group also carries how it answered: counts per
 * option, or the numeric average. One pass over the selection's answers (findSplitCells).
 */
export async function getResponseDemographics(
  deps: Deps,
  filter: ResponseFilter,
): Promise<ResponseDemographics> {
  const selection = await findSelectionQuestions(deps.db, filter);
  const single = selection.length === 1 ? selection[0]! : null;
  const slugs = Object.fromEntries(DIMENSIONS.map((d) => [d.key, d.slugs])) as Record<
    SplitDimension,
    readonly string[]
  >;
  const rows = selection.length
    ? await findSplitCells(deps.db, filter, slugs, single?.type === 'numeric')
    : [];

  // Per dimension and value: answers, numeric sum, and choices per stored option id.
  type Tally = { n: number; sum: number; choices: Map<string, number> };
  const tallies = new Map<string, Tally>();
  const key = (dimension: SplitDimension, value: string | null) => `${dimension}|${value ?? ''}`;
  let total = 0;
  for (const row of rows) {
    for (const cell of row.cells) {
      if (cell.n === 0) continue;
      const k = key(cell.dimension, cell.value);
      const t = tallies.get(k) ?? { n: 0, sum: 0, choices: new Map<string, number>() };
      t.n += cell.n;
      t.sum += cell.valueSum;
      if (row.optionId !== null) t.choices.set(row.optionId, (t.choices.get(row.optionId) ?? 0) + cell.n);
      tallies.set(k, t);
      if (cell.dimension === 'gender') total += cell.n;
    }
  }

  const dimensions = DIMENSIONS.map((d) => {
    const counted = [...d.slugs, null, '*'].flatMap((value) => {
      const t = tallies.get(key(d.key, value));
      return t ? [{ value: value === '*' ? OTHER_VALUES.key : (value ?? ''), n: t.n }] : [];
    });
    const rowsOf = slugDistribution(counted, d.slugs, {
      ...d.labels,
      [OTHER_VALUES.key]: OTHER_VALUES.label,
    });
    const groups: SplitGroup[] = rowsOf.map((row) => {
      const value = row.key === 'not_specified' ? null : row.key === OTHER_VALUES.key ? '*' : row.key;
      return { ...row, ...splitDetails(single, tallies.get(key(d.key, value))) };
    });
    return { key: d.key, label: d.label, groups };
  });
  const overall = new Map<string, number>();
  for (const row of rows)
    if (row.optionId !== null) {
      const n = row.cells.filter((c) => c.dimension === 'gender').reduce((t, c) => t + c.n, 0);
      overall.set(row.optionId, (overall.get(row.optionId) ?? 0) + n);
    }
  return {
    total,
    question: single
      ? {
          id: single.id,
          type: single.type,
          numericUnit: single.numericUnit,
          options: single.type === 'numeric' ? [] : optionCounts(single, overall),
        }
      : null,
    dimensions,
  };
}

/** Stored values outside the known slugs (none are written today), counted together. */
const OTHER_VALUES = { key: 'other_values', label: 'Other values' } as const;

function splitDetails(
  single: SelectionQuestion | null,
  g: { n: number; sum: number; choices: Map<string, number> } | undefined,
): Pick<SplitGroup, 'optionCounts' | 'average'> {
  if (!single) return { optionCounts: null, average: null };
  if (single.type === 'numeric')
    return { optionCounts: null, average: g && g.n > 0 ? Math.round((g.sum / g.n) * 10) / 10 : null };
  const options = optionCounts(single, g?.choices ?? new Map());
  return { optionCounts: Object.fromEntries(options.map((o) => [o.id, o.count])), average: null };
}
