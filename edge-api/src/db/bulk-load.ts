import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { runBatch, type Database } from './database';

/**
 * Bulk loading for seeds (`npm start`'s demo seed, `npm run seed:scale`, the bench): the data layer's helpers,
 * so seeding and scripts never build SQL themselves. Values always go through each column's own driver mapping
 * (timestamps → ms, booleans → 0/1, JSON columns → text), so rows are what the query builder would write.
 */

/** Rows per json_each statement: keeps each JSON parameter a few hundred KB. */
export const BULK_CHUNK = 500;

/**
 * Multi-row INSERTs as batch items, each chunk sent as ONE JSON parameter expanded by json_each (works on every
 * driver, D1 included). Drizzle's `insert().values(rows)` builds a bound parameter object per cell, which costs
 * more than the insert itself at seed sizes. Every column must be given (no SQL defaults).
 */
export function bulkInsert<T extends SQLiteTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): BatchItem<'sqlite'>[] {
  const columns = Object.entries(getTableColumns(table));
  const names = columns.map(([, col]) => `"${col.name}"`).join(', ');
  const picks = columns.map((_, i) => `j.value ->> '$[${i}]'`).join(', ');
  const statements: BatchItem<'sqlite'>[] = [];
  for (let start = 0; start < rows.length; start += BULK_CHUNK) {
    const data = rows.slice(start, start + BULK_CHUNK).map((row) =>
      columns.map(([key, col]) => {
        const value = (row as Record<string, unknown>)[key];
        if (value === undefined) throw new Error(`bulkInsert: ${getTableName(table)}.${key} missing`);
        return value === null ? null : col.mapToDriverValue(value);
      }),
    );
    statements.push(
      db.run(
        sql`INSERT INTO ${sql.identifier(getTableName(table))} (${sql.raw(names)}) SELECT ${sql.raw(picks)} FROM json_each(${JSON.stringify(data)}) AS j`,
      ),
    );
  }
  return statements;
}

type LibsqlClientLike = {
  batch(stmts: Array<{ sql: string; args: unknown[] }>, mode: 'write'): Promise<unknown>;
};

/** Rows per multi-row INSERT of the query-builder fallback, under SQLite's 32 766 bound parameters. */
const ROWS_PER_INSERT = 2000;

/**
 * Loads the rows of several tables in ONE batch (one transaction) at millions-of-rows scale. Column names and
 * value encodings come from the Drizzle schema (`getTableConfig`, `mapToDriverValue`); on a libSQL client the SQL
 * text is built once per chunk shape and sent straight to the driver, because Drizzle's per-value query building
 * costs more than SQLite itself there. Other drivers use the query builder.
 */
export async function loadRows(
  db: Database,
  tables: Array<[SQLiteTable, Record<string, unknown>[]]>,
): Promise<void> {
  const client = (db as unknown as { $client?: LibsqlClientLike }).$client;
  if (!client || typeof client.batch !== 'function') {
    const items: BatchItem<'sqlite'>[] = tables.flatMap(([table, rows]) => {
      const parts: BatchItem<'sqlite'>[] = [];
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
        parts.push(db.insert(table).values(rows.slice(i, i + ROWS_PER_INSERT) as never));
      return parts;
    });
    await runBatch(db, items);
    return;
  }
  const stmts: Array<{ sql: string; args: unknown[] }> = [];
  for (const [table, rows] of tables) {
    if (rows.length === 0) continue;
    const config = getTableConfig(table);
    const keys = keysByColumn(table);
    const columns = config.columns.filter((c) => rows[0]![keys.get(c.name)!] !== undefined);
    const columnKeys = columns.map((c) => keys.get(c.name)!);
    const tuple = `(${columns.map(() => '?').join(',')})`;
    const perStatement = Math.floor(30_000 / columns.length);
    for (let i = 0; i < rows.length; i += perStatement) {
      const part = rows.slice(i, i + perStatement);
      const args: unknown[] = [];
      for (const row of part)
        for (let k = 0; k < columns.length; k++) args.push(columns[k]!.mapToDriverValue(row[columnKeys[k]!]));
      stmts.push({
        sql: `INSERT INTO "${config.name}" (${columns.map((c) => `"${c.name}"`).join(',')}) VALUES ${Array(part.length).fill(tuple).join(',')}`,
        args,
      });
    }
  }
  await client.batch(stmts, 'write');
}

const keyCache = new Map<SQLiteTable, Map<string, string>>();
/** Column name → property name of a Drizzle table object. */
function keysByColumn(table: SQLiteTable): Map<string, string> {
  let map = keyCache.get(table);
  if (!map) {
    map = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
    keyCache.set(table, map);
  }
  return map;
}

export type SecondaryIndex = { name: string; sql: string };

/**
 * Drops the secondary indexes of `tables` and returns them, to be rebuilt with `rebuildIndexes` after a load from
 * the exact SQL the migrations created: a sorted build is far cheaper than millions of random B-tree inserts.
 */
export async function dropSecondaryIndexes(
  db: Database,
  tables: readonly string[],
): Promise<SecondaryIndex[]> {
  const indexes = await db.all<SecondaryIndex>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (SELECT value FROM json_each(${JSON.stringify(tables)}))`,
  );
  for (const index of indexes) await db.run(sql.raw(`DROP INDEX "${index.name.replaceAll('"', '""')}"`));
  return indexes;
}

export async function rebuildIndexes(db: Database, indexes: readonly SecondaryIndex[]): Promise<void> {
  for (const index of indexes) await db.run(sql.raw(index.sql));
}

/** Planner statistics for the loaded data (ANALYZE). */
export async function analyzeDatabase(db: Database): Promise<void> {
  await db.run(sql`ANALYZE`);
}

/**
 * Settings for loading a new, disposable embedded database (no-op for other URLs): write-ahead log, no fsync,
 * and a 1 GiB page cache so the answer indexes stay in memory while millions of rows go in.
 */
export async function tuneForBulkLoad(db: Database, url: string): Promise<void> {
  if (!url.startsWith('file:')) return;
  await db.run(sql`PRAGMA journal_mode = WAL`);
  await db.run(sql`PRAGMA synchronous = OFF`);
  await db.run(sql`PRAGMA cache_size = -1048576`);
}

/** Folds the write-ahead log back into the database file (before copying the file). */
export async function checkpointWal(db: Database): Promise<void> {
  await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
}
