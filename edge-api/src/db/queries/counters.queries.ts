import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { AGE_BRACKETS, GENDERS, RACE_BRACKETS } from '@daily-tea/shared/domain/profile';
import { demographicKeys } from '@daily-tea/shared/domain/results';
import { PROVINCES, WEIGHTING_COUNTRY } from '@daily-tea/shared/domain/provinces';
import { CELL_SEPARATOR } from '@daily-tea/shared/domain/weighting';
import { SCHEME_AGES, SCHEME_GENDERS, SCHEME_RACES } from '@daily-tea/shared/domain/weighting-targets';
import { runBatch, type Database } from '../database';

/**
 * Result counters (schema `result_counters`): one row per (link group, bucket, option). Every write path
 * — an answer, a deletion of answers/users/a question, a full recount — goes through the same SQL
 * expansion of answer rows into buckets, so the counters cannot drift from a recount by construction.
 */

/** Bucket of a single answer row for the 'all' total. */
export const ALL_BUCKET = 'all';
/** Option id under which numeric answers are counted (valueSum carries their sum). */
export const NUMERIC_OPTION = '#';

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * `CASE column WHEN 'slug' THEN 'key' … END` built from shared/domain/results `demographicKeys`, so the
 * SQL buckets are exactly the keys the JS rules give (prefer-not-to-say gender and unknown slugs → NULL).
 */
