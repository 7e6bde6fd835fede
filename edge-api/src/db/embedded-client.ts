import type { ScanReader, ValueReader } from './prerendered';
import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type ResultSet,
  type Row,
  type TransactionMode,
  type Value,
} from '@libsql/client';
import Libsql from 'libsql';

/**
 * The embedded (`file:`) side of the database seam, as a @libsql/client `Client` for drizzle-orm/libsql.
 *
 * @libsql/client's own file driver re-prepares every statement, asks SQLite for the column list twice per
 * call and builds each row with one `Object.defineProperty` per value — on the hot paths that is most of
 * the database time. This client talks to the same `libsql` engine but keeps a bounded cache of prepared
 * statements (SQLite re-prepares them itself after a schema change) and builds rows from one shared
 * prototype per statement, and it group-commits the batches of concurrent requests (see `batch`).
 * Semantics are the driver's: each `batch` and `migrate` is atomic and rolled back on any error; errors are
 * `LibsqlError`s with the same codes; rows are array-like with the column names as their only enumerable
 * keys, which is what drizzle reads in both of its row modes; blobs are `ArrayBuffer`s. It is declared as
 * implementing `Client`, so the compiler holds it to the driver's interface; the API suite runs on it and on the
 * stock driver alike (vitest projects `edge-api` and `edge-api:libsql`).
 */

/** What the engine hands back (blobs as Buffers); rows carry `Value`s (blobs as ArrayBuffers), as the driver's do. */
type EngineValue = null | string | number | bigint | Buffer;

type Prepared = {
  statement: Libsql.Statement;
  reader: boolean;
  columns: string[];
  columnTypes: string[];
  rowPrototype: object;
  /** [index, name] of the columns that become a row's own properties (first of a repeated name wins). */
  named: [number, string][];
};

type BatchStatements = (InStatement | [string, InArgs?])[];
/** A write waiting for the group commit: a batch, or a single statement that needs the write lock. */
type PendingWrite = {
  /** The synchronous SQLite work, run inside the group's transaction (its own savepoint when grouped). */
  work: () => unknown;
  resolve: (value: never) => void;
  reject: (err: unknown) => void;
  /** Until when this write may wait for SQLite's write lock (ms since the epoch). */
  deadline: number;
};

export type EmbeddedClientOptions = {
  /**
   * How long a statement or batch waits for SQLite's write lock while another connection (a process of the
   * cluster, a script) holds it, before failing with SQLITE_BUSY. Waiting is asynchronous — the connection's
   * own busy timeout is 0 — so other requests keep being served meanwhile. Default 5 000 ms.
   */
  busyTimeoutMs?: number;
};

/**
 * Pauses between attempts to get the lock (ms); the last one repeats. Shorter than SQLite's own busy handler's:
 * an attempt costs microseconds and the other process of the cluster holds the lock for about a millisecond per
 * group commit, so a waiting writer gets in at the next gap instead of sleeping through several of them.
 */
const BUSY_DELAYS = [1, 1, 2, 2, 4, 4, 8, 8, 16, 16, 25];

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

function busyTimeoutError(waitedMs: number, cause: unknown): LibsqlError {
  return new LibsqlError(
    `database is locked (waited ${waitedMs} ms for another connection's write to finish)`,
    'SQLITE_BUSY',
    'SQLITE_BUSY',
    5,
    cause instanceof Error ? cause : undefined,
  );
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

const VALUES = Symbol('values');
/** Captured at load: a test that fakes timers later must not stall every database write. */
const nextTurn: (fn: () => void) => unknown = globalThis.setImmediate.bind(globalThis);
/** Enough for every distinct statement the API sends; multi-row inserts of varying size are not cached. */
const MAX_CACHED = 512;
const MAX_CACHED_SQL_LENGTH = 8_000;

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

function toLibsqlError(err: unknown): unknown {
  if (err instanceof LibsqlError || !(err instanceof Error)) return err;
  const { code, rawCode } = err as Error & { code?: unknown; rawCode?: unknown };
  if (typeof code !== 'string' || !code.startsWith('SQLITE')) return err;
  const base =
    typeof rawCode === 'number'
      ? (BASE_CODES[rawCode & 0xff] ?? `SQLITE_UNKNOWN_${rawCode & 0xff}`)
      : 'SQLITE_UNKNOWN';
  return new LibsqlError(err.message, base, code, typeof rawCode === 'number' ? rawCode : undefined, err);
}

function toSqlValue(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'bigint':
      return value;
    case 'number':
      if (!Number.isFinite(value))
        throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'undefined':
      throw new TypeError('undefined cannot be passed as argument to the database');
    default:
      if (value === null || Buffer.isBuffer(value)) return value;
      if (value instanceof Date) return value.valueOf();
      if (value instanceof ArrayBuffer) return Buffer.from(value);
      if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      return value;
  }
}

