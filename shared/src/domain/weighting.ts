import type { SampleMakeup, WeightedResults, WeightedWithheld } from '../contracts/weighting';
import { PROVINCES, WEIGHTING_COUNTRY } from './provinces';
import { optionId } from './results';
import {
  MIN_EFFECTIVE_SAMPLE,
  SCHEME_AGES,
  SCHEME_GENDERS,
  SCHEME_RACES,
  WEIGHT_TRIM_BOUNDS,
  WEIGHTING_SCHEME,
  WEIGHTING_TARGETS,
  type WeightingTargets,
} from './weighting-targets';

/**
 * Weighted results (docs/decisions/0290–0294): raking (iterative proportional fitting) of a link group's
 * respondents to population margins, trimmed weights, Kish's effective sample size and a 95 % interval from it.
 * Pure functions over cells (respondents who share every margin's category), so the cost depends on the number of
 * cells, never on the number of answers.
 */

/** z of a two-sided 95 % interval. */
export const INTERVAL_Z_95 = 1.959963984540054;
/** The confidence level of every interval shown. */
export const CONFIDENCE_LEVEL = 0.95;

/** One margin of the raking: per category (a slug), its population share. Shares sum to 1. */
export type Margin = Readonly<Record<string, number>>;

/** Respondents who share one category of every margin (`keys[i]` belongs to margin i), and how many they are. */
export type RakeCell = { keys: readonly string[]; count: number };

export type RakeOptions = { maxIterations?: number; tolerance?: number };

export type RakeResult = {
  /** Weight of each respondent of cell i (the mean weight over respondents is 1). */
  weights: number[];
  iterations: number;
  converged: boolean;
};

/**
 * Targets a margin can actually reach: categories without a respondent are dropped and the rest scaled back to 1
 * (docs/decisions/0291 — nobody can stand for an empty category; its share goes to the others in proportion).
 */
export function reachableMargin(margin: Margin, present: ReadonlySet<string>): Record<string, number> {
  const kept = Object.entries(margin).filter(([slug, share]) => present.has(slug) && share > 0);
  const total = kept.reduce((n, [, share]) => n + share, 0);
  const out: Record<string, number> = {};
  for (const [slug, share] of kept) out[slug] = total > 0 ? share / total : 0;
  return out;
}

/**
 * Raking (iterative proportional fitting): repeatedly scales the weights of each margin's categories so that their
 * weighted totals match the targets, until every margin matches within `tolerance` (relative) — the algorithm of
 * R's `survey::rake` (postStratify on each margin in turn). Cells whose category a margin does not target must not
 * be passed (the caller leaves them out); a margin's targets must cover only categories present in the cells
 * (see `reachableMargin`). Weights are per respondent and average 1.
 */
export function rake(
  cells: readonly RakeCell[],
  margins: readonly Margin[],
  options: RakeOptions = {},
): RakeResult {
  const maxIterations = options.maxIterations ?? 200;
  const tolerance = options.tolerance ?? 1e-10;
  const size = cells.length;
  const counts = Float64Array.from(cells, (c) => c.count);
  const n = counts.reduce((sum, c) => sum + c, 0);
  const weights = new Float64Array(size).fill(1);
  if (n === 0) return { weights: [...weights], iterations: 0, converged: true };
  // Per margin: the category index of each cell, the target total of each category, and room for its totals.
  const plans = margins.map((margin, m) => {
    const slugs = Object.keys(margin);
    const index = new Map(slugs.map((slug, i) => [slug, i]));
    const of = new Int32Array(size);
    cells.forEach((c, i) => {
      const k = index.get(c.keys[m] ?? '');
      if (k === undefined) throw new Error(`Cell category "${c.keys[m]}" has no target in margin ${m}`);
      of[i] = k;
    });
    const targets = Float64Array.from(slugs, (slug) => (margin[slug] ?? 0) * n);
    return { of, targets, totals: new Float64Array(slugs.length), factors: new Float64Array(slugs.length) };
  });
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations && !converged) {
    iterations++;
    // One sweep: each margin's categories scaled to their targets in turn. Converged when no margin needed a
    // change beyond the tolerance in a whole sweep (every margin already matched its targets).
    let worst = 0;
    for (const { of, targets, totals, factors } of plans) {
      totals.fill(0);
      for (let c = 0; c < size; c++) totals[of[c]!] = totals[of[c]!]! + counts[c]! * weights[c]!;
      for (let k = 0; k < targets.length; k++) {
        const total = totals[k]!;
        const factor = total > 0 ? targets[k]! / total : 1;
        factors[k] = factor;
        worst = Math.max(worst, Math.abs(factor - 1));
      }
      for (let c = 0; c < size; c++) weights[c] = weights[c]! * factors[of[c]!]!;
    }
    converged = worst < tolerance;
  }
  return { weights: [...weights], iterations, converged };
}

