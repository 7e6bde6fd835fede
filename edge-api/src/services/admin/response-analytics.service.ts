import type {
  QuestionChart,
  ResponseDemographics,
  ResponseFilter,
  ResponseQuestions,
  SplitGroup,
} from '@daily-tea/shared/contracts/admin';
import { numericBins, type NumericBins } from '@daily-tea/shared/domain/numeric-bins';
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
  findNumericBinCounts,
  findNumericSummaries,
  findSelectionQuestions,
  findSplit,
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

/**
 * GET /api/admin/stats/responses/questions — every question of the selection with its answers under the filter:
 * option counts, or a numeric question's average, range and bins. Four statements whatever the day holds.
 */
export async function getResponseQuestions(deps: Deps, filter: ResponseFilter): Promise<ResponseQuestions> {
  const [selection, choices, summaries] = await Promise.all([
    findSelectionQuestions(deps.db, filter),
    findChoiceCounts(deps.db, filter),
    findNumericSummaries(deps.db, filter),
  ]);
  const binsOf = new Map<string, NumericBins>(
    summaries.map((s) => [s.questionId, numericBins(s.min, s.max, s.wholeNumbers)]),
  );
  const binCounts = await findNumericBinCounts(
    deps.db,
    filter,
    [...binsOf].map(([questionId, b]) => ({ questionId, ...b })),
  );

  const choicesOf = new Map<string, Map<string, number>>();
  for (const c of choices) {
    const m = choicesOf.get(c.questionId) ?? new Map<string, number>();
    m.set(c.optionId, c.n);
    choicesOf.set(c.questionId, m);
  }
  const summaryOf = new Map(summaries.map((s) => [s.questionId, s]));

  const charts: QuestionChart[] = selection.map((q) => {
    const base = {
      id: q.id,
      text: q.text,
      type: q.type,
      topicTitle: q.topicTitle,
      numericUnit: q.numericUnit,
    };
    if (q.type !== 'numeric') {
      const options = optionCounts(q, choicesOf.get(q.id) ?? new Map());
      return {
        ...base,
        total: options.reduce((sum, o) => sum + o.count, 0),
        options,
        numeric: null,
      };
    }
    const s = summaryOf.get(q.id);
    const b = binsOf.get(q.id);
    if (!s || !b) return { ...base, total: 0, options: [], numeric: null };
    const counts = new Array<number>(b.count).fill(0);
    for (const r of binCounts) if (r.questionId === q.id && r.bin < b.count) counts[r.bin]! += r.n;
    return {
      ...base,
      total: s.n,
      options: [],
      numeric: {
        average: Math.round(s.average * 10) / 10,
        min: s.min,
        max: s.max,
        bins: counts.map((count, i) => ({
          from: roundEdge(b.lo + i * b.width),
          to: roundEdge(b.lo + (i + 1) * b.width),
          count,
        })),
      },
    };
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
 * option, or the numeric average. Three GROUP BYs, one per dimension.
 */
export async function getResponseDemographics(
  deps: Deps,
  filter: ResponseFilter,
): Promise<ResponseDemographics> {
  const [selection, ...splits] = await Promise.all([
    findSelectionQuestions(deps.db, filter),
    ...DIMENSIONS.map((d) => findSplit(deps.db, filter, d.key)),
  ]);
  const single = selection.length === 1 ? selection[0]! : null;

  const dimensions = DIMENSIONS.map((d, i) => {
    const byValue = new Map<string, { n: number; sum: number; choices: Map<string, number> }>();
    for (const r of splits[i]!) {
      const key = r.value ?? '';
      const g = byValue.get(key) ?? { n: 0, sum: 0, choices: new Map<string, number>() };
      g.n += r.n;
      g.sum += r.valueSum;
      if (r.optionId !== null) g.choices.set(r.optionId, (g.choices.get(r.optionId) ?? 0) + r.n);
      byValue.set(key, g);
    }
    const rows = slugDistribution(
      [...byValue].map(([value, g]) => ({ value, n: g.n })),
      d.slugs,
      d.labels,
    );
    const groups: SplitGroup[] = rows.map((row) => {
      const g = byValue.get(row.key === 'not_specified' ? '' : row.key);
      const details = splitDetails(single, g);
      return { ...row, ...details };
    });
    return { key: d.key, label: d.label, groups };
  });
  const total = (splits[0] ?? []).reduce((sum, r) => sum + r.n, 0);
  return {
    total,
    question: single
      ? {
          id: single.id,
          type: single.type,
          numericUnit: single.numericUnit,
          options: optionCounts(single, choicesOf(splits[0] ?? [])),
        }
      : null,
    dimensions,
  };
}

/** Choices over every group of a split: the whole selection's counts per stored choice. */
function choicesOf(rows: Array<{ optionId: string | null; n: number }>): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) if (r.optionId !== null) m.set(r.optionId, (m.get(r.optionId) ?? 0) + r.n);
  return m;
}

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