function bindArgs(args: InArgs | undefined): unknown[] {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(toSqlValue);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    named[name[0] === '@' || name[0] === '$' || name[0] === ':' ? name.slice(1) : name] = toSqlValue(value);
  }
  return [named];
}

/** @libsql/client hands blobs out as ArrayBuffers; the engine gives Buffers. */
function toValue(value: EngineValue): Value {
  return value instanceof Uint8Array
    ? (value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer)
    : value;
}

/** Converts a row's blobs in place (rare: no column of this project's schema is a blob). */
function toValues(values: EngineValue[]): Value[] {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && typeof v === 'object') (values as unknown as Value[])[i] = toValue(v);
  }
  return values as unknown as Value[];
}

/** One prototype per statement: indices and `length` as non-enumerable getters over the raw values array. */
function rowPrototypeFor(count: number): object {
  const proto: Record<string | symbol, unknown> = {};
  Object.defineProperty(proto, 'length', { value: count });
  for (let i = 0; i < count; i++) {
    Object.defineProperty(proto, i, {
      get(this: { [VALUES]: Value[] }) {
        return this[VALUES][i];
      },
    });
  }
  return proto;
}

/** First column of a name wins (joins repeat `id`); indices and `length` stay the prototype's. */
function namedColumns(columns: string[]): [number, string][] {
  const seen = new Set<string>();
  const named: [number, string][] = [];
  columns.forEach((name, i) => {
    if (seen.has(name) || name === 'length' || /^\d+$/.test(name)) return;
    seen.add(name);
    named.push([i, name]);
  });
  return named;
}

function makeRow(prepared: Prepared, engineValues: EngineValue[]): Row {
  const values = toValues(engineValues);
  const row = Object.create(prepared.rowPrototype) as Record<string | symbol, unknown>;
  Object.defineProperty(row, VALUES, { value: values }); // non-enumerable: spreads and JSON see names only
  const { named } = prepared;
  for (let i = 0; i < named.length; i++) {
    const [index, name] = named[i]!;
    row[name] = values[index];
  }
  return row as unknown as Row;
}

class EmbeddedResultSet implements ResultSet {
  constructor(
    readonly columns: string[],
    readonly columnTypes: string[],
    readonly rows: Row[],
    readonly rowsAffected: number,
    readonly lastInsertRowid: bigint | undefined,
  ) {}

  toJSON(): unknown {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) =>
        Array.from({ length: row.length }, (_, i) => {
          const v = row[i];
          return typeof v === 'bigint' ? String(v) : v;
        }),
      ),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid === undefined ? null : String(this.lastInsertRowid),
    };
  }
}

function beginStatement(mode: TransactionMode): string {
  if (mode === 'write') return 'BEGIN IMMEDIATE';
  if (mode === 'read') return 'BEGIN TRANSACTION READONLY';
  return 'BEGIN DEFERRED';
}

/** `file:` URL → the path libsql opens (`:memory:` for in-memory databases). */
export function embeddedPath(url: string): string {
  const withoutQuery = url.split('?')[0]!;
  if (withoutQuery.includes(':memory:')) return ':memory:';
  if (withoutQuery.startsWith('file://')) return decodeURIComponent(new URL(withoutQuery).pathname);
  return withoutQuery.slice('file:'.length);
}

