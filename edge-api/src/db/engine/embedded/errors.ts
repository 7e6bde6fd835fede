import { LibsqlError } from '@libsql/client';

/** How the embedded client names SQLite's failures: the stock driver's `LibsqlError`s and codes, and lock waits. */

/**
 * Pauses between attempts to get the lock (ms); the last one repeats. Shorter than SQLite's own busy handler's:
 * an attempt costs microseconds and the other process of the cluster holds the lock for about a millisecond per
 * group commit, so a waiting writer gets in at the next gap instead of sleeping through several of them.
 */
export const BUSY_DELAYS = [1, 1, 2, 2, 4, 4, 8, 8, 16, 16, 25];

/**
 * Statements that run directly, outside the write path: reads, and the PRAGMAs and transaction control that
 * must not (or cannot) run inside a transaction. Everything else — INSERT, UPDATE, DELETE, DDL, and any WITH
 * (it may end in a write) — needs the write lock, and gets it only through the group commit's
 * `BEGIN IMMEDIATE` (see #enqueue): a write statement that fails with SQLITE_BUSY on its own would stay
 * "in progress" (the engine does not reset it), and SQLite then refuses every SAVEPOINT and COMMIT of the
 * connection ("SQL statements in progress").
 */
const DIRECT_SQL =
  /^\s*(?:select|pragma|explain|values|begin|commit|end|rollback|savepoint|release|vacuum|attach|detach)\b/i;

/** Whether a statement must get SQLite's write lock through the group commit (see DIRECT_SQL). */
export function needsWriteLock(sql: string): boolean {
  return !DIRECT_SQL.test(sql);
}

/** SQLITE_BUSY: another connection holds the lock this statement needs; nothing was written. */
export function isBusyError(err: unknown): boolean {
  return (
    err instanceof LibsqlError &&
    (err.code === 'SQLITE_BUSY' || (err.rawCode !== undefined && (err.rawCode & 0xff) === 5))
  );
}

export function busyTimeoutError(waitedMs: number, cause: unknown): LibsqlError {
  return new LibsqlError(
    `database is locked (waited ${waitedMs} ms for another connection's write to finish)`,
    'SQLITE_BUSY',
    'SQLITE_BUSY',
    5,
    cause instanceof Error ? cause : undefined,
  );
}

const BASE_CODES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  2: 'SQLITE_INTERNAL',
  3: 'SQLITE_PERM',
  4: 'SQLITE_ABORT',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  9: 'SQLITE_INTERRUPT',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  12: 'SQLITE_NOTFOUND',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  15: 'SQLITE_PROTOCOL',
  16: 'SQLITE_EMPTY',
  17: 'SQLITE_SCHEMA',
  18: 'SQLITE_TOOBIG',
  19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH',
  21: 'SQLITE_MISUSE',
  22: 'SQLITE_NOLFS',
  23: 'SQLITE_AUTH',
  24: 'SQLITE_FORMAT',
  25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB',
};

export function toLibsqlError(err: unknown): unknown {
  if (err instanceof LibsqlError || !(err instanceof Error)) return err;
  const { code, rawCode } = err as Error & { code?: unknown; rawCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('SQLITE')) return err;
  const base =
    typeof rawCode === 'number'
      ? (BASE_CODES[rawCode & 0xff] ?? `SQLITE_UNKNOWN_${rawCode & 0xff}`)
      : 'SQLITE_UNKNOWN';
  return new LibsqlError(err.message, base, code, typeof rawCode === 'number' ? rawCode : undefined, err);
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * Runs `attempt` (synchronous SQLite work that has no effect when it fails with SQLITE_BUSY) until it succeeds,
 * fails otherwise, or `timeoutMs` passes — waiting between attempts with timers, so the event loop stays free for
 * everyone else. `checkOpen` throws once the connection was closed meanwhile.
 */
export async function retryBusy<T>(attempt: () => T, timeoutMs: number, checkOpen: () => void): Promise<T> {
  const started = Date.now();
  for (let i = 0; ; i++) {
    try {
      return attempt();
    } catch (err) {
      if (!isBusyError(err)) throw err;
      const waited = Date.now() - started;
      if (waited >= timeoutMs) throw busyTimeoutError(waited, err);
      await sleep(Math.min(BUSY_DELAYS[Math.min(i, BUSY_DELAYS.length - 1)]!, timeoutMs - waited));
      checkOpen();
    }
  }
}
