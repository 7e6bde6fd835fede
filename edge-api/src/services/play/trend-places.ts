import type { QuestionResults } from '@daily-tea/shared/contracts/daily';
import { shapeCityResults, shapeCountryBreakdown } from '@daily-tea/shared/domain/places';
import { shapeTrend } from '@daily-tea/shared/domain/trend';
import type { UserRow } from '../../app-env';
import { COUNTRY_BUCKET_PREFIX, DATE_BUCKET_PREFIX } from '../../db/queries/counters.queries';
import type { CounterRow } from '../../db/queries/results.queries';
import type { ViewerPlace } from '../../db/queries/player-day.queries';

/**
 * The trend and place parts of a question's results, from the counter rows the results read
 * already holds: per-date rows ('d:…') for the trend, per-country rows ('c:…') for By Country and the
 * viewer's city rows for In {city}. Shaping and thresholds are the shared domain rules.
 */

type QuestionShape = { type: 'multiple_choice' | 'numeric'; options: readonly unknown[] };

const optionCountOf = (q: QuestionShape) => (q.type === 'numeric' ? 0 : q.options.length);

function withPrefix(rows: readonly CounterRow[], prefix: string) {
  return rows
    .filter((r) => r.bucket.startsWith(prefix))
    .map((r) => ({
      key: r.bucket.slice(prefix.length),
      optionId: r.optionId,
      count: r.count,
      valueSum: r.valueSum,
    }));
}

export function trendOf(question: QuestionShape, counters: readonly CounterRow[]): QuestionResults['trend'] {
  return shapeTrend({
    type: question.type,
    optionCount: optionCountOf(question),
    rows: withPrefix(counters, DATE_BUCKET_PREFIX).map(({ key, ...r }) => ({ date: key, ...r })),
  });
}

/** By Country: the group's per-country rows (the same for every viewer). */
export function countriesOf(
  question: QuestionShape,
  counters: readonly CounterRow[],
): QuestionResults['places']['byCountry'] {
  return shapeCountryBreakdown({
    type: question.type,
    optionCount: optionCountOf(question),
    rows: withPrefix(counters, COUNTRY_BUCKET_PREFIX).map(({ key, ...r }) => ({ place: key, ...r })),
  });
}

/** The viewer's place for In {city}: null for a viewer without a city (and for operators). */
export function viewerPlace(viewer: Pick<UserRow, 'city' | 'country'> | null): ViewerPlace {
  return viewer?.city?.trim() ? { country: viewer.country, city: viewer.city } : null;
}

/** In {city}: the counter rows of the viewer's place; null for a viewer without a city (and for operators). */
export function cityOf(
  question: QuestionShape,
  cityCounters: readonly CounterRow[],
  place: ViewerPlace,
): QuestionResults['places']['city'] {
  return place
    ? shapeCityResults({
        type: question.type,
        optionCount: optionCountOf(question),
        city: place.city,
        country: place.country,
        rows: cityCounters,
      })
    : null;
}
