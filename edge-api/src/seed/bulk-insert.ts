import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database } from '../db/database';

/** Rows per statement: keeps each JSON parameter a few hundred KB. */
export const BULK_CHUNK = 500;

/**
 * Multi-row INSERTs for seeding, each chunk sent as ONE JSON parameter expanded by json_each. Drizzle's
 * `insert().values(rows)` builds a bound parameter object per cell, which costs more than the insert
 * itself at seed sizes. Values still go through each column's own driver mapping (timestamps → ms,
 * booleans → 0/1, JSON columns → text), and every column must be given (no SQL defaults).
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
