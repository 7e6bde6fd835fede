import { getTableColumns, Placeholder, sql, type SQL, type Table } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';

const dialect = new SQLiteAsyncDialect();

/**
 * A hot statement rendered ONCE from Drizzle (a builder or `sql`, with `sql.placeholder(name)` where values
 * vary), then bound per call without rendering it again: the text is split at its parameters and rebuilt as
 * a flat `sql` template of string chunks and values, which Drizzle turns into a query almost for free.
 * Placeholders must be bound to driver values (strings, numbers, null) — column encoders do not run for
 * them. Used where Drizzle's query building was a measurable part of a request (the answer write).
 */
export function prerender<Name extends string>(source: SQL | { getSQL(): SQL }): (values: Record<Name, unknown>) => SQL {
  const query = dialect.sqlToQuery('getSQL' in source ? source.getSQL() : source);
  const parts = query.sql.split('?');
  if (parts.length !== query.params.length + 1) {
    throw new Error(`prerender: ${query.params.length} parameters but ${parts.length - 1} "?" in: ${query.sql}`);
  }
  type Slot = { kind: 'placeholder'; name: Name } | { kind: 'fixed'; value: unknown };
  const slots = query.params.map((p): Slot => (p instanceof Placeholder ? { kind: 'placeholder', name: p.name as Name } : { kind: 'fixed', value: p }));
  const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
  return (values) =>
    sql(
      strings,
      ...slots.map((slot) => {
        if (slot.kind === 'fixed') return slot.value;
        const value = values[slot.name];
        if (value === undefined) throw new Error(`prerender: no value for placeholder "${slot.name}"`);
        return value;
      }),
    );
}

/** A `RETURNING *` row (column names, driver values) as the table's select type, decoded by its columns. */
export function rowFromDriver<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? value ?? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
