import { describe, expect, it } from 'vitest';
import {
  effectiveSampleSize,
  rake,
  sampleMakeup,
  reachableMargin,
  shareInterval,
  trimWeights,
  weighResults,
  weightingCellOf,
  type WeightingCellRow,
} from './weighting';
import { MIN_EFFECTIVE_SAMPLE, WEIGHT_TRIM_BOUNDS, WEIGHTING_TARGETS } from './weighting-targets';

const SA = 'South Africa';

describe('rake', () => {
  it('reaches every margin and reproduces the product weights of independent margins', () => {
    // 2 × 2 sample: men 75 % of it (target 50 %), young 40 % (target 20 %).
    const cells = [
      { keys: ['m', 'y'], count: 30 },
      { keys: ['m', 'o'], count: 45 },
      { keys: ['f', 'y'], count: 10 },
      { keys: ['f', 'o'], count: 15 },
    ];
    const { weights, converged } = rake(cells, [
      { m: 0.5, f: 0.5 },
      { y: 0.2, o: 0.8 },
    ]);
    expect(converged).toBe(true);
    const total = (pick: (keys: readonly string[]) => boolean) =>
      cells.reduce((n, c, i) => n + (pick(c.keys) ? c.count * weights[i]! : 0), 0);
    expect(total((k) => k[0] === 'm') / 100).toBeCloseTo(0.5, 9);
    expect(total((k) => k[1] === 'y') / 100).toBeCloseTo(0.2, 9);
    // The sample is independent (30/45 = 10/15), so raking equals the product of the margins' ratios.
    expect(weights[0]).toBeCloseTo((0.5 / 0.75) * (0.2 / 0.4), 9);
    expect(weights[3]).toBeCloseTo((0.5 / 0.25) * (0.8 / 0.6), 9);
  });

  it('refuses a cell whose category has no target', () => {
    expect(() => rake([{ keys: ['x'], count: 1 }], [{ m: 1 }])).toThrow(/no target/);
  });
});

describe('reachableMargin', () => {
  it('drops categories nobody is in and scales the others back to 1', () => {
    expect(reachableMargin({ a: 0.5, b: 0.3, c: 0.2 }, new Set(['a', 'c']))).toEqual({
      a: 0.5 / 0.7,
      c: 0.2 / 0.7,
    });
  });
});

describe('trimWeights', () => {
  it('sets weights outside the bounds to them and shares what was trimmed equally, like survey::trimWeights', () => {
    // One respondent at 8 (above 5): trimmed by 3, shared among the 4 inside (+0.75 each).
    const out = trimWeights([8, 1, 1, 0.5], [1, 2, 1, 1], { lower: 0.2, upper: 5 });
    expect(out).toEqual([5, 1.75, 1.75, 1.25]);
    const total = (w: number[]) => w[0]! * 1 + w[1]! * 2 + w[2]! * 1 + w[3]! * 1;
    expect(total(out)).toBeCloseTo(total([8, 1, 1, 0.5]), 12);
  });

  it('repeats until no weight is outside', () => {
    const before = [12, 0.05, 0.05, 1, 1, 1, 1, 1, 1, 1];
    const out = trimWeights(
      before,
      before.map(() => 1),
      WEIGHT_TRIM_BOUNDS,
    );
    for (const w of out) {
      expect(w).toBeGreaterThanOrEqual(WEIGHT_TRIM_BOUNDS.lower);
      expect(w).toBeLessThanOrEqual(WEIGHT_TRIM_BOUNDS.upper);
    }
    expect(out.reduce((a, b) => a + b, 0)).toBeCloseTo(19.1, 12);
  });
});

