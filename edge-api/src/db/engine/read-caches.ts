import { sql } from 'drizzle-orm';
import type { Database } from '../database';
import { prerenderFirstValues } from './statements';

/**
 * In-process read caches of long-lived database handles (the Node process's one database; Workers build a
 * handle per request and read directly). Each entry carries the version it was read at, and is used only
 * while the database still stores that version — versions that triggers bump in the same transaction as
 * every write, whoever writes (another server process, a script), so the caches are exact across processes:
 *
 * - the catalogue (a game day's schedule, topics and questions — the same for every player), validated by
 *   the one-row `catalogue_version`. A load that starts after reading version V sees the catalogue at V or
 *   later; stored under V it can only be newer, and any write after V changes the version, so the next
 *   reader reloads;
 * - per question, the counters part of its results, validated by its link group's `result_versions` row,
 *   read in the same statement (one snapshot) as the counters it stores;
 * - per viewer and question, the viewer's friends on its results, validated by the versions of the viewer's
 *   friend list, of the group's friends' answers and of the catalogue (friends.queries findFriendAnswers);
 * - per viewer and question, the link group's game days the viewer has left unanswered (ADR 0230), validated by
 *   the catalogue version (read in the results statement) and `users.answers_version` (read with the session),
 *   for the game day read (docs/decisions/0306-results-read-costs.md);
 * - per player, their GET /api/me/stats read of a game day, validated by `users.stats_version`, read in the
 *   same statement as the figures it stores; the session reads the version with the user row, so a hit needs no
 *   statement (docs/decisions/0274-stats-read-cache.md);
 * - per session, the signed-in user (the session's users row), validated by `sessions.user_row_version`, which a
 *   trigger bumps with every change to that users row: a hit reads only the session row by its primary key, so
 *   an ended session (deleted row) or an expired one (its `expires_at`) counts at once
 *   (docs/decisions/0309-session-user-cache.md);
 * - per player and game day, their selection and answers as daily-topics reads them, validated by
 *   `users.answers_version` and `users.day_version`, read in the same statement; the session's user row carries
 *   both, so a hit needs no statement of its own (the same ADR).
 */

/** A bounded map of values, each tagged with the version it was read at (a number, or a string of several). */
class VersionedEntries<T, V extends number | string = number> {
  readonly #entries = new Map<string, { version: V; value: T }>();
  constructor(private readonly max: number) {}

  /** The entry of `key` whatever its version (the caller compares, or sends the version to SQL). */
  peek(key: string): { version: V; value: T } | undefined {
    return this.#entries.get(key);
  }

  /** The value of `key` if it was read at `version` (never for a negative, i.e. unknown, version). */
  at(key: string, version: V): T | undefined {
    const entry = this.#entries.get(key);
    return entry && (typeof version === 'string' || (version as number) >= 0) && entry.version === version
      ? entry.value
      : undefined;
  }

