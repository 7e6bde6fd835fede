import type { DailyQuestion, QuestionResults } from '@daily-tea/shared/contracts/daily';
import type { PlaceGroup } from '@daily-tea/shared/contracts/trends-places';
import { CITY_MIN_ANSWERS, COUNTRY_BREAKDOWN_MIN_ANSWERS } from '@daily-tea/shared/domain/places';
import {
  barHeightPercent,
  firstWords,
  optionId,
  optionText,
  percent,
  sameAsYouShare,
} from '@daily-tea/shared/domain/results';
import { TREND_MIN_ANSWERS } from '@daily-tea/shared/domain/trend';
import { averageText, plural, type GroupBreakdown } from './results-model';

/*
 * View model of the trend chart and the place sections: pure, so every figure the screen draws
 * can be checked against the API's numbers without a DOM.
 */

// Built when a trend first shows (a card's details), not when the results screen's code loads: a page's first
// Intl formatter costs ~15 ms of main thread.
let dateLabel: Intl.DateTimeFormat | undefined;
/** "14 Nov" for a game day 'YYYY-MM-DD'. */
export function shortDate(date: string): string {
  dateLabel ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return dateLabel.format(new Date(`${date}T00:00:00Z`));
}

export type TrendColumn = { date: string; label: string; total: number; sufficient: boolean };
export type TrendSeries = {
  id: string;
  /** First three words (legend), and the whole option text (table). */
  label: string;
  text: string;
  isUser: boolean;
  /** Rounded share per column; null where the date has too few answers. */
  pcts: (number | null)[];
};
export type TrendView = {
  columns: TrendColumn[];
  /** Multiple choice: one series per option. */
  series: TrendSeries[];
  /** Numeric: the average per column (null where too few). */
  averages: (number | null)[];
  unit: string | null;
  /** One sentence for screen readers and the figure caption. */
  summary: string;
};

/** The trend of a results response, or null when the question was asked on fewer than two dates. */
export function trendView(
  question: DailyQuestion,
  results: QuestionResults,
  userOptionId: string | null,
): TrendView | null {
  const trend = results.trend;
  if (!trend || trend.dates.length < 2) return null;
  const isChoice = question.type === 'multiple_choice';
  // The API sends no figures (null) for a date below the small-sample threshold.
  const countsAt = (i: number) => trend.counts?.[i] ?? null;
  const averages = trend.dates.map((_, i) => trend.averages?.[i] ?? null);
  const columns = trend.dates.map((date, i) => ({
    date,
    label: shortDate(date),
    total: trend.totals[i] ?? 0,
    sufficient: (isChoice ? countsAt(i) : averages[i]) !== null,
  }));
  const series: TrendSeries[] = isChoice
    ? question.options.map((option, index) => {
        const id = optionId(index);
        return {
          id,
          label: firstWords(optionText(option)),
          text: optionText(option),
          isUser: id === userOptionId,
          pcts: columns.map((c, i) => {
            const counts = countsAt(i);
            return counts ? percent(counts[index] ?? 0, c.total) : null;
          }),
        };
      })
    : [];
  const first = columns[0]!;
  const last = columns.at(-1)!;
  let summary = `Asked on ${columns.length} dates, from ${first.label} to ${last.label}.`;
  if (isChoice) {
    const mine = series.find((s) => s.isUser) ?? series[0];
    const known = mine ? mine.pcts.map((v, i) => [v, i] as const).filter(([v]) => v !== null) : [];
    if (mine && known.length >= 2) {
      const [a, ai] = known[0]!;
      const [b, bi] = known.at(-1)!;
      summary += ` ${mine.text}${mine.isUser ? ' (your answer)' : ''} went from ${a}% on ${columns[ai]!.label} to ${b}% on ${columns[bi]!.label}.`;
    }
  } else {
    const known = averages.map((v, i) => [v, i] as const).filter(([v]) => v !== null);
    if (known.length >= 2) {
      const [a, ai] = known[0]!;
      const [b, bi] = known.at(-1)!;
      summary += ` The average went from ${averageText(a!, question.numericUnit)} on ${columns[ai]!.label} to ${averageText(b!, question.numericUnit)} on ${columns[bi]!.label}.`;
    }
  }
  if (columns.some((c) => !c.sufficient))
    summary += ` Dates with fewer than ${TREND_MIN_ANSWERS} answers show no figures.`;
  return { columns, series, averages, unit: question.numericUnit, summary };
}

/** A place group as the demographic rows draw it (one split bar per group, same-as-you badge). */
function placeBreakdown(
  question: DailyQuestion,
  group: PlaceGroup,
  key: string,
  label: string,
  userOptionId: string | null,
): GroupBreakdown {
  const isChoice = question.type === 'multiple_choice';
  return {
    key,
    label,
    total: group.total,
    bars: isChoice
      ? question.options.map((option, index) => {
          const id = optionId(index);
          const count = group.optionCounts[id] ?? 0;
          const pct = percent(count, group.total);
          const text = optionText(option);
          return {
            id,
            label: firstWords(text),
            text,
            count,
            pct,
            height: barHeightPercent(pct),
            isUser: id === userOptionId,
          };
        })
      : [],
    sameAsYou: isChoice && userOptionId !== null ? sameAsYouShare(group.optionCounts, userOptionId) : null,
  };
}

export type PlaceRow = GroupBreakdown & {
  /** Numeric questions: the group's average, formatted with its unit. */
  average: string | null;
};

export type CountrySection = { available: boolean; total: number; rows: PlaceRow[]; tooFew: string };
export type CitySection = {
  city: string;
  title: string;
  available: boolean;
  total: number;
  /** The city beside the whole community (when available). */
  rows: PlaceRow[];
  tooFew: string;
};

const withAverage = (row: GroupBreakdown, average: number | null, unit: string | null): PlaceRow => ({
  ...row,
  average: average === null ? null : averageText(average, unit),
});

export function countrySection(
  question: DailyQuestion,
  results: QuestionResults,
  userOptionId: string | null,
): CountrySection {
  const { byCountry } = results.places;
  return {
    available: byCountry.available,
    total: byCountry.total,
    rows: byCountry.groups.map((g) =>
      withAverage(
        placeBreakdown(
          question,
          g,
          g.isOther ? 'other-countries' : `country-${g.label}`,
          g.isOther ? 'Other countries' : g.label,
          userOptionId,
        ),
        g.average,
        question.numericUnit,
      ),
    ),
    tooFew: `This breakdown appears once at least ${COUNTRY_BREAKDOWN_MIN_ANSWERS} people in 2 or more countries have answered.`,
  };
}

export function citySection(
  question: DailyQuestion,
  results: QuestionResults,
  userOptionId: string | null,
): CitySection | null {
  const city = results.places.city;
  if (!city) return null;
  const everyone: PlaceGroup = {
    label: 'Everyone',
    isOther: false,
    total: results.totalAnswers,
    optionCounts: results.optionCounts,
    average: results.numericStats?.average ?? null,
  };
  return {
    city: city.city,
    title: `In ${city.city}`,
    available: city.available,
    total: city.total,
    rows:
      city.available && city.group
        ? [
            withAverage(
              placeBreakdown(question, city.group, 'city', `In ${city.city}`, userOptionId),
              city.group.average,
              question.numericUnit,
            ),
            withAverage(
              placeBreakdown(question, everyone, 'everyone', 'Everyone', userOptionId),
              everyone.average,
              question.numericUnit,
            ),
          ]
        : [],
    tooFew: `${city.city} shows once at least ${CITY_MIN_ANSWERS} people there have answered (${plural(city.total, 'answer')} so far).`,
  };
}
