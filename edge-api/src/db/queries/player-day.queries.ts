import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import { prerenderFirstValues } from '../engine/statements';
import { CITY_BUCKETS_FROM, cityBucketSql } from './counters.queries';
import { CATALOGUE_VERSION_SQL, hasReadCaches, resultsCache, toVersion } from '../engine/read-caches';
import { findCatalogueDay, type CatalogueDay } from './daily.queries';
import type { UserAnswerValue } from './answers.queries';
import type { CounterRow } from './results.queries';
import type { StoredReveal } from './crowd.queries';
import type { SelectionRow } from './selections.queries';
import type { GroupMemberForViewer } from '@daily-tea/shared/domain/link-groups';

/**
 * The player's hot reads combined into one statement each. On embedded libSQL every statement is a
 * synchronous prepare + step on the event loop and each returned row costs a native round trip, so the
 * per-user parts of a request are fetched as one row of JSON aggregates — same indexes as the separate
 * queries (selections_user_date_uq, the user's answers of the day through the covering answers_user_day_idx,
 * badges by user, the group's counter prefix).
 */

export type PlayerDay = {
  selection: SelectionRow | undefined;
  answers: UserAnswerValue[];
  /** Only when asked for (the answer path): the badge types the player already holds. */
  badgeTypes: string[];
  /** The catalogue version read in the same statement (validates the cached catalogue). */
  catalogueVersion: number;
};

type PlayerDayRaw = [
  catalogueVersion: number | null,
  selection: string | null,
  answers: string | null,
  badges: string | null,
];

const userId = sql.placeholder('userId');
const date = sql.placeholder('date');
const playerDaySql = (badges: boolean) =>
  prerenderFirstValues<'userId' | 'date'>(sql`SELECT ${CATALOGUE_VERSION_SQL} AS catalogueVersion,
    (SELECT json_array(s.id, json(s.selected_topic_ids), s.version) FROM user_daily_selections s
      WHERE s.user_id = ${userId} AND s.date = ${date}) AS selection,
    (SELECT json_group_array(json_array(a.question_id, a.selected_option_id, a.numeric_value)) FROM answers a
      WHERE a.user_id = ${userId} AND a.question_date = ${date}) AS answers,
    ${badges ? sql`(SELECT json_group_array(b.type) FROM badges b WHERE b.user_id = ${userId})` : sql`NULL`} AS badges
    LIMIT 1`);
const playerDayWithBadges = playerDaySql(true);
const playerDayWithoutBadges = playerDaySql(false);

/** The player's selection and answers of a game day (and optionally their badge types) in one statement. */
export async function findPlayerDay(
  db: Database,
  userIdValue: string,
  dateValue: string,
  opts: { badges: boolean },
): Promise<PlayerDay> {
  const statement = opts.badges ? playerDayWithBadges : playerDayWithoutBadges;
  const row = (await statement(db, { userId: userIdValue, date: dateValue })) as PlayerDayRaw | undefined;
  const selection = row?.[1] ? (JSON.parse(row[1]) as [string, string[], number]) : undefined;
  const answers = row?.[2] ? (JSON.parse(row[2]) as [string, string | null, number | null][]) : [];
  return {
    selection: selection
      ? { id: selection[0], selectedTopicIds: selection[1], version: selection[2] }
      : undefined,
    answers: answers.map(([questionId, selectedOptionId, numericValue]) => ({
      questionId,
      selectedOptionId,
      numericValue,
    })),
    badgeTypes: row?.[3] ? (JSON.parse(row[3]) as string[]) : [],
    catalogueVersion: toVersion(row?.[0]),
  };
}

/**
 * The player's day with the game day's catalogue. With a catalogue cache (Node) the player statement goes first
 * and its catalogue version validates the cache — usually no further statement; without one (Workers) both
 * are read in parallel.
 */
