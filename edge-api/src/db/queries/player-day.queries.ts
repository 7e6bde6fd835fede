import { and, asc, count, desc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Database } from '../database';
import { hotQuery, hotRead, jsonOf, parseJson } from '../engine/statements';
import {
  CITY_BUCKETS_FROM,
  WEIGHTING_CELL_PREFIX,
  WEIGHTING_CELLS_TO,
  cityBucketSql,
} from './counters.queries';
import type { WeightingCellRow } from '@daily-tea/shared/domain/weighting';
import {
  CATALOGUE_VERSION_ROW,
  CATALOGUE_VERSION_SQL,
  hiddenDaysCache,
  playerDaysCache,
  resultsCache,
  UNKNOWN_VERSION,
} from '../engine/read-caches';
import { friendsOnResultsVersion, type FriendsVersion } from './friends.queries';
import {
  answers,
  badges,
  catalogueVersion,
  questions,
  resultCounters,
  resultVersions,
  userDailySelections,
  users,
} from '../schema';
import {
  findCatalogueDay,
  findQuestionByIdCached,
  type CatalogueDay,
  type QuestionRow,
} from './daily.queries';
import type { UserAnswerValue } from './answers.queries';
import type { CounterRow } from './results.queries';
import type { StoredReveal } from './crowd.queries';
import type { SelectionRow } from './selections.queries';
import type { GroupMemberForViewer } from '@daily-tea/shared/domain/link-groups';

/**
 * The player's hot reads, one statement each: the per-user parts of a request come as one row of JSON columns —
 * same indexes as separate queries (selections_user_date_uq, the user's answers of the day through the covering
 * answers_user_day_idx, badges by user), one call into SQLite. Hot reads (engine/statements.ts): rendered once.
 */

export type PlayerDay = {
  selection: SelectionRow | undefined;
  answers: UserAnswerValue[];
  /** Only when asked for (the answer path): the badge types the player already holds. */
  badgeTypes: string[];
  /** The catalogue version read in the same statement (validates a cached catalogue). */
  catalogueVersion: number;
};

const userId = sql.placeholder('userId');
const date = sql.placeholder('date');

const selectionOfDay = hotQuery
  .select({
    selection: sql`json_object('id', ${userDailySelections.id}, 'selectedTopicIds',
      json(${userDailySelections.selectedTopicIds}), 'version', ${userDailySelections.version})`,
  })
  .from(userDailySelections)
  .where(and(eq(userDailySelections.userId, userId), eq(userDailySelections.date, date)));

/** The day's answers travel as `[questionId, selectedOptionId, numericValue]` tuples (up to twelve a day). */
type AnswerTuple = [questionId: string, selectedOptionId: string | null, numericValue: number | null];
const answersOfDay = hotQuery
  .select({
    answers: sql`json_group_array(json_array(${answers.questionId}, ${answers.selectedOptionId},
      ${answers.numericValue}))`,
  })
  .from(answers)
  .where(and(eq(answers.userId, userId), eq(answers.questionDate, date)));
const toAnswerValues = (tuples: AnswerTuple[]): UserAnswerValue[] =>
  tuples.map(([questionId, selectedOptionId, numericValue]) => ({
    questionId,
    selectedOptionId,
    numericValue,
  }));

const badgeTypesOfUser = hotQuery
  .select({ types: sql`json_group_array(${badges.type})` })
  .from(badges)
  .where(eq(badges.userId, userId));

/** What the player's day is kept at: `answers_version.day_version` of the player's users row. */
const dayVersionOfUser = hotQuery
  .select({ version: sql`${users.answersVersion} || '.' || ${users.dayVersion}` })
  .from(users)
  .where(eq(users.id, userId));
const dayVersionOf = (player: { answersVersion: number; dayVersion: number }) =>
  `${player.answersVersion}.${player.dayVersion}`;

const playerDayRead = (withBadges: boolean) =>
  hotRead(
    hotQuery
      .select({
        catalogueVersion: catalogueVersion.version,
        dayVersion: sql<string | null>`(${dayVersionOfUser})`,
        selection: jsonOf<SelectionRow>(selectionOfDay),
        answers: sql`(${answersOfDay})`.mapWith((value) => toAnswerValues(parseJson<AnswerTuple[]>(value))),
        badgeTypes: withBadges ? jsonOf<string[]>(badgeTypesOfUser) : sql<null>`NULL`,
      })
      .from(catalogueVersion)
      .where(eq(catalogueVersion.id, CATALOGUE_VERSION_ROW)),
  );
