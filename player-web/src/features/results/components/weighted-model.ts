import type { DailyQuestion, QuestionResults } from '@daily-tea/shared/contracts/daily';
import { barHeightPercent, barLabel, optionId, optionText } from '@daily-tea/shared/domain/results';
import { formatNumber, type OptionBar } from './results-model';

/*
 * View model of a card's weighted figures (docs/decisions/0296-weighted-beside-raw.md): the weighted split as bars
 * the card can draw in place of the raw ones, the headline share shown beside the raw bars, the effective sample
 * and the interval in points, or the reason no weighted figure is shown. Pure.
 */

type Weighted = NonNullable<QuestionResults['weighted']>;
type Withheld = NonNullable<QuestionResults['weightedWithheld']>;

export type WeightedView =
  /** Shown: the weighted split (choice) or average (numeric), with its precision. */
  | {
      kind: 'shown';
      /** Weighted bars, in option order (choice questions; [] for numeric). */
      bars: OptionBar[];
      /** The option the headline names: the player's own, else the weighted leader. */
      headline: OptionBar | null;
      average: number | null;
      effectiveSampleSize: number;
      /**
       * ± half-width of the 95% interval: in percentage points on the headline option's share (choice), in the
       * question's unit on the average (numeric).
       */
      interval: number;
      /** Answers left out of the weighting (another country, prefer not to say, a category the census lacks). */
      excluded: number;
      scheme: string;
    }
  /** Not shown, with the reason in plain words (and in a few, for a phone's one-line summary). */
  | { kind: 'withheld'; reason: string; short: string; excluded: number };

/** "±5.8 points" (or "±5.8 pts", a phone's summary line) from an interval in percentage points. */
export function pointsText(points: number, short = false): string {
  return `±${formatNumber(points, 0, 1)} ${short ? 'pts' : 'points'}`;
}

/** The effective sample as the card writes it: whole people. */
export function effectiveText(effectiveSampleSize: number): string {
  return formatNumber(Math.floor(effectiveSampleSize), 0, 0);
}

/** Why a card has no weighted figure, in plain words (the threshold comes with the results). */
export function withheldReason(withheld: Withheld): string {
  if (withheld.reason === 'days_unanswered')
    return 'This question was also asked on days you have not answered, and the weighted split counts them all: it shows once you have answered those days too.';
  if (withheld.reason === 'no_respondents' || withheld.effectiveSampleSize < 1)
    return 'Nobody who answered can be placed in the census groups yet, so there is nothing to weight.';
  const people = Math.floor(withheld.effectiveSampleSize);
  return `Too few answers to weight fairly yet: once weighted they count like ${effectiveText(people)} ${
    people === 1 ? 'person' : 'people'
  } in a random sample, and we show a weighted figure from ${withheld.minEffectiveSample}.`;
}

/** The reason in a few words, for the one line a phone's summary gives it (the full reason is in the details). */
export function withheldShort(withheld: Withheld): string {
  if (withheld.reason === 'days_unanswered') return 'answer its other days first';
  if (withheld.reason === 'no_respondents' || withheld.effectiveSampleSize < 1) return 'no one to weight';
  return 'too few answers';
}

function choiceBars(question: DailyQuestion, weighted: Weighted, userOptionId: string | null): OptionBar[] {
  const shares = weighted.optionShares ?? {};
  return question.options.map((option, index) => {
    const id = optionId(index);
    const text = optionText(option);
    const pct = Math.round((shares[id] ?? 0) * 100);
    return {
      id,
      text,
      label: barLabel(text),
      icon: typeof option === 'string' ? null : (option.icon ?? null),
      count: 0,
      pct,
      height: barHeightPercent(pct),
      isUser: id === userOptionId,
    };
  });
}

/**
 * The card's weighted figures, or null when the results carry neither figures nor a reason (an operator's read):
 * the card then shows the raw split alone, as before.
 */
export function weightedView(
  question: DailyQuestion,
  results: QuestionResults,
  userOptionId: string | null,
): WeightedView | null {
  const weighted = results.weighted;
  if (!weighted) {
    const withheld = results.weightedWithheld;
    return withheld
      ? {
          kind: 'withheld',
          reason: withheldReason(withheld),
          short: withheldShort(withheld),
          excluded: withheld.excluded,
        }
      : null;
  }
  const isChoice = question.type === 'multiple_choice';
  const bars = isChoice ? choiceBars(question, weighted, userOptionId) : [];
  const leader = bars.reduce<OptionBar | null>(
    (best, bar) => (best && best.pct >= bar.pct ? best : bar),
    null,
  );
  const headline = bars.find((b) => b.isUser) ?? leader;
  const interval = isChoice
    ? ((headline ? weighted.optionIntervals?.[headline.id] : undefined) ?? weighted.interval) * 100
    : weighted.interval;
  return {
    kind: 'shown',
    bars,
    headline,
    average: isChoice ? null : weighted.average,
    effectiveSampleSize: weighted.effectiveSampleSize,
    interval,
    excluded: weighted.excluded,
    scheme: weighted.scheme,
  };
}
