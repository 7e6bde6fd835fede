import type { DailyQuestion, QuestionResults } from '@daily-tea/shared/contracts/daily';
import {
  ageBreakdownAvailable,
  genderBreakdownAvailable,
  marginOfError95,
  raceBreakdownAvailable,
} from '@daily-tea/shared/domain/insight';
import { AGE_BRACKETS, AGE_LABELS, RACE_BRACKETS, RACE_LABELS } from '@daily-tea/shared/domain/profile';
import {
  barHeightPercent,
  barLabel,
  normalizeOptionId,
  optionId,
  optionText,
  percent,
  sameAsYouShare,
} from '@daily-tea/shared/domain/results';
import { formatWithUnit } from '@daily-tea/shared/domain/units';

/*
 * View model of the results screen: turns a question and its results response into the numbers the
 * cards draw. Pure, so the rules (rounding, bar floors, thresholds, margin of error) stay testable
 * without a DOM.
 */

/** One option of a multiple-choice question as drawn in the community bars. */
export type OptionBar = {
  id: string;
  text: string;
  /** First three words, "…" when cut (product.md#screens bar label). */
  label: string;
  /** Emoji shown with the option, if the question has one. */
  icon: string | null;
  count: number;
  /** Rounded share of all answers. */
  pct: number;
  /** Visible height: 8% floor above zero, 2% at zero. */
  height: number;
  isUser: boolean;
};

/** The user's choice in canonical opt-N form, or null (numeric question or no answer). */
export function userOptionIdOf(question: DailyQuestion, results: QuestionResults | undefined): string | null {
  const selected = question.userAnswer?.selectedOptionId ?? results?.userAnswer?.selectedOptionId ?? null;
  if (selected === null) return null;
  return normalizeOptionId(question.options, selected) ?? selected;
}

/** The user's numeric answer, or null. */
export function userNumericOf(question: DailyQuestion, results: QuestionResults | undefined): number | null {
  return question.userAnswer?.numericValue ?? results?.userAnswer?.numericValue ?? null;
}

export function optionBars(
  question: DailyQuestion,
  results: QuestionResults,
  userOptionId: string | null,
): OptionBar[] {
  return question.options.map((option, index) => {
    const id = optionId(index);
    const text = optionText(option);
    const count = results.optionCounts[id] ?? 0;
    const pct = percent(count, results.totalAnswers);
    return {
      id,
      text,
      label: barLabel(text),
      icon: typeof option === 'string' ? null : (option.icon ?? null),
      count,
      pct,
      height: barHeightPercent(pct),
      isUser: id === userOptionId,
    };
  });
}

/**
 * A number as en-GB writes it ("1,090,516", "12.5"), with `minFraction`..`maxFraction` decimals, rounded half
 * away from zero as Intl does (a negative that rounds to zero reads "0", not Intl's "-0"). Written out rather than through Intl: the results screen prints a few hundred
 * numbers, `toLocaleString` builds a formatter per call, and even the first cached Intl formatter of a page
 * costs a phone a noticeable pause. The e2e suite checks it against Intl.
 */
