import type { SampleMakeup } from '../../../contracts/weighting';
import { AGE_LABELS, GENDER_LABELS, RACE_LABELS } from '../../../domain/profile';
import { PROVINCE_LABELS } from '../../../domain/provinces';

/*
 * View model of the sample make-up panel (docs/decisions/0299-sample-makeup-panel.md): each margin's groups against
 * their targets, marked over- or under-represented, and who was left out. Pure.
 */

/** Within these ratios of its target a group reads "about right"; beyond, over- or under-represented. */
export const REPRESENTATION_BAND = { under: 0.8, over: 1.25 } as const;

export type Representation = 'over' | 'under' | 'even';

export type MakeupRow = {
  slug: string;
  label: string;
  count: number;
  samplePct: number;
  targetPct: number;
  ratio: number;
  representation: Representation;
};

export type MakeupMargin = {
  margin: keyof SampleMakeup['margins'];
  title: string;
  rows: MakeupRow[];
  /** Respondents not counted in this margin, by slug (labelled), e.g. "Prefer not to say: 4". */
  leftOut: { label: string; count: number }[];
};

const TITLES: Record<keyof SampleMakeup['margins'], string> = {
  gender: 'Gender',
  ageBracket: 'Age',
  raceBracket: 'Population group',
  province: 'Province',
};

const LABELS: Record<string, Record<string, string>> = {
  gender: GENDER_LABELS,
  ageBracket: AGE_LABELS,
  raceBracket: { ...RACE_LABELS, black: 'Black African', indian: 'Indian/Asian' },
  province: PROVINCE_LABELS,
};

function label(margin: string, slug: string): string {
  if (slug === 'none') return 'Not answered';
  return LABELS[margin]?.[slug] ?? slug.replace(/_/g, ' ');
}

export function representation(ratio: number, count: number, targetShare: number): Representation {
  if (targetShare <= 0) return 'even';
  if (count === 0 || ratio < REPRESENTATION_BAND.under) return 'under';
  return ratio > REPRESENTATION_BAND.over ? 'over' : 'even';
}

const pct = (share: number) => Math.round(share * 1000) / 10;

/** The four margins in order, each group with its sample and target shares (percent, one decimal). */
export function makeupMargins(makeup: SampleMakeup): MakeupMargin[] {
  return (Object.keys(TITLES) as (keyof SampleMakeup['margins'])[]).map((margin) => {
    const leftOutMap: Record<string, number> =
      margin === 'province' ? { none: makeup.provinceUnknown } : makeup.leftOut[margin];
    return {
      margin,
      title: TITLES[margin],
      rows: makeup.margins[margin].map((row) => ({
        slug: row.slug,
        label: label(margin, row.slug),
        count: row.count,
        samplePct: pct(row.sampleShare),
        targetPct: pct(row.targetShare),
        ratio: row.ratio,
        representation: representation(row.ratio, row.count, row.targetShare),
      })),
      leftOut: Object.entries(leftOutMap)
        .filter(([, count]) => count > 0)
        .map(([slug, count]) => ({ label: label(margin, slug), count })),
    };
  });
}

/** The groups furthest under their target (ratio below the band), most under first: whom to reach. */
export function mostUnder(margins: readonly MakeupMargin[], limit = 3): MakeupRow[] {
  return margins
    .flatMap((m) => m.rows)
    .filter((r) => r.representation === 'under')
    .sort((a, b) => a.ratio - b.ratio)
    .slice(0, limit);
}