const playerDayWithBadges = playerDayRead(true);
const playerDayWithoutBadges = playerDayRead(false);

/** The player's day as one statement reads it, with the version of the player's day of the same snapshot. */
async function readPlayerDay(
  db: Database,
  userIdValue: string,
  dateValue: string,
  opts: { badges: boolean },
): Promise<{ day: PlayerDay; dayVersion: string | null }> {
  const read = opts.badges ? playerDayWithBadges : playerDayWithoutBadges;
  const row = await read.first(db, { userId: userIdValue, date: dateValue });
  return {
    day: {
      selection: row?.selection ?? undefined,
      answers: row?.answers ?? [],
      badgeTypes: row?.badgeTypes ?? [],
      catalogueVersion: row?.catalogueVersion ?? UNKNOWN_VERSION,
    },
    dayVersion: row?.dayVersion ?? null,
  };
}

/** The player's selection and answers of a game day (and optionally their badge types) in one statement. */
export async function findPlayerDay(
  db: Database,
  userIdValue: string,
  dateValue: string,
  opts: { badges: boolean },
): Promise<PlayerDay> {
  return (await readPlayerDay(db, userIdValue, dateValue, opts)).day;
}

/**
 * The player's day with the game day's catalogue: the catalogue comes through the catalogue cache, validated by
 * the version the player statement reads (engine/read-caches.ts; a handle without caches reads both at once).
 * Without badges, a handle with read caches keeps the player's day per game day at the versions it was read at
 * (`users.answers_version` and `day_version`, read in the same statement): while the signed-in player's row, read
 * with the session, carries the same versions, the day is handed out without a statement — the same object,
 * frozen: never mutate it — and only the catalogue's version is read.
 */
export async function findPlayerDayWithCatalogue(
  db: Database,
  player: { id: string; answersVersion: number; dayVersion: number },
  dateValue: string,
  opts: { badges: boolean },
): Promise<{ day: PlayerDay; catalogue: CatalogueDay }> {
  const kept = opts.badges ? undefined : playerDaysCache<PlayerDay>(db);
  const key = `${player.id}|${dateValue}`;
  const held = kept?.at(key, dayVersionOf(player));
  if (held) return { day: held, catalogue: await findCatalogueDay(db, dateValue) };
  const dayRead = readPlayerDay(db, player.id, dateValue, opts);
  const catalogueRead = findCatalogueDay(db, dateValue, async () => (await dayRead).day.catalogueVersion);
  const [{ day, dayVersion }, catalogue] = await Promise.all([dayRead, catalogueRead]);
  if (dayVersion !== null) kept?.set(key, dayVersion, Object.freeze(day));
  return { day, catalogue };
}

export type ResultsRead = {
  /** The question (from the game day's cached catalogue where the handle keeps one). */
  question: QuestionRow;
  /** Shared with later requests through the results cache: never mutate. */
  counters: readonly CounterRow[];
  /** The group's weighting cell counters (ADR 0292), cached with `counters`: never mutate. */
  cells: readonly WeightingCellRow[];
  userAnswer:
    { selectedOptionId: string | null; numericValue: number | null; reveal: StoredReveal } | undefined;
  /** The counter rows of the viewer's city (the place asked for), at the same result version as `counters`. */
  cityCounters: CounterRow[];
  min: number | null;
  max: number | null;
  /**
   * The members of the link group up to the day read for that the viewer has not answered, with their game days
   * (ADR 0230) — empty when they answered every one, the usual case, told by two counts (ADR 0304).
   */
  unansweredMembers: readonly GroupMemberForViewer[];
  /** Whether the viewer has any friend (friendships' primary-key prefix): without one there are no friends' answers. */
  viewerHasFriends: boolean;
  /** With a friend: what the viewer's friends on these results are validated by (findFriendAnswers). */
  friendsVersion: FriendsVersion | undefined;
};

/**
 * The part of a results read that depends on the group's counters only (cached per result version), with the
 * city rows viewers of this process have read at that version, by city (the city rows are counters of the same
 * group: any change to them bumps the version, so they are exact for as long as the counters are).
 */
type CountersRead = {
  counters: readonly CounterRow[];
  /** The group's weighting cells (ADR 0292), read with the counters at the same version. */
  cells: readonly WeightingCellRow[];
  min: number | null;
  max: number | null;
  cities: Map<string, CounterRow[]>;
};

/**
 * A viewer's unanswered members of a link group up to `date`, as read for their answers at `answersVersion` (kept
 * per viewer and question at the catalogue version of that read; ADR 0306). Shared: never mutate.
 */
