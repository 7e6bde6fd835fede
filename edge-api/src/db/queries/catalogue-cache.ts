import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import { prerenderValues } from '../prerendered';

/**
 * In-process cache of a game day's catalogue (schedule, topics, questions): the same for every player and
 * read by every daily-topics, answer and results request. It is exact across processes: triggers bump
 * `catalogue_version` in the same transaction as every catalogue write, whoever writes (another server
 * process of the cluster, a script), and every cached read first reads that one-row version — an entry is
 * used only while the version it was loaded at is still the stored one.
 *
 * A load that starts after reading version V sees the catalogue at V or later; stored under V, it can only
 * be newer than V, and any write after V changes the version, so the next reader reloads. Only long-lived
 * handles opt in (the Node process's database); Workers build a handle per request and read directly.
 */
const MAX_ENTRIES = 64;

type Entry = { version: number; value: Promise<unknown> };
const caches = new WeakMap<Database, Map<string, Entry>>();

/** The stored version as a scalar subquery: hot statements select it as a column instead of a statement of its own. */
export const CATALOGUE_VERSION_SQL = sql`(SELECT version FROM catalogue_version WHERE id = 1)`;
const readVersion = prerenderValues(sql`SELECT ${CATALOGUE_VERSION_SQL} AS version LIMIT 1`);

/** Per-question results reads of long-lived handles, each valid while its group's result version stands. */
const resultCaches = new WeakMap<Database, Map<string, { version: number; value: unknown }>>();
const MAX_RESULT_ENTRIES = 4_096;

/**
 * Lets `db` (a handle that lives as long as the process) keep catalogue and results reads between requests,
 * each validated by a version the same request reads from the database (catalogue_version, result_versions).
 */
export function enableReadCaches(db: Database): void {
  if (!caches.has(db)) caches.set(db, new Map());
  if (!resultCaches.has(db)) resultCaches.set(db, new Map());
}

/**
 * The results cache of `db` (undefined on handles without caches): question id → the read at a result
 * version. Callers read the group's version in the same statement as the counters and store only what they
 * read together, so an entry is used exactly while no counter of its group has changed.
 */
export function resultsCache<T>(db: Database): { get(id: string): { version: number; value: T } | undefined; set(id: string, version: number, value: T): void } | undefined {
  const entries = resultCaches.get(db);
  if (!entries) return undefined;
  return {
    get: (id) => entries.get(id) as { version: number; value: T } | undefined,
    set: (id, version, value) => {
      if (entries.size >= MAX_RESULT_ENTRIES && !entries.has(id)) entries.clear();
      entries.set(id, { version, value });
    },
  };
}

export function isCatalogueCached(db: Database): boolean {
  return caches.has(db);
}

/** The stored catalogue version (-1 before the migration's row exists, which never matches a load). */
export async function catalogueVersion(db: Database): Promise<number> {
  const [row] = await readVersion(db, {});
  return toVersion(row?.[0]);
}

/** A version read as a column of another statement (CATALOGUE_VERSION_SQL); null/absent → -1. */
export function toVersion(value: unknown): number {
  return value === null || value === undefined ? -1 : Number(value);
}

/**
 * `load()` through the cache of `db` (a plain call on handles without one). `knownVersion` is the version a
 * statement of this request has just read (CATALOGUE_VERSION_SQL); without it the version is read here.
 * A failed load is not kept.
 */
export async function cachedCatalogue<T>(
  db: Database,
  key: string,
  load: () => Promise<T>,
  knownVersion?: number,
): Promise<T> {
  const entries = caches.get(db);
  if (!entries) return load();
  const version = knownVersion ?? (await catalogueVersion(db));
  const hit = entries.get(key);
  if (hit && hit.version === version && version >= 0) return hit.value as Promise<T>;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  const value = load();
  const entry: Entry = { version, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}
