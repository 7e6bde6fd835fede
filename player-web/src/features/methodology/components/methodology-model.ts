import type { Methodology } from '@daily-tea/shared/contracts/weighting';
import { AGE_LABELS, GENDER_LABELS, RACE_LABELS } from '@daily-tea/shared/domain/profile';
import { PROVINCE_LABELS } from '@daily-tea/shared/domain/provinces';

/*
 * View model of /methodology: the targets of GET /api/methodology as the tables the page draws. Pure, so the
 * labels and rounding are tested without a DOM.
 */

export type TargetRow = { slug: string; label: string; share: number; percent: string };
export type TargetTable = { dimension: string; title: string; rows: TargetRow[] };

const DIMENSION_TITLES: Record<string, string> = {
  gender: 'Gender',
  ageBracket: 'Age',
  raceBracket: 'Population group',
  province: 'Province',
};

const SLUG_LABELS: Record<string, Record<string, string>> = {
  gender: GENDER_LABELS,
  ageBracket: AGE_LABELS,
  raceBracket: { ...RACE_LABELS, black: 'Black African', indian: 'Indian/Asian' },
  province: PROVINCE_LABELS,
};

/** The profile's label for a slug (the census's names for population groups); else the slug in words. */
export function slugLabel(dimension: string, slug: string): string {
  const known = SLUG_LABELS[dimension]?.[slug];
  if (known) return known;
  return slug
    .split(/[_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A population share as the page writes it: 0.5123 → "51.2%". */
export function sharePercent(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

/** One table per weighted dimension, in the contract's order, each group largest first. */
export function targetTables(targets: Methodology['targets']): TargetTable[] {
  return Object.entries(targets).flatMap(([dimension, shares]) => {
    const rows = Object.entries(shares)
      .map(([slug, share]) => ({
        slug,
        label: slugLabel(dimension, slug),
        share,
        percent: sharePercent(share),
      }))
      .sort((a, b) => b.share - a.share);
    return rows.length > 0
      ? [{ dimension, title: DIMENSION_TITLES[dimension] ?? slugLabel('', dimension), rows }]
      : [];
  });
}

/** Which margins a source supplies, in words: "gender and age". */
export function marginsText(margins: readonly string[]): string {
  return listText(margins.map((m) => (DIMENSION_TITLES[m] ?? m).toLowerCase()));
}

/** "a", "a and b", "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** The trim bounds in words: "between 0.2 and 5 times the average weight". */
export function trimText(bounds: Methodology['trimBounds']): string {
  return `between ${bounds.lower} and ${bounds.upper} times the average weight`;
}