type HeldDays = {
  date: string;
  answersVersion: number;
  members: readonly GroupMemberForViewer[];
  /**
   * The viewer's answer to the question once its reveal is stored: from then on only a change to the player's
   * answers (which moves `answersVersion`) changes it — a reveal is written once and guesses end with it.
   */
  revealed?: ViewerAnswer;
};
type ViewerAnswer = NonNullable<ResultsRead['userAnswer']>;
const NONE_UNANSWERED: readonly GroupMemberForViewer[] = Object.freeze([]);

/** Cities kept per cached group read (a bound, not an expected size); beyond it further cities are read per request. */
const MAX_CACHED_CITIES = 2_048;

/** The viewer's place, as their profile holds it (the session's user row); null without a city. */
export type ViewerPlace = { country: string | null; city: string } | null;
const cityKey = (place: NonNullable<ViewerPlace>) => JSON.stringify([place.country ?? '', place.city]);

/** Counter rows travel as `[bucket, optionId, count, valueSum]` tuples: a hot group has hundreds of them. */
type CounterTuple = [bucket: string, optionId: string, count: number, valueSum: number];
const toCounterRows = (tuples: CounterTuple[] | null): CounterRow[] =>
  (tuples ?? []).map(([bucket, optionId, count, valueSum]) => ({ bucket, optionId, count, valueSum }));

type OwnAnswer = {
  selectedOptionId: string | null;
  numericValue: number | null;
  revealedAt: number | null;
  crowdTop: string[] | null;
  ownShare: number | null;
  guessOptionId: string | null;
  guessCorrect: 0 | 1 | null;
};

const q = alias(questions, 'q');
const v = alias(resultVersions, 'v');
const c = alias(resultCounters, 'c');
const resultVersion = sql<number>`coalesce(${v.version}, 0)`;
/** This process already holds the group's counters at the stored version (the caller sends the version it holds). */
const reused = sql`${resultVersion} = ${sql.placeholder('knownVersion')}`;
const counterTuples = sql`json_group_array(json_array(${c.bucket}, ${c.optionId}, ${c.count}, ${c.valueSum}))`;
const groupCounters = hotQuery
  .select({ rows: counterTuples })
  .from(c)
  .where(and(eq(c.groupId, q.groupId), lt(c.bucket, CITY_BUCKETS_FROM)));
/** The weighting cells: one primary-key range after every other bucket (ADR 0292), prefix stripped. */
const groupCells = hotQuery
  .select({
    rows: sql`json_group_array(json_array(substr(${c.bucket}, ${WEIGHTING_CELL_PREFIX.length + 1}), ${c.optionId},
      ${c.count}, ${c.valueSum}, ${c.valueSqSum}))`,
  })
  .from(c)
  .where(
    and(eq(c.groupId, q.groupId), gte(c.bucket, WEIGHTING_CELL_PREFIX), lt(c.bucket, WEIGHTING_CELLS_TO)),
  );
type CellTuple = [cell: string, optionId: string, count: number, valueSum: number, valueSqSum: number];
const toCellRows = (tuples: CellTuple[] | null): WeightingCellRow[] =>
  (tuples ?? []).map(([cell, optionId, count, valueSum, valueSqSum]) => ({
    cell,
    optionId,
    count,
    valueSum,
    valueSqSum,
  }));
const viewerCityBucket = sql.raw(cityBucketSql('p.country', 'p.city'));
const cityCounters = hotQuery
  .select({ rows: counterTuples })
  .from(c)
  .where(
    and(
      eq(c.groupId, q.groupId),
      sql`${c.bucket} = (SELECT ${viewerCityBucket} FROM (SELECT ${sql.placeholder('country')} AS country,
        ${sql.placeholder('city')} AS city) p)`,
    ),
  );
const ownAnswer = hotQuery
  .select({
    answer: sql`json_object('selectedOptionId', ${answers.selectedOptionId}, 'numericValue', ${answers.numericValue},
      'revealedAt', ${answers.revealedAt}, 'crowdTop', json(${answers.crowdTop}), 'ownShare', ${answers.ownShare},
      'guessOptionId', ${answers.guessOptionId}, 'guessCorrect', ${answers.guessCorrect})`,
  })
  .from(answers)
  .where(and(eq(answers.userId, sql.placeholder('userId')), eq(answers.questionId, q.id)));