export async function findPlayerDayWithCatalogue(
  db: Database,
  userIdValue: string,
  dateValue: string,
  opts: { badges: boolean },
): Promise<{ day: PlayerDay; catalogue: CatalogueDay }> {
  if (!hasReadCaches(db)) {
    const [day, catalogue] = await Promise.all([
      findPlayerDay(db, userIdValue, dateValue, opts),
      findCatalogueDay(db, dateValue),
    ]);
    return { day, catalogue };
  }
  const day = await findPlayerDay(db, userIdValue, dateValue, opts);
  return { day, catalogue: await findCatalogueDay(db, dateValue, day.catalogueVersion) };
}

export type ResultsRead = {
  /** Shared with later requests through the results cache: never mutate. */
  counters: readonly CounterRow[];
  userAnswer:
    { selectedOptionId: string | null; numericValue: number | null; reveal: StoredReveal } | undefined;
  /** The counter rows of the viewer's city (the place asked for), at the same result version as `counters`. */
  cityCounters: CounterRow[];
  min: number | null;
  max: number | null;
  /** The catalogue version read in the same statement (to take the question from the cached catalogue). */
  catalogueVersion: number;
  /** Every member of the link group with its game day and whether the viewer answered it (ADR 0230). */
  members: GroupMemberForViewer[];
};

/**
 * The part of a results read that depends on the group's counters only (cached per result version), with the
 * city rows viewers of this process have read at that version, by city (the city rows are counters of the same
 * group: any change to them bumps the version, so they are exact for as long as the counters are).
 */
type CountersRead = {
  counters: readonly CounterRow[];
  min: number | null;
  max: number | null;
  cities: Map<string, CounterRow[]>;
};

/** Cities kept per cached group read (a bound, not an expected size); beyond it further cities are read per request. */
const MAX_CACHED_CITIES = 2_048;

/** The viewer's place, as their profile holds it (the session's user row); null without a city. */
export type ViewerPlace = { country: string | null; city: string } | null;
const cityKey = (place: NonNullable<ViewerPlace>) => JSON.stringify([place.country ?? '', place.city]);

type ResultsRaw = [
  catalogueVersion: number | null,
  resultVersion: number,
  reused: number,
  counters: string | null,
  mine: string | null,
  min: number | null,
  max: number | null,
  city: string | null,
  members: string | null,
];

const reused = sql`coalesce(v.version, 0) = ${sql.placeholder('knownVersion')}`;
const extreme = (order: 'ASC' | 'DESC') =>
  sql`CASE WHEN q.type = 'numeric' AND NOT ${reused} THEN (SELECT numeric_value FROM answers WHERE group_id = q.group_id
    AND numeric_value IS NOT NULL ORDER BY numeric_value ${sql.raw(order)} LIMIT 1) END`;
const resultsReadSql = prerenderFirstValues<
  'questionId' | 'userId' | 'knownVersion' | 'country' | 'city' | 'cityKnown'
>(sql`SELECT
    ${CATALOGUE_VERSION_SQL} AS catalogueVersion,
    coalesce(v.version, 0) AS resultVersion,
    ${reused} AS reused,
    CASE WHEN ${reused} THEN NULL ELSE (SELECT json_group_array(json_array(c.bucket, c.option_id, c.count, c.value_sum))
      FROM result_counters c WHERE c.group_id = q.group_id AND c.bucket < ${CITY_BUCKETS_FROM}) END AS counters,
    (SELECT json_array(a.selected_option_id, a.numeric_value, a.revealed_at, json(a.crowd_top), a.own_share,
        a.guess_option_id, a.guess_correct) FROM answers a
      WHERE a.user_id = ${sql.placeholder('userId')} AND a.question_id = q.id) AS mine,
    ${extreme('ASC')} AS min,
    ${extreme('DESC')} AS max,
    CASE WHEN ${reused} AND ${sql.placeholder('cityKnown')} THEN NULL ELSE (SELECT json_group_array(json_array(c.bucket,
        c.option_id, c.count, c.value_sum)) FROM result_counters c
      WHERE c.group_id = q.group_id AND c.bucket = (SELECT ${sql.raw(cityBucketSql('p.country', 'p.city'))}
        FROM (SELECT ${sql.placeholder('country')} AS country, ${sql.placeholder('city')} AS city) p)) END AS city,
    (SELECT json_group_array(json_array(m.date, EXISTS (SELECT 1 FROM answers x
        WHERE x.user_id = ${sql.placeholder('userId')} AND x.question_id = m.id)))
      FROM questions m WHERE m.group_id = q.group_id) AS members
  FROM questions q LEFT JOIN result_versions v ON v.group_id = q.group_id
  WHERE q.id = ${sql.placeholder('questionId')} LIMIT 1`);

