import { LibsqlError } from '@libsql/client';
import type Libsql from 'libsql';
import { BUSY_DELAYS, busyTimeoutError, isBusyError, toLibsqlError } from './errors';
import { beginTransaction, commit, rollbackIfOpen } from './transaction';

/** A write waiting for the group commit: a batch, or a single statement that needs the write lock. */
type PendingWrite = {
  /** The synchronous SQLite work, run inside the group's transaction (its own savepoint when grouped). */
  work: () => unknown;
  resolve: (value: never) => void;
  reject: (err: unknown) => void;
  /** Until when this write may wait for SQLite's write lock (ms since the epoch). */
  deadline: number;
};

/** Captured at load: a test that fakes timers later must not stall every database write. */
const nextTurn: (fn: () => void) => unknown = globalThis.setImmediate.bind(globalThis);

/**
 * Group commit — the one way a connection takes SQLite's write lock: writes that arrive in the same turn of the
 * event loop (concurrent requests) are written in ONE transaction, each inside its own savepoint. A write that
 * fails is rolled back to its savepoint and rejected alone; the others commit together and resolve after the
 * COMMIT, so every caller still sees an atomic batch that is durable when its promise settles. One commit (one
 * WAL append of the touched pages) then serves many answers — the pages they share (counters, indexes) are
 * written once.
 */
export class GroupCommit {
  #pending: PendingWrite[] = [];
  /** A flush is scheduled (next turn, or a retry while another connection holds the write lock). */
  #flushScheduled = false;
  #busyAttempt = 0;
  #groupCommits = 0;

  constructor(
    private readonly db: Libsql.Database,
    private readonly busyTimeoutMs: number,
    private readonly isClosed: () => boolean,
  ) {}

  /** How many commits served more than one write (tests). */
  get groupCommits(): number {
    return this.#groupCommits;
  }

  /** Queues a write for the next group commit. */
  enqueue<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({
        work,
        resolve: resolve as (value: never) => void,
        reject,
        deadline: Date.now() + this.busyTimeoutMs,
      });
      if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        nextTurn(() => this.flush());
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
      beginTransaction(this.db, 'BEGIN IMMEDIATE');
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
        pending.reject(busyTimeoutError(this.busyTimeoutMs, err));
        return false;
      });
      this.#pending = [...waiting, ...this.#pending];
      if (this.#pending.length > 0 && !this.#flushScheduled) {
        this.#flushScheduled = true;
        const delay = BUSY_DELAYS[Math.min(this.#busyAttempt++, BUSY_DELAYS.length - 1)]!;
        setTimeout(() => this.flush(), delay);
      }
      return false;
    }
  }

  /**
   * Writes what is queued now. Runs from a timer or setImmediate, where a throw would be an uncaught exception
   * that ends the process: whatever goes wrong, every write of the group is settled (rejected if not yet
   * resolved) and the connection is left outside any transaction, ready for the next group.
   */
  flush(): void {
    this.#flushScheduled = false;
    const group = this.#pending;
    this.#pending = [];
    if (group.length === 0) return;
    try {
      this.#flushGroup(group);
    } catch (err) {
      const error = toLibsqlError(err);
      for (const pending of group) pending.reject(error); // no effect on the ones already settled
      rollbackIfOpen(this.db);
    }
  }

  #flushGroup(group: PendingWrite[]): void {
    if (this.isClosed()) {
      for (const pending of group) pending.reject(new LibsqlError('The client is closed', 'CLIENT_CLOSED'));
      return;
    }
    if (!this.#begin(group)) return;
    if (group.length === 1) {
      const only = group[0]!;
      try {
        const results = only.work();
        commit(this.db);
        only.resolve(results as never);
      } catch (err) {
        only.reject(err);
      } finally {
        rollbackIfOpen(this.db);
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
      if (!this.db.inTransaction) {
        pending.reject(new LibsqlError('The transaction has been rolled back', 'TRANSACTION_CLOSED'));
        continue;
      }
      try {
        this.db.exec('SAVEPOINT batch');
      } catch (err) {
        pending.reject(toLibsqlError(err));
        continue;
      }
      try {
        const results = pending.work();
        this.db.exec('RELEASE batch');
        done.push({ pending, results });
      } catch (err) {
        pending.reject(err);
        if (this.db.inTransaction) {
          this.db.exec('ROLLBACK TO batch');
          this.db.exec('RELEASE batch');
        } else {
          // SQLite abandoned the whole transaction (I/O error, out of memory): nothing of this group stands.
          failAll(err);
        }
      }
    }
    try {
      if (this.db.inTransaction) commit(this.db);
    } catch (err) {
      rollbackIfOpen(this.db);
      failAll(err);
      return;
    }
    for (const { pending, results } of done) pending.resolve(results as never);
  }
}
