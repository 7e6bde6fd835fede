import type { Database } from '../database';

/**
 * In-process cache of the game day's catalogue (schedule, topics, questions): the same for every player
 * and read by every daily-topics, answer and results request. Every statement that writes topics,
 * questions or schedules calls `catalogueChanged()` when it is built; because a built statement runs a
 * moment later (often inside a batch), reads bypass the cache for a short window after each change rather
 * than risk caching the pre-write state. The TTL bounds staleness from writers in other processes (scripts).
 * Entries are keyed by the database handle, so Workers (a handle per request) never share them.
 */
const TTL_MS = 5_000;
const WRITE_WINDOW_MS = 1_000;

let version = 0;
let bypassUntil = 0;
const byDb = new WeakMap<
  Database,
  Map<string, { version: number; loadedAt: number; value: Promise<unknown> }>
>();

export function catalogueChanged(): void {
  version++;
  bypassUntil = Date.now() + WRITE_WINDOW_MS;
}

export function cachedCatalogue<T>(db: Database, key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  if (now < bypassUntil) return load();
  let entries = byDb.get(db);
  if (!entries) {
    entries = new Map();
    byDb.set(db, entries);
  }
  const hit = entries.get(key);
  if (hit && hit.version === version && now - hit.loadedAt < TTL_MS) return hit.value as Promise<T>;
  if (entries.size > 256) entries.clear();
  const value = load();
  const entry = { version, loadedAt: now, value: value as Promise<unknown> };
  entries.set(key, entry);
  // A failed load is not remembered.
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}
