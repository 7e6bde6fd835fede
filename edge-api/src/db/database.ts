import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import type * as schema from './schema';

/**
 * The database seam: services and queries see this one type, whatever the driver —
 * drizzle-orm/libsql (embedded `file:` or remote), drizzle-orm/libsql/web (Workers + Turso) or
 * drizzle-orm/d1 (wrangler dev). All three are async SQLite dialects with `batch`.
 */
export type Database = BaseSQLiteDatabase<'async', any, typeof schema>;

type Batchable = {
  batch: (queries: readonly [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]) => Promise<unknown[]>;
};

/**
 * Writes that must happen together go through one batch: atomic on libSQL and D1 alike.
 * Never `db.transaction` — D1 has no interactive transactions.
 */
export async function runBatch(db: Database, queries: BatchItem<'sqlite'>[]): Promise<unknown[]> {
  if (queries.length === 0) return [];
  return (db as unknown as Batchable).batch(queries as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}