export class EmbeddedClient implements Client, ValueReader {
  readonly protocol = 'file';
  closed = false;
  readonly #db: Libsql.Database;
  readonly #cache = new Map<string, Prepared>();
  readonly #busyTimeoutMs: number;
  readonly #path: string;
  #pending: PendingWrite[] = [];
  /** A flush is scheduled (next turn, or a retry while another connection holds the write lock). */
  #flushScheduled = false;
  #busyAttempt = 0;
  #groupCommits = 0;

  constructor(path: string, options: EmbeddedClientOptions = {}) {
    this.#busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    this.#path = path;
    try {
      this.#db = new Libsql(path);
      // Never block the event loop on SQLite's lock: a busy statement fails at once and is retried
      // asynchronously (#retryBusy, #flush) while the process serves other requests.
      this.#db.exec('PRAGMA busy_timeout = 0');
    } catch (err) {
      throw toLibsqlError(err);
    }
  }

  /**
   * Runs `attempt` (synchronous SQLite work that has no effect when it fails with SQLITE_BUSY) until it
   * succeeds, fails otherwise, or the busy timeout passes — waiting between attempts with timers, so the
   * event loop stays free for everyone else.
   */
  async #retryBusy<T>(attempt: () => T): Promise<T> {
    const started = Date.now();
    for (let i = 0; ; i++) {
      try {
        return attempt();
      } catch (err) {
        if (!isBusyError(err)) throw err;
        const waited = Date.now() - started;
        if (waited >= this.#busyTimeoutMs) throw busyTimeoutError(waited, err);
        await sleep(
          Math.min(BUSY_DELAYS[Math.min(i, BUSY_DELAYS.length - 1)]!, this.#busyTimeoutMs - waited),
        );
        this.#checkOpen();
      }
    }
  }

  /**
   * Runs a single statement's work now; only if another connection holds the lock it needs (SQLITE_BUSY — a
   * statement on its own is its own transaction, so it did nothing) is it retried asynchronously.
   */
  #now<T>(work: () => T): T | Promise<T> {
    try {
      return work();
    } catch (err) {
      if (!isBusyError(err) || this.#db.inTransaction) throw err;
      return this.#retryBusy(work);
    }
  }

  /** How many statements are cached (tests). */
  get cachedStatements(): number {
    return this.#cache.size;
  }

  #prepare(sql: string): Prepared {
    const hit = this.#cache.get(sql);
    if (hit) {
      // Least recently used goes first: re-insert on use.
      this.#cache.delete(sql);
      this.#cache.set(sql, hit);
      return hit;
    }
    const statement = this.#db.prepare(sql);
    const reader = statement.reader;
    if (reader) statement.raw(true);
    const columnDefs = reader ? statement.columns() : [];
    const prepared: Prepared = {
      statement,
      reader,
      columns: columnDefs.map((c) => c.name),
      columnTypes: columnDefs.map((c) => c.type ?? ''),
      rowPrototype: rowPrototypeFor(columnDefs.length),
      named: namedColumns(columnDefs.map((c) => c.name)),
    };
    if (/^\s*(create|drop|alter)\b/i.test(sql)) {
      this.#cache.clear(); // column lists of cached statements may change
    } else if (sql.length <= MAX_CACHED_SQL_LENGTH) {
      if (this.#cache.size >= MAX_CACHED) this.#cache.delete(this.#cache.keys().next().value!);
      this.#cache.set(sql, prepared);
    }
    return prepared;
  }

  #run(stmt: InStatement): EmbeddedResultSet {
    const { sql, args } = typeof stmt === 'string' ? { sql: stmt, args: undefined } : stmt;
    try {
      const prepared = this.#prepare(sql);
      const bound = bindArgs(args);
      if (prepared.reader) {
        const raw = prepared.statement.all(...bound) as EngineValue[][];
        const rows = new Array<Row>(raw.length);
        for (let i = 0; i < raw.length; i++) rows[i] = makeRow(prepared, raw[i]!);
        return new EmbeddedResultSet(prepared.columns, prepared.columnTypes, rows, 0, undefined);
      }
      const info = prepared.statement.run(...bound);
      return new EmbeddedResultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    } catch (err) {
      throw toLibsqlError(err);
    }
  }