describe('effective sample size and interval', () => {
  it('is n for equal weights and (Σw)²/Σw² otherwise', () => {
    expect(effectiveSampleSize([1, 1], [60, 40])).toBe(100);
    // 50 at weight 2 and 50 at weight 0.5: (125)² / (200 + 12.5) = 73.53
    expect(effectiveSampleSize([2, 0.5], [50, 50])).toBeCloseTo(15625 / 212.5, 9);
  });

  it('gives the 95 % half-width from n_eff', () => {
    expect(shareInterval(0.5, 100)).toBeCloseTo(0.098, 3);
    expect(shareInterval(0.5, 400)).toBeCloseTo(0.049, 3);
    expect(shareInterval(0.3, 0)).toBe(0);
  });
});

describe('weightingCellOf', () => {
  const base = {
    gender: 'female',
    ageBracket: '25-34',
    raceBracket: 'black',
    country: SA,
    province: 'gauteng',
  };
  it('places South Africans with census categories in a cell, with or without a province', () => {
    expect(weightingCellOf(base)).toBe('female|25-34|black|gauteng');
    expect(weightingCellOf({ ...base, province: null })).toBe('female|25-34|black|');
    expect(weightingCellOf({ ...base, province: 'prefer_not_to_say' })).toBe('female|25-34|black|');
    expect(weightingCellOf({ ...base, raceBracket: 'other' })).toBe('female|25-34|other|gauteng');
  });

  it('leaves out another or no country, prefer not to say and categories the census lacks', () => {
    for (const change of [
      { country: 'Kenya' },
      { country: null },
      { gender: 'prefer_not_to_say' },
      { gender: 'non_binary' },
      { gender: 'transgender' },
      { gender: 'other' },
      { gender: null },
      { ageBracket: 'prefer_not_to_say' },
      { raceBracket: 'prefer_not_to_say' },
      { raceBracket: 'mixed_race' },
    ])
      expect(weightingCellOf({ ...base, ...change }), JSON.stringify(change)).toBeNull();
  });
});

/** Cell rows of a multiple-choice question from per-cell counts of [opt-1, opt-2]. */
function mcRows(cells: Record<string, [number, number]>): WeightingCellRow[] {
  return Object.entries(cells).flatMap(([cell, counts]) =>
    counts.map((count, i) => ({ cell, optionId: `opt-${i + 1}`, count, valueSum: 0, valueSqSum: 0 })),
  );
}

