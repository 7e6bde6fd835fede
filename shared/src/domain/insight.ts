import {
  AGE_BREAKDOWN_MIN_ANSWERS,
  BREAKDOWN_MIN_GROUPS,
  GENDER_BREAKDOWN_MIN_ANSWERS,
  INSIGHT_MIN_ANSWERS,
  MARGIN_OF_ERROR_MIN_N,
  RACE_BREAKDOWN_MIN_ANSWERS,
} from './constants';

/** Community insight band by share of people who chose the user's option (product.md#limits). */
export type InsightBand = 'clear_majority' | 'popular' | 'solid_group' | 'minority' | 'unique';

/** A community insight line for a results card. */
export type CommunityInsight = { band: InsightBand; title: string; text: string };

/** Insight for the share (0–100) choosing the user's option; null with 1 answer or fewer. */
export function communityInsight(sharePercent: number, totalAnswers: number): CommunityInsight | null {
  if (totalAnswers < INSIGHT_MIN_ANSWERS) return null;
  const pct = Math.round(sharePercent);
  if (sharePercent > 70) {
    return {
      band: 'clear_majority',
      title: "You're with the clear majority",
      text: `${pct}% of the community chose the same answer as you. Great minds think alike!`,
    };
  }
  if (sharePercent >= 50) {
    return {
      band: 'popular',
      title: 'You picked the popular choice',
      text: `${pct}% of the community agrees with you.`,
    };
  }
  if (sharePercent >= 30) {
    return {
      band: 'solid_group',
      title: "You're in good company",
      text: `A solid group of ${pct}% shares your view.`,
    };
  }
  if (sharePercent >= 15) {
    return {
      band: 'minority',
      title: "You're in the minority, but not alone",
      text: `${pct}% of the community sees it your way.`,
    };
  }
  return {
    band: 'unique',
    title: 'You have a unique take',
    text: `Only ${pct}% chose the same answer. You think for yourself!`,
  };
}

/** Gender breakdown shows with at least 3 answers and at least 2 of male/female/other with data. */
export function genderBreakdownAvailable(total: number, groupsWithData: number): boolean {
  return total >= GENDER_BREAKDOWN_MIN_ANSWERS && groupsWithData >= BREAKDOWN_MIN_GROUPS;
}

/** Age breakdown shows with at least 5 answers and at least 2 age groups with data. */
export function ageBreakdownAvailable(total: number, groupsWithData: number): boolean {
  return total >= AGE_BREAKDOWN_MIN_ANSWERS && groupsWithData >= BREAKDOWN_MIN_GROUPS;
}

/** Race/ethnicity breakdown shows with at least 5 answers and at least 2 groups with data. */
export function raceBreakdownAvailable(total: number, groupsWithData: number): boolean {
  return total >= RACE_BREAKDOWN_MIN_ANSWERS && groupsWithData >= BREAKDOWN_MIN_GROUPS;
}

/** 95% margin of error in percentage points (1 decimal) for a share of n answers; null below n = 30. */
export function marginOfError95(sharePercent: number, n: number): number | null {
  if (!(n >= MARGIN_OF_ERROR_MIN_N)) return null;
  const p = Math.min(1, Math.max(0, sharePercent / 100));
  return Math.round(1.96 * Math.sqrt((p * (1 - p)) / n) * 1000) / 10;
}