  set(key: string, version: V, value: T): void {
    if (this.#entries.size >= this.max && !this.#entries.has(key)) this.#entries.clear();
    this.#entries.set(key, { version, value });
  }

  /** Forgets `key` if it still holds `value` (a failed load). */
  forget(key: string, value: T): void {
    if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
  }
}

type ReadCaches = {
  catalogue: VersionedEntries<Promise<unknown>>;
  results: VersionedEntries<unknown>;
  friends: VersionedEntries<unknown, string>;
  hiddenDays: VersionedEntries<unknown>;
  stats: VersionedEntries<unknown>;
  sessionUsers: VersionedEntries<unknown>;
  playerDays: VersionedEntries<unknown, string>;
};
const caches = new WeakMap<Database, ReadCaches>();

/**
 * Viewers' friends on results kept per process (viewer × question): a bound, past which the map starts again. An
 * entry of a viewer with 100 friends holds about 7 KB of JSON and its rows.
 */
const FRIENDS_ENTRIES = 2_048;

/** Signed-in users kept per process (one per session in use): a bound, past which the map starts again. */
const SESSION_USER_ENTRIES = 20_000;

/** Lets `db` (a handle that lives as long as the process) keep catalogue and results reads between requests. */
export function enableReadCaches(db: Database): void {
  if (!caches.has(db))
    caches.set(db, {
      catalogue: new VersionedEntries(64),
      results: new VersionedEntries(4_096),
      friends: new VersionedEntries(FRIENDS_ENTRIES),
      // About 450 bytes each (the key, the day, the versions, the revealed answer; the usual list of unanswered
      // members is the one empty array): ~22 MB.
      hiddenDays: new VersionedEntries(50_000),
      // 12.6 KB each (a year's read, its shaped body and the body's 5 KB of JSON; measured): at most ~13 MB.
      stats: new VersionedEntries(1_024),
      // About 1 KB each (a users row without its hash): at most ~20 MB.
      sessionUsers: new VersionedEntries(SESSION_USER_ENTRIES),
      // Well under 1 KB each (a selection and up to twelve answers).
      playerDays: new VersionedEntries(SESSION_USER_ENTRIES),
    });
}

/** The one row of `catalogue_version`. */
export const CATALOGUE_VERSION_ROW = 1;
/** A version that never matches a cached entry (no row yet, or nothing read). */
export const UNKNOWN_VERSION = -1;

/** The stored version as a scalar subquery: hot statements select it as a column instead of a statement of its own. */
export const CATALOGUE_VERSION_SQL = sql`(SELECT version FROM catalogue_version WHERE id = 1)`;
const readVersion = prerenderFirstValues(sql`SELECT ${CATALOGUE_VERSION_SQL} AS version`);

/** The stored catalogue version (-1 before the migration's row exists, which never matches a load). */
export async function catalogueVersion(db: Database): Promise<number> {
  const row = await readVersion(db, {});
  return toVersion(row?.[0]);
}

/** A version read as a column of another statement (CATALOGUE_VERSION_SQL); null/absent → -1. */
export function toVersion(value: unknown): number {
  return value === null || value === undefined ? UNKNOWN_VERSION : Number(value);
}

/**
 * `load()` through the catalogue cache of `db`. `knownVersion` is the version a statement of this request reads
 * (CATALOGUE_VERSION_SQL) — or a function that waits for that statement, so that a handle without caches
 * (Workers) starts the load at once, beside the statement, while a cached handle waits for the version to
 * validate its entry. Without it the version is read here. A failed load is not kept.
 */
export async function cachedCatalogue<T>(
  db: Database,
  key: string,
  load: () => Promise<T>,
  knownVersion?: number | (() => Promise<number>),
): Promise<T> {
  const entries = caches.get(db)?.catalogue;
  if (!entries) return load();
  const version =
    typeof knownVersion === 'function'
      ? await knownVersion()
      : (knownVersion ?? (await catalogueVersion(db)));
  const hit = entries.at(key, version);
  if (hit) return hit as Promise<T>;
  const value = load();
  entries.set(key, version, value);
  value.catch(() => entries.forget(key, value));
  return value;
}

/**
 * One value of a cached catalogue: `pick` from `catalogue()` (read through cachedCatalogue) when `db` keeps a
 * catalogue cache and the catalogue holds the value; otherwise `direct()` — a handle without caches (Workers) reads the one row rather than a whole catalogue.
 */
export async function fromCachedCatalogue<C, T>(
  db: Database,
  catalogue: () => Promise<C>,
  pick: (catalogue: C) => T | undefined,
  direct: () => Promise<T | undefined>,
): Promise<T | undefined> {
  if (!caches.has(db)) return direct();
  return pick(await catalogue()) ?? direct();
}

/**
 * The results cache of `db` (one that keeps nothing on handles without caches): question id → the counters part of its
 * results at a result version. Callers send the held version to SQL, which returns the counters only when
 * the stored version differs, and store only what one statement read together.
 */
export function resultsCache<T>(db: Database): VersionedEntries<T> {
  return (caches.get(db)?.results ?? NO_ENTRIES) as VersionedEntries<T>;
}

/**
 * The friends cache of `db` (one that keeps nothing on handles without caches): viewer and question → the viewer's
 * friends on its results, at a version string that names every version they were read at.
 */
export function friendsCache<T>(db: Database): VersionedEntries<T, string> {
  return (caches.get(db)?.friends ?? NO_ENTRIES) as VersionedEntries<T, string>;
}

/**
 * The hidden-days cache of `db` (one that keeps nothing on handles without caches): viewer and question → the link
 * group's members the viewer has not answered, at the catalogue version of the statement that read them.
 */
export function hiddenDaysCache<T>(db: Database): VersionedEntries<T> {
  return (caches.get(db)?.hiddenDays ?? NO_ENTRIES) as VersionedEntries<T>;
}

/**
 * The stats cache of `db` (one that keeps nothing on handles without caches): user id → their stats read at the
 * stats version read in the same statement.
 */
export function statsCache<T>(db: Database): VersionedEntries<T> {
  return (caches.get(db)?.stats ?? NO_ENTRIES) as VersionedEntries<T>;
}

/**
 * The session user cache of `db` (one that keeps nothing on handles without caches): session id → the signed-in
 * user read at the session's `user_row_version`, read in the same statement.
 */
export function sessionUsersCache<T>(db: Database): VersionedEntries<T> {
  return (caches.get(db)?.sessionUsers ?? NO_ENTRIES) as VersionedEntries<T>;
}

/**
 * The player's day cache of `db` (one that keeps nothing on handles without caches): player and game day → their
 * selection and answers, at the `answers_version.day_version` read in the same statement.
 */
export function playerDaysCache<T>(db: Database): VersionedEntries<T, string> {
  return (caches.get(db)?.playerDays ?? NO_ENTRIES) as VersionedEntries<T, string>;
}

/** What a handle without caches keeps: nothing (every read goes to the database). */
const NO_ENTRIES = new (class extends VersionedEntries<never, never> {
  override set(): void {}
})(0);