export function formatNumber(value: number, minFraction = 0, maxFraction = 3): string {
  if (!Number.isFinite(value)) return value.toLocaleString('en-GB');
  const factor = 10 ** maxFraction;
  // toPrecision(15) undoes binary noise (274.835 × 100 = 27483.499…) so halves round as the decimal reads.
  const scaled = Math.round(Number((Math.abs(value) * factor).toPrecision(15)));
  const whole = String(Math.floor(scaled / factor));
  let fraction =
    maxFraction > 0
      ? String(scaled % factor)
          .padStart(maxFraction, '0')
          .replace(/0+$/, '')
      : '';
  while (fraction.length < minFraction) fraction += '0';
  const sign = value < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** A count as en-GB writes it: "1,090,516". */
export function formatCount(count: number): string {
  return formatNumber(count);
}

/** "1 response" / "n responses" (and the same for any noun with a plain -s plural). */
export function plural(count: number, noun: string): string {
  return `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** A number with at most one decimal and its unit: "12.5 hours", "1 hour", "3 kg", "7" (ADR 0125). */
export function withUnit(value: number, unit: string | null, decimals = 1): string {
  return formatWithUnit(value, unit, (v) => formatNumber(v, 0, decimals));
}

/** Average to exactly one decimal (product.md#limits), with the unit: "1.0 hours" keeps the plural. */
export function averageText(value: number, unit: string | null): string {
  return formatWithUnit(value, unit, (v) => formatNumber(v, 1, 1));
}

/**
 * Sampling precision of the user's option share: ±points at 95% confidence, shown only from 30
 * answers up (below that the normal approximation promises more than the data holds).
 */
export function userShareMargin(bars: readonly OptionBar[], totalAnswers: number): number | null {
  const mine = bars.find((b) => b.isUser);
  if (!mine) return null;
  return marginOfError95((mine.count / Math.max(1, totalAnswers)) * 100, totalAnswers);
}

export type DemographicDimension = 'gender' | 'age' | 'race';

export type GroupBreakdown = {
  key: string;
  label: string;
  total: number;
  /** Per-option rounded shares within the group (multiple choice only). */
  bars: {
    id: string;
    label: string;
    text: string;
    count: number;
    pct: number;
    height: number;
    isUser: boolean;
  }[];
  /** Share of the group that chose what the user chose; null for numeric questions or no choice. */
  sameAsYou: number | null;
};

export type DemographicSection = {
  dimension: DemographicDimension;
  title: string;
  /** Answers with a known value in this dimension. */
  total: number;
  available: boolean;
  groups: GroupBreakdown[];
};

const GENDER_GROUPS: readonly { key: string; label: string }[] = [
  { key: 'male', label: 'Male' },
  { key: 'female', label: 'Female' },
  { key: 'other', label: 'Other genders' },
];
const AGE_GROUPS = AGE_BRACKETS.map((a) => ({
  key: `age_${a}`,
  label: a === 'prefer_not_to_say' ? 'Age not given' : AGE_LABELS[a],
}));
const RACE_GROUPS = RACE_BRACKETS.map((r) => ({ key: `race_${r}`, label: RACE_LABELS[r] }));

const DIMENSIONS: readonly {
  dimension: DemographicDimension;
  title: string;
  groups: readonly { key: string; label: string }[];
  available: (total: number, groupsWithData: number) => boolean;
}[] = [
  { dimension: 'gender', title: 'By Gender', groups: GENDER_GROUPS, available: genderBreakdownAvailable },
  { dimension: 'age', title: 'By Age', groups: AGE_GROUPS, available: ageBreakdownAvailable },
  { dimension: 'race', title: 'By Race/Ethnicity', groups: RACE_GROUPS, available: raceBreakdownAvailable },
];

const sum = (counts: Readonly<Record<string, number>>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * Gender, age and race sections. A section is available under the product.md#limits thresholds, counted on the
 * answers that carry a value for that dimension (stricter than the question total: answers without
 * a gender say nothing about gender). Only groups with data are listed.
 */
export function demographicSections(
  question: DailyQuestion,
  results: QuestionResults,
  userOptionId: string | null,
): DemographicSection[] {
  const isChoice = question.type === 'multiple_choice';
  return DIMENSIONS.map(({ dimension, title, groups, available }) => {
    const withData = groups
      .map(({ key, label }) => ({ key, label, counts: results.demographicBreakdown[key] ?? {} }))
      .map((g) => ({ ...g, total: sum(g.counts) }))
      .filter((g) => g.total > 0);
    const total = withData.reduce((a, g) => a + g.total, 0);
    return {
      dimension,
      title,
      total,
      available: available(total, withData.length),
      groups: withData.map((g) => ({
        key: g.key,
        label: g.label,
        total: g.total,
        bars: isChoice
          ? question.options.map((option, index) => {
              const id = optionId(index);
              const count = g.counts[id] ?? 0;
              const pct = percent(count, g.total);
              return {
                id,
                label: barLabel(optionText(option)),
                text: optionText(option),
                count,
                pct,
                height: barHeightPercent(pct),
                isUser: id === userOptionId,
              };
            })
          : [],
        sameAsYou: isChoice && userOptionId !== null ? sameAsYouShare(g.counts, userOptionId) : null,
      })),
    };
  });
}