const m = alias(questions, 'm');
/** The group's members up to the day read for (one range of the covering questions_group_idx). */
const membersSoFar = and(eq(m.groupId, q.groupId), lte(m.date, date));
const memberCount = hotQuery.select({ n: count() }).from(m).where(membersSoFar);
/** The viewer's answers to the group up to that day (one range of the covering answers_user_group_idx). */
const answeredCount = hotQuery
  .select({ n: count() })
  .from(answers)
  .where(and(eq(answers.userId, userId), eq(answers.groupId, q.groupId), lte(answers.questionDate, date)));
const viewerAnswered = hotQuery
  .select({ one: sql`1` })
  .from(answers)
  .where(and(eq(answers.userId, userId), eq(answers.questionId, m.id)));
/**
 * The game days of the group's members so far that the viewer has not answered, or NULL when the counts say there
 * are none: an answer is unique per player and question and carries its question's group and game day, so as
 * many answers as members up to the day means every one of them is answered (two index ranges, ADR 0304). Only
 * otherwise is each member probed (answers_user_question_uq).
 */
const unansweredMembers = sql`CASE WHEN (${answeredCount}) = (${memberCount}) THEN NULL ELSE (${hotQuery
  .select({ dates: sql`json_group_array(${m.date})` })
  .from(m)
  .where(and(membersSoFar, sql`NOT EXISTS ${viewerAnswered}`))}) END`;
/**
 * This process holds the viewer's unanswered members of the group at the stored catalogue version (the caller sends
 * the version it holds them at, for the viewer's answers as the session read them; ADR 0306): then not read again.
 */
const daysKnown = sql`${CATALOGUE_VERSION_SQL} = ${sql.placeholder('daysCatalogue')}`;

/** A numeric group's lowest or highest answer: one seek at an end of answers_group_numeric_idx. */
const extreme = (order: 'asc' | 'desc') =>
  sql<number | null>`CASE WHEN ${q.type} = 'numeric' AND NOT ${reused} THEN (${hotQuery
    .select({ value: answers.numericValue })
    .from(answers)
    .where(and(eq(answers.groupId, q.groupId), isNotNull(answers.numericValue)))
    .orderBy(order === 'asc' ? asc(answers.numericValue) : desc(answers.numericValue))
    .limit(1)}) END`;

const resultsRead = hotRead(
  hotQuery
    .select({
      catalogueVersion: sql<number | null>`${CATALOGUE_VERSION_SQL}`,
      resultVersion,
      reused: sql`${reused}`.mapWith(Boolean),
      counters: sql`CASE WHEN ${reused} THEN NULL ELSE (${groupCounters}) END`.mapWith(
        parseJson<CounterTuple[]>,
      ),
      cells: sql`CASE WHEN ${reused} THEN NULL ELSE (${groupCells}) END`.mapWith(parseJson<CellTuple[]>),
      own: sql`CASE WHEN ${sql.placeholder('ownKnown')} THEN NULL ELSE (${ownAnswer}) END`.mapWith(
        parseJson<OwnAnswer>,
      ),
      min: extreme('asc'),
      max: extreme('desc'),
      daysKnown: sql`${daysKnown}`.mapWith(Boolean),
      unanswered: sql`CASE WHEN ${daysKnown} THEN NULL ELSE ${unansweredMembers} END`.mapWith((value) =>
        parseJson<string[]>(value).map((day): GroupMemberForViewer => ({ date: day, answered: false })),
      ),
      friendsVersion: friendsOnResultsVersion(userId, q.groupId),
      city: sql`CASE WHEN ${reused} AND ${sql.placeholder('cityKnown')} THEN NULL ELSE (${cityCounters}) END`.mapWith(
        parseJson<CounterTuple[]>,
      ),
    })
    .from(q)
    .leftJoin(v, eq(v.groupId, q.groupId))
    .where(eq(q.id, sql.placeholder('questionId')))
    .limit(1),
);

const toViewerAnswer = (own: OwnAnswer): ViewerAnswer => ({
  selectedOptionId: own.selectedOptionId,
  numericValue: own.numericValue,
  reveal: {
    revealedAt: own.revealedAt === null ? null : new Date(own.revealedAt),
    crowdTop: own.crowdTop,
    ownShare: own.ownShare,
    guessOptionId: own.guessOptionId,
    guessCorrect: own.guessCorrect === null ? null : own.guessCorrect === 1,
  },
});