/**
 * Trims weights to [lower, upper] exactly as R's `survey::trimWeights(design, upper, lower, strict = TRUE)`: the
 * weights outside are set to the bound and what was trimmed is shared equally among the respondents inside, again
 * until none is outside. Per respondent weights of cells with `counts` respondents; the total stays the same.
 */
export function trimWeights(
  weights: readonly number[],
  counts: readonly number[],
  bounds: { lower: number; upper: number },
): number[] {
  const w = [...weights];
  const size = w.length;
  const outside = new Uint8Array(size);
  for (let round = 0; round < 100; round++) {
    let trimmed = 0;
    let inside = 0;
    let any = false;
    for (let i = 0; i < size; i++) {
      const x = w[i]!;
      const out = x < bounds.lower || x > bounds.upper;
      outside[i] = out ? 1 : 0;
      if (out) {
        any = true;
        const clamped = x < bounds.lower ? bounds.lower : bounds.upper;
        trimmed += (x - clamped) * counts[i]!;
        w[i] = clamped;
      } else inside += counts[i]!;
    }
    if (!any || inside === 0) return w;
    const share = trimmed / inside;
    for (let i = 0; i < size; i++) if (!outside[i]) w[i] = w[i]! + share;
  }
  return w;
}

/** Kish's effective sample size (Σw)² / Σw² over respondents (cell weights × counts). */
export function effectiveSampleSize(weights: readonly number[], counts: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i]! * counts[i]!;
    squares += weights[i]! * weights[i]! * counts[i]!;
  }
  return squares > 0 ? (sum * sum) / squares : 0;
}

/** ± half-width of the 95 % interval on a share p from an effective sample size (normal approximation). */
export function shareInterval(p: number, nEff: number): number {
  return nEff > 0 ? INTERVAL_Z_95 * Math.sqrt((p * (1 - p)) / nEff) : 0;
}

/** ± half-width of the 95 % interval on a mean with (weighted) variance `variance`. */
export function meanInterval(variance: number, nEff: number): number {
  return nEff > 0 ? INTERVAL_Z_95 * Math.sqrt(Math.max(0, variance) / nEff) : 0;
}

/* ------------------------------------------------------------------------------------------------------------ */
/* The scheme: which respondents are weighted, in which cell, and the weighted results of a link group.          */
/* ------------------------------------------------------------------------------------------------------------ */

/** Separates the categories of a cell key: `gender|ageBracket|raceBracket|province` ('' = province not given). */
export const CELL_SEPARATOR = '|';

/** A respondent's snapshot as answers store it. */
export type WeightingSnapshot = {
  gender: string | null;
  ageBracket: string | null;
  raceBracket: string | null;
  country: string | null;
  province: string | null;
};

const inList = (list: readonly string[], value: string | null): value is string =>
  value !== null && list.includes(value);

/**
 * The weighting cell of a respondent, or null when they are outside the scheme (docs/decisions/0291): another or
 * no country; a gender, age bracket or population group the census does not count or not given. A province that is
 * not one of the nine (not asked, or prefer_not_to_say) is '' — kept, but not in the province margin. The SQL that
 * maintains the cell counters is built from the same lists (counters.queries.ts).
 */