function caseFor(
  column: string,
  slugs: readonly string[],
  keyOf: (slug: string) => string | undefined,
): string {
  const whens = slugs
    .map((slug) => [slug, keyOf(slug)] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
    .map(([slug, key]) => `WHEN ${quote(slug)} THEN ${quote(key)}`)
    .join(' ');
  return whens ? `CASE ${column} ${whens} END` : 'NULL';
}

const GENDER_CASE = caseFor(
  'a.gender',
  GENDERS,
  (g) => demographicKeys({ gender: g, ageBracket: null, raceBracket: null })[0],
);
const AGE_CASE = caseFor(
  'a.age_bracket',
  AGE_BRACKETS,
  (x) => demographicKeys({ gender: null, ageBracket: x, raceBracket: null })[0],
);
const RACE_CASE = caseFor(
  'a.race_bracket',
  RACE_BRACKETS,
  (x) => demographicKeys({ gender: null, ageBracket: null, raceBracket: x })[0],
);

/**
 * Trend and place buckets (decision 0171), maintained in the same statement as the others:
 * - `d:<question_date>`: per game day the group was asked (the trend of a re-asked question);
 * - `c:<country>`: the answer's country snapshot (By Country);
 * - `~city:["<country>","<city>"]`: its city snapshot (In {city}). '~' sorts after every other bucket, so
 *   the group read stops before the city rows (`bucket < '~'`, a primary-key range) and reads only the
 *   viewer's own city row by key — the number of cities never enters a results read.
 */
export const DATE_BUCKET_PREFIX = 'd:';
export const COUNTRY_BUCKET_PREFIX = 'c:';
export const CITY_BUCKET_PREFIX = '~city:';
/** Upper bound (exclusive) of every bucket a group read returns: everything but the city rows. */
export const CITY_BUCKETS_FROM = '~';

/** SQL of the city bucket of a (country, city) pair; NULL without a city. The viewer's key is built by the same SQL. */
export function cityBucketSql(country: string, city: string): string {
  return `CASE WHEN coalesce(${city}, '') <> '' THEN ${quote(CITY_BUCKET_PREFIX)} || json_array(coalesce(${country}, ''), ${city}) END`;
}
const DATE_CASE = `${quote(DATE_BUCKET_PREFIX)} || a.question_date`;
const COUNTRY_CASE = `CASE WHEN coalesce(a.country, '') <> '' THEN ${quote(COUNTRY_BUCKET_PREFIX)} || a.country END`;
const CITY_CASE = cityBucketSql('a.country', 'a.city');

/**
 * Day-scoped copies (ADR 0230, the link-group rule): every demographic, country and city bucket once more per
 * game day, as `~day:<question_date>|<bucket>` (the day's 'all' is its `d:<date>` row). They sort after the
 * city rows, so a group read never returns them; a results read that must leave a game day out (the viewer has
 * a member of that day unanswered) reads that day's rows by primary-key range and subtracts them.
 */
export const DAY_BUCKET_PREFIX = '~day:';
const dayScoped = (bucketCase: string) =>
  `${quote(DAY_BUCKET_PREFIX)} || a.question_date || '|' || (${bucketCase})`;

/**
 * Weighting cells (ADR 0292): `~w:<gender>|<age>|<race>|<province>` for an answer in the weighting scheme (ADR 0291;
 * province '' when not one of the nine), NULL for one outside it — built from the same lists as the domain's
 * `weightingCellOf`. '~w:' sorts after the city and day-scoped rows, so no other read returns them; the weighted
 * results read them by primary-key range.
 */
export const WEIGHTING_CELL_PREFIX = '~w:';
/** Upper bound (exclusive) of the cell rows' range. */
export const WEIGHTING_CELLS_TO = '~w;';
const sqlList = (values: readonly string[]) => `(${values.map(quote).join(', ')})`;
const CELL_CASE = `CASE WHEN a.country = ${quote(WEIGHTING_COUNTRY)} AND a.gender IN ${sqlList(SCHEME_GENDERS)}
  AND a.age_bracket IN ${sqlList(SCHEME_AGES)} AND a.race_bracket IN ${sqlList(SCHEME_RACES)}
  THEN ${quote(WEIGHTING_CELL_PREFIX)} || a.gender || ${quote(CELL_SEPARATOR)} || a.age_bracket || ${quote(CELL_SEPARATOR)}
    || a.race_bracket || ${quote(CELL_SEPARATOR)} || CASE WHEN a.province IN ${sqlList(PROVINCES)} THEN a.province ELSE '' END END`;

/** Which answer rows a counter delta is about (alias `a` = answers). */
export type AnswerFilter =
  | { kind: 'all' }
  | { kind: 'answerId'; id: string | Placeholder }
  | { kind: 'answerIds'; ids: readonly string[] }
  | { kind: 'userIds'; ids: readonly string[] }
  | { kind: 'questionId'; id: string }
  | { kind: 'questionIds'; ids: readonly string[] };

/** WHERE fragment over `answers a`; id lists travel as one JSON parameter (D1 caps bound parameters at 100). */
export function answerFilterSql(f: AnswerFilter): SQL {
  switch (f.kind) {
    case 'all':
      return sql`1 = 1`;
    case 'answerId':
      return sql`a.id = ${f.id}`;
    case 'answerIds':
      return sql`a.id IN (SELECT value FROM json_each(${JSON.stringify(f.ids)}))`;
    case 'userIds':
      return sql`a.user_id IN (SELECT value FROM json_each(${JSON.stringify(f.ids)}))`;
    case 'questionId':
      return sql`a.question_id = ${f.id}`;
    case 'questionIds':
      return sql`a.question_id IN (SELECT value FROM json_each(${JSON.stringify(f.ids)}))`;
  }
}

/**
 * (group_id, bucket, option_id, c, s, q) aggregated over the filtered answers: each answer counts once in
 * 'all', once per demographic key of its stored snapshot, once in its date and once per place of its
 * snapshot — and the demographic and place buckets once more scoped to its game day — and once in its weighting
 * cell. `q` sums squared numeric values. One pass over the answers (cross join with the thirteen bucket kinds — from
 * json_each, as D1 caps compound SELECTs at fewer terms), driven by the filter's index.
 */
function bucketAggregate(filter: AnswerFilter): SQL {
  return sql`SELECT group_id, bucket, option_id, count(*) AS c, total(numeric_value) AS s,
      total(numeric_value * numeric_value) AS q FROM (
    SELECT a.group_id AS group_id,
      CASE k.n WHEN 0 THEN ${sql.raw(quote(ALL_BUCKET))} WHEN 1 THEN ${sql.raw(GENDER_CASE)} WHEN 2 THEN ${sql.raw(AGE_CASE)}
        WHEN 3 THEN ${sql.raw(RACE_CASE)} WHEN 4 THEN ${sql.raw(DATE_CASE)} WHEN 5 THEN ${sql.raw(COUNTRY_CASE)}
        WHEN 6 THEN ${sql.raw(CITY_CASE)} WHEN 7 THEN ${sql.raw(dayScoped(GENDER_CASE))}
        WHEN 8 THEN ${sql.raw(dayScoped(AGE_CASE))} WHEN 9 THEN ${sql.raw(dayScoped(RACE_CASE))}
        WHEN 10 THEN ${sql.raw(dayScoped(COUNTRY_CASE))} WHEN 11 THEN ${sql.raw(dayScoped(CITY_CASE))}
        ELSE ${sql.raw(CELL_CASE)} END AS bucket,
      coalesce(a.selected_option_id, ${sql.raw(quote(NUMERIC_OPTION))}) AS option_id,
      a.numeric_value AS numeric_value
    FROM answers a CROSS JOIN (SELECT value AS n FROM json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12]')) k
    WHERE ${answerFilterSql(filter)}
  ) WHERE bucket IS NOT NULL GROUP BY group_id, bucket, option_id`;
}

/**
 * Adds (sign 1) or subtracts (sign -1) the filtered answers to/from the counters. Run it while the rows
 * exist: after inserting them, before deleting them. Guarded by nature: no matching rows, no change.
 */
export function counterDeltaStatement(db: Database, filter: AnswerFilter, sign: 1 | -1): BatchItem<'sqlite'> {
  return db.run(counterDeltaSql(filter, sign));
}

/** The SQL of `counterDeltaStatement` (prerendered for the answer write). */
export function counterDeltaSql(filter: AnswerFilter, sign: 1 | -1): SQL {
  return sql`INSERT INTO result_counters (group_id, bucket, option_id, count, value_sum, value_sq_sum)
    SELECT group_id, bucket, option_id, ${sign} * c, ${sign} * s, ${sign} * q FROM (${bucketAggregate(filter)}) WHERE true
    ON CONFLICT (group_id, bucket, option_id) DO UPDATE SET
      count = result_counters.count + excluded.count,
      value_sum = result_counters.value_sum + excluded.value_sum,
      value_sq_sum = result_counters.value_sq_sum + excluded.value_sq_sum`;
}

/** Drops counter rows that reached zero in the groups the filtered answers belong to (run before deleting them). */
export function pruneZeroCountersStatement(db: Database, filter: AnswerFilter): BatchItem<'sqlite'> {
  return db.run(sql`DELETE FROM result_counters WHERE count <= 0
    AND group_id IN (SELECT DISTINCT a.group_id FROM answers a WHERE ${answerFilterSql(filter)})`);
}

/** users.total_answers minus the filtered answers per user (run before deleting them). */
export function decrementUserTotalsStatement(db: Database, filter: AnswerFilter): BatchItem<'sqlite'> {
  return db.run(sql`UPDATE users SET total_answers = max(0, users.total_answers - d.c)
    FROM (SELECT a.user_id AS user_id, count(*) AS c FROM answers a WHERE ${answerFilterSql(filter)} GROUP BY a.user_id) AS d
    WHERE users.id = d.user_id`);
}

/** questions.answer_count minus the filtered answers per question (run before deleting them). */
export function decrementQuestionCountsStatement(db: Database, filter: AnswerFilter): BatchItem<'sqlite'> {
  return db.run(sql`UPDATE questions SET answer_count = max(0, questions.answer_count - d.c)
    FROM (SELECT a.question_id AS question_id, count(*) AS c FROM answers a WHERE ${answerFilterSql(filter)} GROUP BY a.question_id) AS d
    WHERE questions.id = d.question_id`);
}

/** Rebuilds result_counters, questions.answer_count and users.total_answers from the answers (one batch). */
export async function recountAllCounters(db: Database): Promise<void> {
  await runBatch(db, [
    db.run(sql`DELETE FROM result_counters`),
    counterDeltaStatement(db, { kind: 'all' }, 1),
    db.run(
      sql`UPDATE questions SET answer_count = coalesce((SELECT count(*) FROM answers a WHERE a.question_id = questions.id), 0)`,
    ),
    db.run(
      sql`UPDATE users SET total_answers = coalesce((SELECT count(*) FROM answers a WHERE a.user_id = users.id), 0)`,
    ),
  ]);
}

/**
 * True when every maintained counter equals a full recount: result_counters (ignoring zero rows, sums
 * compared to 6 decimals), questions.answer_count and users.total_answers. For tests and diagnostics.
 */
export async function countersEqualRecount(
  db: Database,
  /** 'before-weighting': as the counters were before migration 0027/0028 (no cells, no squares), for older migrations' tests. */
  scope: 'all' | 'before-weighting' = 'all',
): Promise<boolean> {
  const now = scope === 'all';
  const q = now ? sql`round(q, 4)` : sql`0`;
  const cells = now ? sql`` : sql` WHERE bucket NOT LIKE '~w:%'`;
  const stored = sql`SELECT group_id, bucket, option_id, c, s, ${q} AS q FROM (SELECT group_id, bucket, option_id,
    count AS c, round(value_sum, 6) AS s, value_sq_sum AS q FROM result_counters
    WHERE count <> 0 OR abs(value_sum) > 0.000001 OR abs(value_sq_sum) > 0.0001)${cells}`;
  const expected = sql`SELECT group_id, bucket, option_id, c, round(s, 6) AS s, ${q} AS q FROM (${bucketAggregate({ kind: 'all' })})${cells}`;
  const rows = await db.all<{ n: number }>(sql`SELECT
    (SELECT count(*) FROM (${stored} EXCEPT ${expected}))
    + (SELECT count(*) FROM (${expected} EXCEPT ${stored}))
    + (SELECT count(*) FROM questions q WHERE q.answer_count <> (SELECT count(*) FROM answers a WHERE a.question_id = q.id))
    + (SELECT count(*) FROM users u WHERE u.total_answers <> (SELECT count(*) FROM answers a WHERE a.user_id = u.id))
    AS n`);
  return Number(rows[0]?.n ?? -1) === 0;
}
