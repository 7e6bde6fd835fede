import {
  LibsqlBatchError,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type ResultSet,
  type TransactionMode,
  type Value,
} from '@libsql/client';
import Libsql from 'libsql';
import type { ScanReader, ValueReader } from '../statements';
import { isBusyError, needsWriteLock, retryBusy, toLibsqlError } from './errors';
import { GroupCommit } from './group-commit';
import { EmbeddedResultSet, readRows, StatementCache, type Prepared } from './prepared';
import { openScanConnection } from './scan-reader';
import { beginTransaction, commit, rollbackIfOpen } from './transaction';
import { bindArgs, toValues, type EngineValue } from './values';

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
 *
 * Its parts: `prepared.ts` (the statement cache and rows), `group-commit.ts` (how writes take the lock),
 * `errors.ts` (the driver's error codes, lock waits), `values.ts` (arguments and values), `scan-reader.ts` (a
 * connection for one long read), `transaction.ts` (BEGIN/COMMIT/ROLLBACK).
 */

type BatchStatements = (InStatement | [string, InArgs?])[];

export type EmbeddedClientOptions = {
  /**
   * How long a statement or batch waits for SQLite's write lock while another connection (a process of the
   * cluster, a script) holds it, before failing with SQLITE_BUSY. Waiting is asynchronous — the connection's
   * own busy timeout is 0 — so other requests keep being served meanwhile. Default 5 000 ms.
   */
  busyTimeoutMs?: number;
};

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
  readonly #statements: StatementCache;
  readonly #writes: GroupCommit;
  readonly #busyTimeoutMs: number;
  readonly #path: string;

  constructor(path: string, options: EmbeddedClientOptions = {}) {
    this.#busyTimeoutMs = options.busyTimeoutMs ?? 5_000;
    this.#path = path;
    try {
      this.#db = new Libsql(path);
      // Never block the event loop on SQLite's lock: a busy statement fails at once and is retried
      // asynchronously (#retryBusy, the group commit) while the process serves other requests.
      this.#db.exec('PRAGMA busy_timeout = 0');
    } catch (err) {
      throw toLibsqlError(err);
    }
    this.#statements = new StatementCache(this.#db);
    this.#writes = new GroupCommit(this.#db, this.#busyTimeoutMs, () => this.closed);
  }

  #retryBusy<T>(attempt: () => T): Promise<T> {
    return retryBusy(attempt, this.#busyTimeoutMs, () => this.#checkOpen());
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
    return this.#statements.size;
  }

  #prepare(sql: string): Prepared {
    return this.#statements.prepare(sql);
  }

  #run(stmt: InStatement): EmbeddedResultSet {
    const { sql, args } = typeof stmt === 'string' ? { sql: stmt, args: undefined } : stmt;
    try {
      const prepared = this.#prepare(sql);
      const bound = bindArgs(args);
      if (prepared.reader) {
        const rows = readRows(prepared, prepared.statement.all(...bound) as EngineValue[][]);
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
    // A write (an INSERT … RETURNING read this way, say) takes the lock like every other write. The work is passed
    // as an inline function, never bound to a name first: tsx keeps function names, so a named closure would cost
    // every hot read a `defineProperty` (about 0.4 µs).
    return needsWriteLock(sql)
      ? this.#enqueue(() => this.#readNow(sql, args, read, otherwise))
      : this.#now(() => this.#readNow(sql, args, read, otherwise));
  }

  #readNow<T>(
    sql: string,
    args: InArgs,
    read: (statement: Libsql.Statement, bound: unknown[]) => T,
    otherwise: T,
  ): T {
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
  }

  /**
   * A read's rows as plain value arrays in column order, without row objects or a result set (hot prerendered
   * reads, see ../statements.ts).
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
   * A connection of its own for one long read-only scan (scan-reader.ts), to close when done. Undefined for an
   * in-memory database, where another connection would open another, empty database.
   */
  openScanReader(): ScanReader | undefined {
    this.#checkOpen();
    if (this.#path === ':memory:') return undefined;
    return openScanConnection(this.#path, (attempt) => this.#retryBusy(attempt));
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

  /** All statements in one transaction; any failure rolls everything back and rejects. */
  #inTransaction(begin: string, stmts: BatchStatements): ResultSet[] {
    beginTransaction(this.#db, begin);
    try {
      const results = this.#runStatements(stmts);
      commit(this.#db);
      return results;
    } finally {
      rollbackIfOpen(this.#db);
    }
  }

  /**
   * Batches of concurrent requests are group-committed (group-commit.ts): each stays atomic and is durable when
   * its promise settles, the contract `db.batch` has on D1 and Turso.
   */
  async batch(stmts: BatchStatements, mode: TransactionMode = 'deferred'): Promise<ResultSet[]> {
    this.#checkOpen();
    if (mode === 'read') return this.#retryBusy(() => this.#inTransaction(beginStatement(mode), stmts));
    return this.#enqueue(() => this.#runStatements(stmts));
  }

  #enqueue<T>(work: () => T): Promise<T> {
    return this.#writes.enqueue(work);
  }

  /** How many commits served more than one batch (tests). */
  get groupCommits(): number {
    return this.#writes.groupCommits;
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    this.#checkOpen();
    this.#writes.flush();
    this.#db.exec('PRAGMA foreign_keys=off');
    try {
      return await this.#retryBusy(() => this.#inTransaction('BEGIN IMMEDIATE', stmts));
    } finally {
      this.#statements.clear();
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
      this.#statements.clear();
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
    this.#writes.flush();
    this.closed = true;
    this.#statements.clear();
    this.#db.close();
  }
}

export function createEmbeddedClient(url: string, options: EmbeddedClientOptions = {}): EmbeddedClient {
  return new EmbeddedClient(embeddedPath(url), options);
}
