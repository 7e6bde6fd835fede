import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CELL_SEPARATOR,
  rake,
  weighResults,
  weightingCellOf,
  weightingMargins,
  type WeightingCellRow,
} from '../shared/src/domain/weighting';
import { PROVINCES } from '../shared/src/domain/provinces';
import { WEIGHT_TRIM_BOUNDS, WEIGHTING_TARGETS } from '../shared/src/domain/weighting-targets';

/**
 * Our raking (shared/src/domain/weighting.ts) against the reference implementation, R's `survey` package
 * (`survey::rake`, then `survey::trimWeights(strict = TRUE)`), on microdata skewed several ways: the weighted
 * shares must agree within 0.1 percentage point. Needs `Rscript` with `survey` (Debian's r-cran-survey; .ci/run
 * installs it).
 */

const hasR = spawnSync('Rscript', ['-e', 'library(survey)'], { stdio: 'ignore' }).status === 0;
const dir = mkdtempSync(join(tmpdir(), 'dt-weighting-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** mulberry32: the same microdata on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function pick<T extends string>(random: () => number, weights: Record<T, number>): T {
  const entries = Object.entries(weights) as [T, number][];
  let r = random() * entries.reduce((n, [, w]) => n + w, 0);
  for (const [key, w] of entries) if ((r -= w) <= 0) return key;
  return entries[entries.length - 1]![0];
}

type Respondent = { gender: string; age: string; race: string; province: string; answer: string };

/**
 * n South African respondents drawn from per-margin sampling weights (skews), answering opt-1..opt-3 with a
 * preference that depends on their group, so weighting moves the split.
 */
function sample(
  seed: number,
  n: number,
  skew: {
    gender?: Record<string, number>;
    age?: Record<string, number>;
    race?: Record<string, number>;
    provinceKnown?: number;
  },
): Respondent[] {
  const random = rng(seed);
  const out: Respondent[] = [];
  for (let i = 0; i < n; i++) {
    const gender = pick(random, skew.gender ?? WEIGHTING_TARGETS.gender);
    const age = pick(random, skew.age ?? WEIGHTING_TARGETS.ageBracket);
    const race = pick(random, skew.race ?? WEIGHTING_TARGETS.raceBracket);
    const province = random() < (skew.provinceKnown ?? 0.6) ? pick(random, WEIGHTING_TARGETS.province) : '';
    const lean =
      (race === 'black' ? 0.5 : race === 'white' ? -0.6 : 0) +
      (age === '18-24' ? 0.3 : age === '45+' ? -0.3 : 0) +
      (gender === 'female' ? 0.1 : 0) +
      (province === 'gauteng' ? 0.2 : 0);
    const answer = pick(random, { 'opt-1': Math.exp(lean), 'opt-2': 1, 'opt-3': Math.exp(-lean) });
    out.push({ gender, age, race, province, answer });
  }
  return out;
}

/** Our cell rows of the respondents, through the same cell rule the counters use. */
function cellRows(respondents: readonly Respondent[]): WeightingCellRow[] {
  const rows = new Map<string, WeightingCellRow>();
  for (const r of respondents) {
    const cell = weightingCellOf({
      gender: r.gender,
      ageBracket: r.age,
      raceBracket: r.race,
      country: 'South Africa',
      province: r.province || null,
    });
    if (cell === null) continue;
    const key = `${cell}#${r.answer}`;
    const row = rows.get(key) ?? { cell, optionId: r.answer, count: 0, valueSum: 0, valueSqSum: 0 };
    row.count++;
    rows.set(key, row);
  }
  return [...rows.values()];
}

const MARGIN_NAMES = ['gender', 'age', 'race', 'province'] as const;
const rCategory = (slug: string) => (slug === '' ? 'none' : slug);

/** Runs the R reference on the respondents with our margins (as population counts): shares per stage. */
function reference(respondents: readonly Respondent[]): {
  raked: Record<string, number>;
  trimmed: Record<string, number>;
} {
  const cells = new Map<string, number>();
  for (const r of respondents) {
    const key = [r.gender, r.age, r.race, r.province].join(CELL_SEPARATOR);
    cells.set(key, (cells.get(key) ?? 0) + 1);
  }
  const margins = weightingMargins(
    [...cells].map(([key, count]) => ({ keys: key.split(CELL_SEPARATOR), count })),
  );
  const n = respondents.length;
  const marginLines = margins.flatMap((margin, m) =>
    Object.keys(margin).length < 2
      ? []
      : Object.entries(margin).map(([slug, share]) => `${MARGIN_NAMES[m]},${rCategory(slug)},${share * n}`),
  );
  const micro = join(dir, `micro-${Math.random().toString(36).slice(2)}.csv`);
  const marginFile = `${micro}.margins.csv`;
  writeFileSync(
    micro,
    [
      'gender,age,race,province,answer',
      ...respondents.map((r) => [r.gender, r.age, r.race, rCategory(r.province), r.answer].join(',')),
    ].join('\n'),
  );
  writeFileSync(marginFile, ['margin,category,freq', ...marginLines].join('\n'));
  const out = execFileSync(
    'Rscript',
    [
      '--vanilla',
      join(import.meta.dirname, 'weighting-reference.R'),
      micro,
      marginFile,
      String(WEIGHT_TRIM_BOUNDS.lower),
      String(WEIGHT_TRIM_BOUNDS.upper),
    ],
    { encoding: 'utf8' },
  );
  const result = { raked: {} as Record<string, number>, trimmed: {} as Record<string, number> };
  for (const line of out.trim().split('\n')) {
    const [stage, option, share] = line.split(',');
    result[stage as 'raked' | 'trimmed'][option!] = Number(share);
  }
  return result;
}

/** Our shares: raking alone, and the whole pipeline (raking, trimming) as results show it. */
function ours(respondents: readonly Respondent[]) {
  const rows = cellRows(respondents);
  const full = weighResults({
    type: 'multiple_choice',
    optionCount: 3,
    rows,
    totalAnswers: respondents.length,
  });
  const cellKeys = [...new Set(rows.map((r) => r.cell))];
  const cells = cellKeys.map((cell) => ({
    keys: cell.split(CELL_SEPARATOR),
    count: rows.filter((r) => r.cell === cell).reduce((n, r) => n + r.count, 0),
  }));
  const { weights } = rake(cells, weightingMargins(cells));
  const weightOf = new Map(cellKeys.map((cell, i) => [cell, weights[i]!]));
  const total = rows.reduce((n, r) => n + r.count * weightOf.get(r.cell)!, 0);
  const raked: Record<string, number> = {};
  for (const r of rows)
    raked[r.optionId] = (raked[r.optionId] ?? 0) + (r.count * weightOf.get(r.cell)!) / total;
  return { raked, trimmed: full.weighted!.optionShares! };
}

const PP = 0.001; // 0.1 percentage point

describe.skipIf(!hasR)('raking agrees with R survey::rake and trimWeights within 0.1 pp', () => {
  const cases: Array<[string, Respondent[]]> = [
    [
      'a mildly skewed sample, provinces partly known',
      sample(1, 1500, {
        gender: { male: 0.35, female: 0.65 },
        age: { '18-24': 0.4, '25-34': 0.35, '35-44': 0.15, '45+': 0.1 },
      }),
    ],
    [
      'one group 10× over-represented (Indian/Asian 27 % against 2.7 %)',
      sample(2, 2000, { race: { black: 0.55, coloured: 0.08, white: 0.095, indian: 0.27, other: 0.005 } }),
    ],
    [
      'an empty margin category (no one aged 18–24, no "Other" population group)',
      sample(3, 1200, {
        age: { '18-24': 0, '25-34': 0.5, '35-44': 0.3, '45+': 0.2 },
        race: { black: 0.7, coloured: 0.1, white: 0.15, indian: 0.05, other: 0 },
      }),
    ],
    [
      'every margin skewed and small, provinces mostly known',
      sample(4, 400, {
        gender: { male: 0.7, female: 0.3 },
        age: { '18-24': 0.5, '25-34': 0.3, '35-44': 0.1, '45+': 0.1 },
        race: { black: 0.4, coloured: 0.2, white: 0.3, indian: 0.08, other: 0.02 },
        provinceKnown: 0.9,
      }),
    ],
  ];
  it.each(cases)('%s', (_name, respondents) => {
    const r = reference(respondents);
    const o = ours(respondents);
    for (const option of ['opt-1', 'opt-2', 'opt-3']) {
      expect(Math.abs((o.raked[option] ?? 0) - (r.raked[option] ?? 0)), `raked ${option}`).toBeLessThan(PP);
      expect(Math.abs((o.trimmed[option] ?? 0) - (r.trimmed[option] ?? 0)), `trimmed ${option}`).toBeLessThan(
        PP,
      );
    }
  });

  it('covers every province in at least one sample', () => {
    const seen = new Set(cases.flatMap(([, rs]) => rs.map((r) => r.province)));
    for (const p of PROVINCES) expect(seen.has(p), p).toBe(true);
  });
});