describe('weighResults', () => {
  it('corrects an over-represented group towards the population, and says who was left out', () => {
    // White respondents (7.3 % of the targets) are half the sample and mostly choose opt-1; Black respondents
    // mostly choose opt-2. Raw: opt-1 = 55 %. Weighted, Black respondents carry ~81 % of the weight.
    const rows = mcRows({
      'female|25-34|white|': [90, 10],
      'male|25-34|white|': [90, 10],
      'female|25-34|black|': [20, 80],
      'male|25-34|black|': [20, 80],
    });
    const { weighted, withheld } = weighResults({
      type: 'multiple_choice',
      optionCount: 2,
      rows,
      totalAnswers: 430,
    });
    expect(withheld).toBeNull();
    const shares = weighted!.optionShares!;
    expect(shares['opt-1']! + shares['opt-2']!).toBeCloseTo(1, 12);
    const black =
      WEIGHTING_TARGETS.raceBracket.black /
      (WEIGHTING_TARGETS.raceBracket.black + WEIGHTING_TARGETS.raceBracket.white);
    // Trimming binds (white weights fall under 0.2), so the correction is large but not complete.
    expect(shares['opt-1']).toBeLessThan(0.35);
    expect(shares['opt-1']).toBeGreaterThan(0.9 * (1 - black) + 0.2 * black - 0.001);
    expect(weighted!.respondents).toBe(400);
    expect(weighted!.excluded).toBe(30);
    expect(weighted!.effectiveSampleSize).toBeLessThan(400);
    expect(weighted!.interval).toBeCloseTo(shareInterval(shares['opt-1']!, weighted!.effectiveSampleSize), 3);
    expect(weighted!.average).toBeNull();
  });

  it('withholds the figure below the effective sample threshold, and with nobody in the scheme', () => {
    const few = weighResults({
      type: 'multiple_choice',
      optionCount: 2,
      rows: mcRows({ 'female|25-34|black|': [3, 2] }),
      totalAnswers: 9,
    });
    expect(few).toEqual({
      weighted: null,
      withheld: {
        reason: 'too_few',
        effectiveSampleSize: 5,
        minEffectiveSample: MIN_EFFECTIVE_SAMPLE,
        respondents: 5,
        excluded: 4,
      },
    });
    expect(
      weighResults({ type: 'numeric', optionCount: 0, rows: [], totalAnswers: 3 }).withheld,
    ).toMatchObject({
      reason: 'no_respondents',
      respondents: 0,
      excluded: 3,
    });
  });

  it('weights the average of a numeric question and gives its interval in the unit', () => {
    // Two equal-sized cells, one over-represented 3 : 1 against equal gender targets.
    const rows: WeightingCellRow[] = [
      { cell: 'male|25-34|black|', optionId: '#', count: 60, valueSum: 60 * 10, valueSqSum: 60 * 100 },
      { cell: 'female|25-34|black|', optionId: '#', count: 20, valueSum: 20 * 20, valueSqSum: 20 * 400 },
    ];
    const { weighted } = weighResults({ type: 'numeric', optionCount: 0, rows, totalAnswers: 80 });
    const male = WEIGHTING_TARGETS.gender.male;
    expect(weighted!.average).toBeCloseTo(10 * male + 20 * (1 - male), 3);
    const variance = 100 * male + 400 * (1 - male) - weighted!.average! ** 2;
    expect(weighted!.interval).toBeCloseTo(1.96 * Math.sqrt(variance / weighted!.effectiveSampleSize), 2);
    expect(weighted!.optionShares).toBeNull();
  });

  it('applies the province margin to those who gave one and keeps the others at their share', () => {
    const rows = mcRows({
      'female|25-34|black|gauteng': [30, 10],
      'female|25-34|black|limpopo': [10, 30],
      'female|25-34|black|': [20, 20],
    });
    const { weighted } = weighResults({ type: 'multiple_choice', optionCount: 2, rows, totalAnswers: 120 });
    const t = WEIGHTING_TARGETS.province;
    const gp = t.gauteng / (t.gauteng + t.limpopo);
    // Known (2/3 of the weight) split Gauteng : Limpopo as the census; unknown keeps 1/3 at 50 %.
    expect(weighted!.optionShares!['opt-1']).toBeCloseTo(
      (2 / 3) * (0.75 * gp + 0.25 * (1 - gp)) + (1 / 3) * 0.5,
      5,
    );
  });
});

describe('sampleMakeup', () => {
  it('sets each category against its target and says who is left out and why', () => {
    const sa = {
      country: SA,
      gender: 'female',
      ageBracket: '25-34',
      raceBracket: 'white',
      province: 'gauteng',
    };
    const makeup = sampleMakeup([
      { ...sa, count: 6 },
      { ...sa, raceBracket: 'black', province: null, count: 4 },
      { ...sa, gender: 'non_binary', raceBracket: 'mixed_race', count: 2 },
      { ...sa, country: 'Kenya', count: 3 },
    ]);
    expect(makeup).toMatchObject({ respondents: 15, inScheme: 10, provinceUnknown: 4 });
    expect(makeup.leftOut).toEqual({
      country: 3,
      gender: { non_binary: 2 },
      ageBracket: {},
      raceBracket: { mixed_race: 2 },
    });
    const white = makeup.margins.raceBracket.find((r) => r.slug === 'white')!;
    expect(white).toEqual({
      slug: 'white',
      count: 6,
      sampleShare: 0.6,
      targetShare: WEIGHTING_TARGETS.raceBracket.white,
      ratio: 0.6 / WEIGHTING_TARGETS.raceBracket.white,
    });
    // Province shares among the 6 who gave one.
    expect(makeup.margins.province.find((r) => r.slug === 'gauteng')!.sampleShare).toBe(1);
    expect(makeup.margins.gender.find((r) => r.slug === 'male')).toMatchObject({ count: 0, ratio: 0 });
  });
});