  #checkOpen(): void {
    if (this.closed) throw new LibsqlError('The client is closed', 'CLIENT_CLOSED');
  }

  /** Runs a read on its cached statement with `read`; a statement that is not a read runs and yields `otherwise`. */
  #readDirect<T>(
    sql: string,
    args: InArgs,
    read: (statement: Libsql.Statement, bound: unknown[]) => T,
    otherwise: T,
  ): T | Promise<T> {
    this.#checkOpen();
    const work = () => {
      try {
        const prepared = this.#prepare(sql);
        const bound = bindArgs(args);
        if (!prepared.reader) {
          prepared.statement.run(...bound);
          return otherwise;
        }
        return read(prepared.statement, bound);
      } catch (err) {
        throw toLibsqlError(err);
      }
    };
    // A write (an INSERT … RETURNING read this way, say) takes the lock like every other write.
    return needsWriteLock(sql) ? this.#enqueue(work) : this.#now(work);
  }

  /**
   * A read's rows as plain value arrays in column order, without row objects or a result set (hot prerendered
   * reads, see prerendered.ts).
   */
  async readValues(sql: string, args: InArgs): Promise<Value[][]> {
    return this.#readDirect(
      sql,
      args,
      (statement, bound) => (statement.all(...bound) as EngineValue[][]).map(toValues),
      [],
    );
  }

  /**
   * The first row of a read as a value array, or undefined: the caller says it wants one row (as with Drizzle's
   * `.get()`), so it is read with one native call (`get`) where `all()` opens a cursor and fetches in a second.
   */
  async readFirstValues(sql: string, args: InArgs): Promise<Value[] | undefined> {
    return this.#readDirect(
      sql,
      args,
      (statement, bound) => {
        const row = statement.get(...bound) as EngineValue[] | undefined;
        return row === undefined ? undefined : toValues(row);
      },
      undefined,
    );
  }

  /**
   * A connection of its own for one long read-only scan (the responses export), to close when done: no memory
   * map and a 16 MiB page cache (enough for the users index each page joins), so reading a million rows does not
   * grow the process by the pages it passes (the main connection maps 256 MiB and caches 64 MiB), nor push the
   * hot pages of every request out of the main cache. Each read is its own snapshot (WAL): no writer waits. Undefined for an in-memory database,
   * where another connection would open another, empty database.
   */
  openScanReader(): ScanReader | undefined {
    this.#checkOpen();
    if (this.#path === ':memory:') return undefined;
    let connection: Libsql.Database;
    try {
      connection = new Libsql(this.#path);
      for (const pragma of ['busy_timeout = 0', 'query_only = 1', 'mmap_size = 0', 'cache_size = -16384']) {
        connection.exec(`PRAGMA ${pragma}`);
      }
    } catch (err) {
      throw toLibsqlError(err);
    }
    const statements = new Map<string, Libsql.Statement>();
    let open = true;
    return {
      readValues: async (sql, args) => {
        if (!open) throw new LibsqlError('The scan is closed', 'CLIENT_CLOSED');
        // SQLITE_BUSY only while another process recovers the WAL: retried without blocking, like every read here.
        return this.#retryBusy(() => {
          try {
            let statement = statements.get(sql);
            if (!statement) {
              const prepared = connection.prepare(sql);
              if (!prepared.reader)
                throw new LibsqlError('A scan connection only runs reads', 'SQLITE_READONLY');
              statement = prepared.raw(true);
              statements.set(sql, statement);
            }
            return (statement.all(...bindArgs(args)) as EngineValue[][]).map(toValues);
          } catch (err) {
            throw toLibsqlError(err);
          }
        });
      },
      close: () => {
        if (!open) return;
        open = false;
        statements.clear();
        connection.close();
      },
    };
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  async execute(stmtOrSql: InStatement, args?: InArgs): Promise<ResultSet> {
    this.#checkOpen();
    const stmt = typeof stmtOrSql === 'string' ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    // A single write takes the write lock the same way a batch does (and may share its commit).
    if (needsWriteLock(typeof stmt === 'string' ? stmt : stmt.sql))
      return this.#enqueue(() => this.#run(stmt));
    return this.#now(() => this.#run(stmt));
  }

  #runStatements(stmts: BatchStatements): ResultSet[] {
    const results: ResultSet[] = [];
    for (let i = 0; i < stmts.length; i++) {
      const stmt = stmts[i]!;
      try {
        results.push(this.#run(Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] ?? [] } : stmt));
      } catch (err) {
        if (err instanceof LibsqlError) {
          throw new LibsqlBatchError(
            err.message,
            i,
            err.code,
            err.extendedCode,
            err.rawCode,
            err.cause instanceof Error ? err.cause : undefined,
          );
        }
        throw err;
      }
    }
    return results;
  }

  /**
   * BEGIN through exec, never a cached statement: a BEGIN IMMEDIATE that fails with SQLITE_BUSY stays
   * active (resumable) as a prepared statement and keeps a read transaction open, after which SQLite
   * never autocommits this connection's single statements. exec finalizes it.
   */
  #beginTransaction(begin: string): void {
    try {
      this.#db.exec(begin);
    } catch (err) {
      throw toLibsqlError(err);
    }
  }

  /** All statements in one transaction; any failure rolls everything back and rejects. */
  #inTransaction(begin: string, stmts: BatchStatements): ResultSet[] {
    this.#beginTransaction(begin);
    try {
      const results = this.#runStatements(stmts);
      this.#commit();
      return results;
    } finally {
      this.#rollbackIfOpen();
    }
  }

  /** COMMIT through exec, like BEGIN: a COMMIT that fails (SQLITE_BUSY outside WAL mode) leaves no statement behind. */
  #commit(): void {
    try {
      this.#db.exec('COMMIT');
    } catch (err) {
      throw toLibsqlError(err);
    }
  }

  /** Ends a transaction that is still open after a failure; never throws (the caller is already failing). */
  #rollbackIfOpen(): void {
    try {
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
    } catch {
      // ROLLBACK fails only when SQLite has already ended the transaction itself.
    }
  }

  /**
   * Group commit: batches that arrive in the same turn of the event loop (concurrent requests) are written
   * in ONE transaction, each inside its own savepoint. A batch that fails is rolled back to its savepoint
   * and rejected alone; the others commit together and resolve after the COMMIT, so every caller still
   * sees an atomic batch that is durable when its promise settles. One commit (one WAL append of the
   * touched pages) then serves many answers — the pages they share (counters, indexes) are written once.
   */
  async batch(stmts: BatchStatements, mode: TransactionMode = 'deferred'): Promise<ResultSet[]> {
    this.#checkOpen();
    if (mode === 'read') return this.#retryBusy(() => this.#inTransaction(beginStatement(mode), stmts));
    return this.#enqueue(() => this.#runStatements(stmts));
  }

  /** Queues a write for the next group commit — the one way this connection takes SQLite's write lock. */
  #enqueue<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({
        work,
        resolve: resolve as (value: never) => void,
        reject,
        deadline: Date.now() + this.#busyTimeoutMs,
      });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        nextTurn(() => this.#flush());
      }
    });
  }

  /**
   * BEGIN IMMEDIATE for a group. While another connection holds the write lock, the group waits with a timer
   * (joined by writes arriving meanwhile) and writes past their deadline fail with SQLITE_BUSY; the event
   * loop keeps serving reads. Returns false when the group was put back to wait (or rejected).
   */
  #begin(group: PendingWrite[]): boolean {
    try {
      this.#beginTransaction('BEGIN IMMEDIATE');
      this.#busyAttempt = 0;
      return true;
    } catch (err) {
      if (!isBusyError(err)) {
        for (const pending of group) pending.reject(err);
        return false;
      }
      const now = Date.now();
      const waiting = group.filter((pending) => {
        if (pending.deadline > now) return true;
        pending.reject(busyTimeoutError(this.#busyTimeoutMs, err));
        return false;
      });
      this.#pending = [...waiting, ...this.#pending];
      if (this.#pending.length > 0 && !this.#flushScheduled) {
        this.#flushScheduled = true;
        const delay = BUSY_DELAYS[Math.min(this.#busyAttempt++, BUSY_DELAYS.length - 1)]!;
        setTimeout(() => this.#flush(), delay);
      }
      return false;
    }
  }

  /**
   * Runs from a timer or setImmediate, where a throw would be an uncaught exception that ends the process:
   * whatever goes wrong, every write of the group is settled (rejected if not yet resolved) and the
   * connection is left outside any transaction, ready for the next group.
   */
  #flush(): void {
    this.#flushScheduled = false;
    const group = this.#pending;
    this.#pending = [];
    if (group.length === 0) return;
    try {
      this.#flushGroup(group);
    } catch (err) {
      const error = toLibsqlError(err);
      for (const pending of group) pending.reject(error); // no effect on the ones already settled
      this.#rollbackIfOpen();
    }
  }

  #flushGroup(group: PendingWrite[]): void {
    if (this.closed) {
      for (const pending of group) pending.reject(new LibsqlError('The client is closed', 'CLIENT_CLOSED'));
      return;
    }
    if (!this.#begin(group)) return;
    if (group.length === 1) {
      const only = group[0]!;
      try {
        const results = only.work();
        this.#commit();
        only.resolve(results as never);
      } catch (err) {
        only.reject(err);
      } finally {
        this.#rollbackIfOpen();
      }
      return;
    }
    const done: { pending: PendingWrite; results: unknown }[] = [];
    const failAll = (err: unknown) => {
      for (const { pending } of done) pending.reject(err);
      done.length = 0;
    };
    this.#groupCommits++;
    for (const pending of group) {
      if (!this.#db.inTransaction) {
        pending.reject(new LibsqlError('The transaction has been rolled back', 'TRANSACTION_CLOSED'));
        continue;
      }
      try {
        this.#db.exec('SAVEPOINT batch');
      } catch (err) {
        pending.reject(toLibsqlError(err));
        continue;
      }
      try {
        const results = pending.work();
        this.#db.exec('RELEASE batch');
        done.push({ pending, results });
      } catch (err) {
        pending.reject(err);
        if (this.#db.inTransaction) {
          this.#db.exec('ROLLBACK TO batch');
          this.#db.exec('RELEASE batch');
        } else {
          // SQLite abandoned the whole transaction (I/O error, out of memory): nothing of this group stands.
          failAll(err);
        }
      }
    }
    try {
      if (this.#db.inTransaction) this.#commit();
    } catch (err) {
      this.#rollbackIfOpen();
      failAll(err);
      return;
    }
    for (const { pending, results } of done) pending.resolve(results as never);
  }

  /** How many commits served more than one batch (tests). */
  get groupCommits(): number {
    return this.#groupCommits;
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    this.#checkOpen();
    this.#flush();
    this.#db.exec('PRAGMA foreign_keys=off');
    try {
      return await this.#retryBusy(() => this.#inTransaction('BEGIN IMMEDIATE', stmts));
    } finally {
      this.#cache.clear();
      this.#db.exec('PRAGMA foreign_keys=on');
    }
  }

  async executeMultiple(sql: string): Promise<void> {
    this.#checkOpen();
    try {
      await this.#retryBusy(() => {
        try {
          this.#db.exec(sql);
        } catch (err) {
          if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
          throw toLibsqlError(err);
        }
      });
    } finally {
      this.#cache.clear();
    }
  }

  async transaction(): Promise<never> {
    // DESIGN: multi-statement writes go through batch; D1 has no interactive transactions either.
    throw new LibsqlError(
      'Interactive transactions are not used by this project; use batch',
      'TRANSACTION_UNSUPPORTED',
    );
  }

  async sync(): Promise<undefined> {
    return undefined;
  }

  reconnect(): void {}

  close(): void {
    if (this.closed) return;
    this.#flush();
    this.closed = true;
    this.#cache.clear();
    this.#db.close();
  }
}

export function createEmbeddedClient(url: string, options: EmbeddedClientOptions = {}): EmbeddedClient {
  return new EmbeddedClient(embeddedPath(url), options);
}
