import type Libsql from 'libsql';
import { toLibsqlError } from './errors';

/**
 * Transaction control of one connection, always through `exec`, never a cached statement: a BEGIN IMMEDIATE that
 * fails with SQLITE_BUSY stays active (resumable) as a prepared statement and keeps a read transaction open, after
 * which SQLite never autocommits the connection's single statements; a COMMIT that fails (SQLITE_BUSY outside WAL
 * mode) would leave a statement behind likewise. exec finalizes them.
 */
export function beginTransaction(db: Libsql.Database, begin: string): void {
  try {
    db.exec(begin);
  } catch (err) {
    throw toLibsqlError(err);
  }
}

export function commit(db: Libsql.Database): void {
  try {
    db.exec('COMMIT');
  } catch (err) {
    throw toLibsqlError(err);
  }
}

/** Ends a transaction that is still open after a failure; never throws (the caller is already failing). */
export function rollbackIfOpen(db: Libsql.Database): void {
  try {
    if (db.inTransaction) db.exec('ROLLBACK');
  } catch {
    // ROLLBACK fails only when SQLite has already ended the transaction itself.
  }
}
