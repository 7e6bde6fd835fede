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
  const n = cells.reduce((sum, c) => sum + c.count, 0);
  const weights = cells.map(() => 1);
  if (n === 0) return { weights, iterations: 0, converged: true };
  // Per margin: the category index of each cell and the target total of each category.
  const plans = margins.map((margin, m) => {
    const slugs = Object.keys(margin);
    const index = new Map(slugs.map((slug, i) => [slug, i]));
    const of = cells.map((c) => {
      const i = index.get(c.keys[m] ?? '');
      if (i === undefined) throw new Error(`Cell category "${c.keys[m]}" has no target in margin ${m}`);
      return i;
    });
    return {
      of,
      targets: slugs.map((slug) => (margin[slug] ?? 0) * n),
      totals: new Float64Array(slugs.length),
    };
  });
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations++;
    for (const plan of plans) {
      plan.totals.fill(0);
      for (let c = 0; c < cells.length; c++) addTo(plan.totals, plan.of[c]!, cells[c]!.count * weights[c]!);
      for (let c = 0; c < cells.length; c++) {
        const k = plan.of[c]!;
        const total = plan.totals[k]!;
        if (total > 0) weights[c] = weights[c]! * (plan.targets[k]! / total);
      }
    }
    // Converged when every margin's totals match its targets after the sweep.
    let worst = 0;
    for (const plan of plans) {
      plan.totals.fill(0);
      for (let c = 0; c < cells.length; c++) addTo(plan.totals, plan.of[c]!, cells[c]!.count * weights[c]!);
      for (let k = 0; k < plan.targets.length; k++) {
        const target = plan.targets[k]!;
        if (target > 0) worst = Math.max(worst, Math.abs(plan.totals[k]! / target - 1));
      }
    }
    if (worst < tolerance) {
      converged = true;
      break;
    }
  }
  return { weights, iterations, converged };
}

function addTo(totals: Float64Array, index: number, value: number): void {
  totals[index] = totals[index]! + value;
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
  let w = [...weights];
  for (let round = 0; round < 100; round++) {
    let trimmed = 0;
    let inside = 0;
    const outside = w.map((x) => x < bounds.lower || x > bounds.upper);
    if (!outside.some(Boolean)) return w;
    const next = w.map((x, i) => {
      const clamped = Math.max(bounds.lower, Math.min(x, bounds.upper));
      trimmed += (x - clamped) * counts[i]!;
      if (!outside[i]) inside += counts[i]!;
      return clamped;
    });
    if (inside === 0) return next;
    const share = trimmed / inside;
    w = next.map((x, i) => (outside[i] ? x : x + share));
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