/**
 * Everything a results request reads, in one statement keyed by the question (primary key): the catalogue version
 * (for the question from the cached catalogue), the viewer's own answer (unique user+question), and its link group's result version with — unless this process
 * already holds the group's counters at that version (engine/read-caches.ts) — the group's counter rows
 * (primary-key prefix: cost independent of the number of answers), for numeric questions the group's extremes
 * (one seek at each end of answers_group_numeric_idx), and the counter rows of the viewer's city (primary key;
 * also skipped when this process holds that city at that version), the group's members up to `date` the viewer
 * has not answered (ADR 0230; usually none, told by two index counts, ADR 0304; skipped when this process holds
 * them for the viewer's answers at `answersVersion` and the stored catalogue version, ADR 0306), and whether the
 * viewer has a friend, with the versions their friends on the results are kept at (ADR 0283). The counters and the
 * version come from one snapshot, so a cached read is used exactly while nothing in its group has changed.
 * Undefined for an unknown question.
 */
export async function findResultsRead(
  db: Database,
  read: {
    questionId: string;
    userId: string | null;
    /** The viewer's `users.answers_version` as the session read it. */
    answersVersion?: number;
    place: ViewerPlace;
    date: string;
  },
): Promise<ResultsRead | undefined> {
  const cache = resultsCache<CountersRead>(db);
  const cached = cache.peek(read.questionId);
  const hidden = hiddenDaysCache<HeldDays>(db);
  const viewerKey = read.userId === null ? null : `${read.userId} ${read.questionId}`;
  const heldDays = viewerKey === null ? undefined : hidden.peek(viewerKey);
  const sameAnswers = heldDays !== undefined && heldDays.value.answersVersion === read.answersVersion;
  const daysHeld = sameAnswers && heldDays.value.date === read.date;
  const revealedHeld = sameAnswers ? heldDays.value.revealed : undefined;
  const key = read.place ? cityKey(read.place) : null;
  // Nothing to read without a city; with one, only when this process does not hold it at the cached version.
  const cityKnown = key === null || cached?.value.cities.has(key) === true;
  const row = await resultsRead.first(db, {
    questionId: read.questionId,
    userId: read.userId,
    knownVersion: cached?.version ?? UNKNOWN_VERSION,
    country: read.place?.country ?? null,
    city: read.place?.city ?? null,
    cityKnown: cityKnown ? 1 : 0,
    date: read.date,
    daysCatalogue: daysHeld ? heldDays.version : UNKNOWN_VERSION,
    ownKnown: revealedHeld ? 1 : 0,
  });
  if (!row) return undefined;
  // The question itself from the game day's cached catalogue, validated by the version read above.
  const question = await findQuestionByIdCached(
    db,
    read.questionId,
    read.date,
    row.catalogueVersion ?? UNKNOWN_VERSION,
  );
  if (!question) return undefined;
  let group: CountersRead;
  if (row.reused && cached) {
    group = cached.value;
  } else {
    group = {
      counters: toCounterRows(row.counters),
      cells: toCellRows(row.cells),
      min: row.min,
      max: row.max,
      cities: new Map(),
    };
    cache.set(read.questionId, row.resultVersion, group);
  }
  let cityRows: CounterRow[] = [];
  if (key !== null) {
    // NULL only when skipped as known: the entry is there (a read's city map only ever grows).
    cityRows = row.city === null ? (group.cities.get(key) ?? []) : toCounterRows(row.city);
    if (row.city !== null && group.cities.size < MAX_CACHED_CITIES) group.cities.set(key, cityRows);
  }
  const daysRead = !(row.daysKnown && daysHeld);
  const unansweredMembers = daysRead ? (row.unanswered ?? NONE_UNANSWERED) : heldDays.value.members;
  const userAnswer = revealedHeld ?? (row.own ? toViewerAnswer(row.own) : undefined);
  const revealed = userAnswer?.reveal.revealedAt ? userAnswer : undefined;
  if (
    (daysRead || revealed !== revealedHeld) &&
    viewerKey !== null &&
    read.answersVersion !== undefined &&
    row.catalogueVersion !== null
  ) {
    hidden.set(viewerKey, row.catalogueVersion, {
      date: read.date,
      answersVersion: read.answersVersion,
      members: unansweredMembers,
      revealed,
    });
  }
  return {
    question,
    counters: group.counters,
    cells: group.cells,
    userAnswer,
    cityCounters: cityRows,
    min: group.min,
    max: group.max,
    unansweredMembers,
    viewerHasFriends: row.friendsVersion !== null,
    friendsVersion:
      row.friendsVersion === null || row.catalogueVersion === null
        ? undefined
        : `${row.catalogueVersion}.${row.friendsVersion}`,
  };
}