function parseCounters(json: string | null): CounterRow[] {
  return json
    ? (JSON.parse(json) as [string, string, number, number][]).map(([bucket, optionId, count, valueSum]) => ({
        bucket,
        optionId,
        count,
        valueSum,
      }))
    : [];
}

/**
 * Everything a results request reads, in one statement keyed by the question (primary key): the viewer's own
 * answer (unique user+question), the catalogue version, and its link group's result version with — unless
 * this process already holds the group's counters at that version — the group's counter rows (primary-key
 * prefix: cost independent of the number of answers), for numeric questions the group's extremes (one
 * seek at each end of answers_group_numeric_idx), the counter rows of the viewer's city (primary key;
 * also skipped when this process holds that city at that version), and the group's members with whether the
 * viewer answered each (questions_group_idx, then answers_user_question_uq per member). The counters and the version come from one
 * snapshot, so a cached read is used exactly while nothing in its group has changed. Undefined for an unknown
 * question.
 */
export async function findResultsRead(
  db: Database,
  q: { questionId: string; userId: string | null; place: ViewerPlace },
): Promise<ResultsRead | undefined> {
  const cache = resultsCache<CountersRead>(db);
  const cached = cache?.peek(q.questionId);
  const key = q.place ? cityKey(q.place) : null;
  // Nothing to read without a city; with one, only when this process does not hold it at the cached version.
  const cityKnown = key === null || cached?.value.cities.has(key) === true;
  const row = (await resultsReadSql(db, {
    questionId: q.questionId,
    userId: q.userId,
    knownVersion: cached?.version ?? -1,
    country: q.place?.country ?? null,
    city: q.place?.city ?? null,
    cityKnown: cityKnown ? 1 : 0,
  })) as ResultsRaw | undefined;
  if (!row) return undefined;
  const [catalogueVersion, resultVersion, reused, countersJson, mine, min, max, cityJson, membersJson] = row;
  let read: CountersRead;
  if (Number(reused) === 1 && cached) {
    read = cached.value;
  } else {
    read = { counters: parseCounters(countersJson), min: min ?? null, max: max ?? null, cities: new Map() };
    cache?.set(q.questionId, Number(resultVersion), read);
  }
  let cityCounters: CounterRow[] = [];
  if (key !== null) {
    // NULL only when skipped as known: the entry is there (a read's city map only ever grows).
    cityCounters = cityJson === null ? (read.cities.get(key) ?? []) : parseCounters(cityJson);
    if (cityJson !== null && read.cities.size < MAX_CACHED_CITIES) read.cities.set(key, cityCounters);
  }
  const own = mine
    ? (JSON.parse(mine) as [
        string | null,
        number | null,
        number | null,
        string[] | null,
        number | null,
        string | null,
        number | null,
      ])
    : undefined;
  return {
    counters: read.counters,
    userAnswer: own
      ? {
          selectedOptionId: own[0],
          numericValue: own[1],
          reveal: {
            revealedAt: own[2] === null ? null : new Date(own[2]),
            crowdTop: own[3],
            ownShare: own[4],
            guessOptionId: own[5],
            guessCorrect: own[6] === null ? null : own[6] === 1,
          },
        }
      : undefined,
    cityCounters,
    min: read.min,
    max: read.max,
    catalogueVersion: toVersion(catalogueVersion),
    members: membersJson
      ? (JSON.parse(membersJson) as [string, number][]).map(([memberDate, answered]) => ({
          date: memberDate,
          answered: answered === 1,
        }))
      : [],
  };
}