export function weightingCellOf(s: WeightingSnapshot): string | null {
  if (s.country !== WEIGHTING_COUNTRY) return null;
  if (
    !inList(SCHEME_GENDERS, s.gender) ||
    !inList(SCHEME_AGES, s.ageBracket) ||
    !inList(SCHEME_RACES, s.raceBracket)
  )
    return null;
  const province = inList(PROVINCES, s.province) ? s.province : '';
  return [s.gender, s.ageBracket, s.raceBracket, province].join(CELL_SEPARATOR);
}

/** One maintained counter of a link group: respondents of a cell who chose an option ('#' numeric). */
export type WeightingCellRow = {
  cell: string;
  optionId: string;
  count: number;
  valueSum: number;
  valueSqSum: number;
};

type CellTotals = { keys: readonly string[]; count: number };

/** Per targets object, the categories each margin accepts in a cell key (province '' = not given). */
const acceptedOf = new WeakMap<WeightingTargets, ReadonlyArray<ReadonlySet<string>>>();
function accepted(targets: WeightingTargets): ReadonlyArray<ReadonlySet<string>> {
  let sets = acceptedOf.get(targets);
  if (!sets) {
    sets = [
      new Set(Object.keys(targets.gender)),
      new Set(Object.keys(targets.ageBracket)),
      new Set(Object.keys(targets.raceBracket)),
      new Set(['', ...Object.keys(targets.province)]),
    ];
    acceptedOf.set(targets, sets);
  }
  return sets;
}

/** Parsed cell keys per targets: at most a few hundred distinct keys exist, so each is split once per process. */
const parsedOf = new WeakMap<WeightingTargets, Map<string, readonly string[] | null>>();
const MAX_PARSED_KEYS = 10_000;

/** The categories of a cell key when each has a target (a key from an older scheme never reaches the raking). */
function schemeKeys(cell: string, targets: WeightingTargets): readonly string[] | null {
  let parsed = parsedOf.get(targets);
  if (!parsed) parsedOf.set(targets, (parsed = new Map()));
  const known = parsed.get(cell);
  if (known !== undefined) return known;
  const keys = cell.split(CELL_SEPARATOR);
  const sets = accepted(targets);
  const valid = keys.length === sets.length && keys.every((key, m) => sets[m]!.has(key));
  if (parsed.size >= MAX_PARSED_KEYS) parsed.clear();
  parsed.set(cell, valid ? keys : null);
  return valid ? keys : null;
}

/**
 * The cells with respondents (over options), split into the four margins' categories, and for each row the index
 * of its cell (-1: not a scheme cell, or nobody in it) — one pass over the rows, one split per cell.
 */
function cellsOf(
  rows: readonly WeightingCellRow[],
  targets: WeightingTargets,
): { cells: CellTotals[]; rowCell: Int32Array } {
  const index = new Map<string, number>();
  const found: CellTotals[] = [];
  const rowCell = new Int32Array(rows.length);
  let lastCell: string | undefined;
  let last = -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    // Rows come in key order (a cell's options together): most rows are the previous row's cell.
    if (row.cell !== lastCell) {
      lastCell = row.cell;
      const known = index.get(row.cell);
      if (known === undefined) {
        const keys = schemeKeys(row.cell, targets);
        last = keys ? found.push({ keys, count: 0 }) - 1 : -1;
        index.set(row.cell, last);
      } else last = known;
    }
    rowCell[i] = last;
    if (last >= 0 && row.count > 0) found[last]!.count += row.count;
  }
  // Cells whose rows are all zero are not present: renumber the others.
  const kept: CellTotals[] = [];
  const renumber = found.map((cell) => (cell.count > 0 ? kept.push(cell) - 1 : -1));
  for (let i = 0; i < rowCell.length; i++) if (rowCell[i]! >= 0) rowCell[i] = renumber[rowCell[i]!]!;
  return { cells: kept, rowCell };
}

/**
 * The four margins of the cells present: gender, age and population group reachable from the respondents; the
 * province margin among those who gave one, with those who did not ('' ) kept at their own share — applied only
 * when someone gave a province (docs/decisions/0291).
 */
