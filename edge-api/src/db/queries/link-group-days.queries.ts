import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import { derivedOnceFor } from '../engine/json';
import { hotRow } from '../engine/statements';
import { ALL_BUCKET, DATE_BUCKET_PREFIX, DAY_BUCKET_PREFIX, cityBucketSql } from './counters.queries';
import type { CounterRow } from './results.queries';
import type { ViewerPlace } from './player-day.queries';

/**
 * The link-group rule's read (ADR 0230): what some game days of a group contributed to its counters, so a
 * viewer's results can leave those days out. Per day: its `d:<date>` rows (the day's 'all' and trend point),
 * its day-scoped demographic and country rows (one primary-key range, `~day:<date>|` up to the day's city rows)
 * and the day-scoped row of the viewer's city (primary key). Cost: days × (options × buckets), never answers.
 * For numeric questions also the extremes of the group without those days (answers_group_numeric_idx, in order
 * from each end).
 */

export type HiddenDaysRead = {
  /** The hidden days' rows: 'd:<date>' as stored, day-scoped rows as `~day:<date>|<bucket>`. */
  dayRows: CounterRow[];
  min: number | null;
  max: number | null;
};

const dates = sql`(SELECT value AS date FROM json_each(${sql.placeholder('dates')}))`;
const groupId = sql.placeholder('groupId');
const rowsJson = sql`json_group_array(json_array(c.bucket, c.option_id, c.count, c.value_sum))`;
const extreme = (order: 'ASC' | 'DESC') =>
  sql`CASE WHEN ${sql.placeholder('numeric')} THEN (SELECT numeric_value FROM answers WHERE group_id = ${groupId}
    AND numeric_value IS NOT NULL AND question_date NOT IN ${dates}
    ORDER BY numeric_value ${sql.raw(order)} LIMIT 1) END`;

function parseRows(json: unknown): CounterRow[] {
  return (JSON.parse(String(json)) as [string, string, number, number][]).map(
    ([bucket, optionId, count, valueSum]) => ({ bucket, optionId, count, valueSum }),
  );
}

const hiddenDaysRead = hotRow({
  dateRows: sql`(SELECT ${rowsJson} FROM ${dates} d JOIN result_counters c ON c.group_id = ${groupId}
      AND c.bucket = ${DATE_BUCKET_PREFIX} || d.date)`.mapWith(parseRows),
  dayRows: sql`(SELECT ${rowsJson} FROM ${dates} d JOIN result_counters c ON c.group_id = ${groupId}
      AND c.bucket >= ${DAY_BUCKET_PREFIX} || d.date || '|' AND c.bucket < ${DAY_BUCKET_PREFIX} || d.date || '|~')`.mapWith(
    parseRows,
  ),
  cityRows: sql`(SELECT ${rowsJson} FROM ${dates} d JOIN result_counters c ON c.group_id = ${groupId}
      AND c.bucket = ${DAY_BUCKET_PREFIX} || d.date || '|' || (SELECT ${sql.raw(cityBucketSql('p.country', 'p.city'))}
        FROM (SELECT ${sql.placeholder('country')} AS country, ${sql.placeholder('city')} AS city) p))`.mapWith(
    parseRows,
  ),
  min: sql<number | null>`${extreme('ASC')}`,
  max: sql<number | null>`${extreme('DESC')}`,
});

/** The counter rows of `days` in a link group (and the group's numeric extremes without them). */
export async function findHiddenDays(
  db: Database,
  q: { groupId: string; days: readonly string[]; numeric: boolean; place: ViewerPlace },
): Promise<HiddenDaysRead> {
  const row = await hiddenDaysRead.first(db, {
    dates: JSON.stringify(q.days),
    groupId: q.groupId,
    numeric: q.numeric ? 1 : 0,
    country: q.place?.country ?? null,
    city: q.place?.city ?? null,
  });
  return {
    dayRows: [...(row?.dateRows ?? []), ...(row?.dayRows ?? []), ...(row?.cityRows ?? [])],
    min: row?.min ?? null,
    max: row?.max ?? null,
  };
}

const keyOf = (bucket: string, optionId: string) => `${bucket}\u0000${optionId}`;

/**
 * Counter rows without the hidden days: each day's `d:<date>` rows leave the trend and are taken from 'all';
 * each day-scoped row is taken from the bucket it copies (demographic, country, city). Rows that reach zero go.
 * Pure; returns new arrays (never touches the cached ones).
 */
export function withoutHiddenDays(rows: readonly CounterRow[], dayRows: readonly CounterRow[]): CounterRow[] {
  const minus = new Map<string, { count: number; valueSum: number }>();
  const dropped = new Set<string>();
  const take = (bucket: string, r: CounterRow) => {
    const key = keyOf(bucket, r.optionId);
    const m = minus.get(key) ?? { count: 0, valueSum: 0 };
    minus.set(key, { count: m.count + r.count, valueSum: m.valueSum + r.valueSum });
  };
  for (const r of dayRows) {
    if (r.bucket.startsWith(DATE_BUCKET_PREFIX)) {
      dropped.add(r.bucket);
      take(ALL_BUCKET, r);
    } else if (r.bucket.startsWith(DAY_BUCKET_PREFIX)) {
      take(r.bucket.slice(r.bucket.indexOf('|') + 1), r);
    }
  }
  const kept: CounterRow[] = [];
  for (const r of rows) {
    if (dropped.has(r.bucket)) continue;
    const m = minus.get(keyOf(r.bucket, r.optionId));
    const row = m ? { ...r, count: r.count - m.count, valueSum: r.valueSum - m.valueSum } : r;
    if (row.count > 0) kept.push(row);
  }
  return kept;
}

/** The parts of a results read that the link-group rule changes. */
export type GroupCountersRead = {
  counters: readonly CounterRow[];
  cityCounters: readonly CounterRow[];
  min: number | null;
  max: number | null;
};

/**
 * `read` without what `days` of its link group contributed (the link-group rule, ADR 0230): the counters, the
 * viewer's city rows and a numeric group's extremes. Computed once per counters read and set of days (and per city
 * rows and days): a cached read (engine/read-caches.ts) is the same object for as long as its group is unchanged,
 * so every viewer missing the same days gets the same arrays — and with them the group's shaped JSON — without
 * reading or subtracting again. On a handle without caches each read is new and it is computed each time.
 */
export async function findWithoutHiddenDays<R extends GroupCountersRead>(
  db: Database,
  read: R,
  q: { groupId: string; days: readonly string[]; numeric: boolean; place: ViewerPlace },
): Promise<R> {
  const daysKey = q.days.join(',');
  let hidden: Promise<HiddenDaysRead> | undefined;
  const hiddenRead = () => (hidden ??= findHiddenDays(db, q));
  const [group, cityCounters] = await Promise.all([
    derivedOnceFor(read.counters, daysKey, async () => {
      const { dayRows, min, max } = await hiddenRead();
      return { counters: withoutHiddenDays(read.counters, dayRows), min, max };
    }),
    read.cityCounters.length === 0
      ? read.cityCounters
      : derivedOnceFor(read.cityCounters, daysKey, async () =>
          withoutHiddenDays(read.cityCounters, (await hiddenRead()).dayRows),
        ),
  ]);
  return { ...read, counters: group.counters, cityCounters, min: group.min, max: group.max };
}