export function weightingMargins(
  cells: readonly { keys: readonly string[]; count: number }[],
  targets: WeightingTargets = WEIGHTING_TARGETS,
): Margin[] {
  const present = [0, 1, 2, 3].map((m) => new Set(cells.map((c) => c.keys[m] ?? '')));
  const margins: Margin[] = [
    reachableMargin(targets.gender, present[0]!),
    reachableMargin(targets.ageBracket, present[1]!),
    reachableMargin(targets.raceBracket, present[2]!),
  ];
  const total = cells.reduce((n, c) => n + c.count, 0);
  const unknown = cells.filter((c) => c.keys[3] === '').reduce((n, c) => n + c.count, 0);
  const province = reachableMargin(targets.province, present[3]!);
  if (unknown < total && Object.keys(province).length > 0) {
    const known = 1 - unknown / total;
    const margin: Record<string, number> = {};
    for (const [slug, share] of Object.entries(province)) margin[slug] = share * known;
    if (unknown > 0) margin[''] = unknown / total;
    margins.push(margin);
  } else {
    margins.push({ '': 1 });
  }
  return margins;
}

/** Per-respondent weights of the cells: raked to the margins, then trimmed (the pipeline the R check follows). */
export function weightCells(
  cells: readonly RakeCell[],
  targets: WeightingTargets = WEIGHTING_TARGETS,
): { weights: number[]; converged: boolean } {
  const raked = rake(cells, weightingMargins(cells, targets));
  const weights = trimWeights(
    raked.weights,
    cells.map((c) => c.count),
    WEIGHT_TRIM_BOUNDS,
  );
  return { weights, converged: raked.converged };
}

export type WeighedResults = { weighted: WeightedResults | null; withheld: WeightedWithheld | null };

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * The weighted results of a link group from its cell counters (shares and their intervals to 6 decimals, an
 * average and its interval to 4): raked and trimmed weights per cell, Kish's
 * effective sample size, the weighted split (or average) and its 95 % interval. Withheld — with the reason — when
 * nobody is in the scheme or the effective sample is below MIN_EFFECTIVE_SAMPLE. `totalAnswers` is the group's
 * raw total: those not in a cell are the ones left out. Cost: cells × margins × iterations, never answers.
 */
export function weighResults(input: {
  type: 'multiple_choice' | 'numeric';
  optionCount: number;
  rows: readonly WeightingCellRow[];
  totalAnswers: number;
  targets?: WeightingTargets;
}): WeighedResults {
  const targets = input.targets ?? WEIGHTING_TARGETS;
  const { cells, rowCell } = cellsOf(input.rows, targets);
  const respondents = cells.reduce((n, c) => n + c.count, 0);
  const excluded = Math.max(0, input.totalAnswers - respondents);
  const withheld = (reason: WeightedWithheld['reason'], nEff: number): WeighedResults => ({
    weighted: null,
    withheld: {
      reason,
      effectiveSampleSize: round(nEff, 1),
      minEffectiveSample: MIN_EFFECTIVE_SAMPLE,
      respondents,
      excluded,
    },
  });
  if (respondents === 0) return withheld('no_respondents', 0);
  const { weights } = weightCells(cells, targets);
  const counts = cells.map((c) => c.count);
  const nEff = effectiveSampleSize(weights, counts);
  if (nEff < MIN_EFFECTIVE_SAMPLE) return withheld('too_few', nEff);
  const totalWeight = cells.reduce((sum, c, i) => sum + c.count * weights[i]!, 0);
  const base = {
    scheme: WEIGHTING_SCHEME,
    effectiveSampleSize: round(nEff, 1),
    respondents,
    excluded,
  };
  if (input.type === 'numeric') {
    let sum = 0;
    let squares = 0;
    input.rows.forEach((row, i) => {
      const c = rowCell[i]!;
      if (c < 0 || !(row.count > 0)) return;
      sum += weights[c]! * row.valueSum;
      squares += weights[c]! * row.valueSqSum;
    });
    const average = sum / totalWeight;
    const variance = squares / totalWeight - average * average;
    return {
      weighted: {
        ...base,
        optionShares: null,
        optionIntervals: null,
        average: round(average, 4),
        interval: round(meanInterval(variance, nEff), 4),
      },
      withheld: null,
    };
  }
  const byOption = new Map<string, number>();
  input.rows.forEach((row, i) => {
    const c = rowCell[i]!;
    if (c < 0 || !(row.count > 0)) return;
    byOption.set(row.optionId, (byOption.get(row.optionId) ?? 0) + weights[c]! * row.count);
  });
  const optionShares: Record<string, number> = {};
  const optionIntervals: Record<string, number> = {};
  let interval = 0;
  for (let i = 0; i < input.optionCount; i++) {
    const id = optionId(i);
    const share = (byOption.get(id) ?? 0) / totalWeight;
    optionShares[id] = round(share, 6);
    optionIntervals[id] = round(shareInterval(share, nEff), 6);
    interval = Math.max(interval, optionIntervals[id]);
  }
  return {
    weighted: { ...base, optionShares, optionIntervals, average: null, interval },
    withheld: null,
  };
}

/** Respondents sharing one snapshot, as the sample make-up reads them. */
export type SnapshotCount = WeightingSnapshot & { count: number };

/**
 * The make-up of a sample against the targets (the operators' view, product.md#weighted-results): per margin each
 * category's count and share beside its population share — `ratio` above 1 over-represented, below 1 under — and who
 * is left out and why. Left-out reasons: first the country (another or none); for South Africans, each margin
 * whose slug is outside the scheme counts them (one respondent may be out for two reasons). Province shares are
 * among those who gave one.
 */
export function sampleMakeup(
  rows: readonly SnapshotCount[],
  targets: WeightingTargets = WEIGHTING_TARGETS,
): Omit<SampleMakeup, 'date' | 'questionId'> {
  const leftOut: SampleMakeup['leftOut'] = { country: 0, gender: {}, ageBracket: {}, raceBracket: {} };
  const counts = {
    gender: new Map<string, number>(),
    ageBracket: new Map<string, number>(),
    raceBracket: new Map<string, number>(),
    province: new Map<string, number>(),
  };
  const add = (map: Map<string, number> | Record<string, number>, key: string, n: number) => {
    if (map instanceof Map) map.set(key, (map.get(key) ?? 0) + n);
    else map[key] = (map[key] ?? 0) + n;
  };
  let respondents = 0;
  let inScheme = 0;
  let provinceUnknown = 0;
  for (const row of rows) {
    respondents += row.count;
    if (row.country !== WEIGHTING_COUNTRY) {
      leftOut.country += row.count;
      continue;
    }
    const checks = [
      ['gender', row.gender, SCHEME_GENDERS],
      ['ageBracket', row.ageBracket, SCHEME_AGES],
      ['raceBracket', row.raceBracket, SCHEME_RACES],
    ] as const;
    let out = false;
    for (const [margin, slug, list] of checks)
      if (!inList(list, slug)) {
        add(leftOut[margin], slug ?? 'none', row.count);
        out = true;
      }
    if (out) continue;
    inScheme += row.count;
    add(counts.gender, row.gender!, row.count);
    add(counts.ageBracket, row.ageBracket!, row.count);
    add(counts.raceBracket, row.raceBracket!, row.count);
    if (inList(PROVINCES, row.province)) add(counts.province, row.province, row.count);
    else provinceUnknown += row.count;
  }
  const marginRows = (margin: Record<string, number>, found: Map<string, number>, base: number) =>
    Object.entries(margin).map(([slug, targetShare]) => {
      const count = found.get(slug) ?? 0;
      const sampleShare = base > 0 ? count / base : 0;
      return {
        slug,
        count,
        sampleShare,
        targetShare,
        ratio: targetShare > 0 ? sampleShare / targetShare : 0,
      };
    });
  return {
    scheme: WEIGHTING_SCHEME,
    respondents,
    inScheme,
    leftOut,
    margins: {
      gender: marginRows(targets.gender, counts.gender, inScheme),
      ageBracket: marginRows(targets.ageBracket, counts.ageBracket, inScheme),
      raceBracket: marginRows(targets.raceBracket, counts.raceBracket, inScheme),
      province: marginRows(targets.province, counts.province, inScheme - provinceUnknown),
    },
    provinceUnknown,
  };
}
