import { getTableColumns, Placeholder, sql, type SQL, type Table } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { InArgs } from '@libsql/client';
import type { Database } from '../database';

const dialect = new SQLiteAsyncDialect();

/**
 * A hot statement rendered ONCE from Drizzle (a builder or `sql`, with `sql.placeholder(name)` where values
 * vary), then bound per call without rendering it again: the text is split at its parameters and rebuilt as
 * a flat `sql` template of string chunks and values, which Drizzle turns into a query almost for free.
 * Placeholders must be bound to driver values (strings, numbers, null) — column encoders do not run for
 * them. Used where Drizzle's query building was a measurable part of a request (the answer write).
 */
export function prerender<Name extends string>(
  source: SQL | { getSQL(): SQL },
): (values: Record<Name, unknown>) => SQL {
  return binder(renderOnce<Name>(source));
}

function binder<Name extends string>(rendered: Rendered<Name>): (values: Record<Name, unknown>) => SQL {
  const strings = Object.assign([...rendered.parts], {
    raw: [...rendered.parts],
  }) as unknown as TemplateStringsArray;
  return (values) => sql(strings, ...rendered.args(values));
}

type Rendered<Name extends string> = {
  text: string;
  parts: string[];
  args(values: Record<Name, unknown>): unknown[];
};

function renderOnce<Name extends string>(source: SQL | { getSQL(): SQL }): Rendered<Name> {
  const query = dialect.sqlToQuery('getSQL' in source ? source.getSQL() : source);
  const parts = query.sql.split('?');
  if (parts.length !== query.params.length + 1) {
    throw new Error(
      `prerender: ${query.params.length} parameters but ${parts.length - 1} "?" in: ${query.sql}`,
    );
  }
  type Slot = { kind: 'placeholder'; name: Name } | { kind: 'fixed'; value: unknown };
  const slots = query.params.map((p): Slot =>
    p instanceof Placeholder ? { kind: 'placeholder', name: p.name as Name } : { kind: 'fixed', value: p },
  );
  return {
    text: query.sql,
    parts,
    args: (values) =>
      slots.map((slot) => {
        if (slot.kind === 'fixed') return slot.value;
        const value = values[slot.name];
        if (value === undefined) throw new Error(`prerender: no value for placeholder "${slot.name}"`);
        return value;
      }),
  };
}

/**
 * A client that can run a read straight to value arrays: the embedded client (embedded/client.ts). Recognised
 * by these methods rather than by class, so the Worker bundle never imports the native driver.
 */
export type ValueReader = {
  readValues(sql: string, args: InArgs): Promise<unknown[][]>;
  readFirstValues(sql: string, args: InArgs): Promise<unknown[] | undefined>;
};

/** A read-only connection of its own for one long scan (embedded client only); closed by whoever opened it. */
export type ScanReader = Pick<ValueReader, 'readValues'> & { close(): void };

/**
 * Opens a scan connection when the database is the embedded client (see EmbeddedClient.openScanReader), else
 * undefined: Turso over HTTP and D1 hold no pages in this process, so their reads simply go the usual way.
 */
export function openScanReader(db: Database): ScanReader | undefined {
  const client = (db as { $client?: { openScanReader?: () => ScanReader | undefined } }).$client;
  return typeof client?.openScanReader === 'function' ? client.openScanReader() : undefined;
}

function valueReaderOf(db: Database): ValueReader | undefined {
  const client = (db as { $client?: Partial<ValueReader> }).$client;
  return typeof client?.readValues === 'function' && typeof client.readFirstValues === 'function'
    ? (client as ValueReader)
    : undefined;
}

/** @libsql/client's rows are array-like, not arrays; D1's are arrays. */
const asArray = (row: unknown): unknown[] =>
  Array.isArray(row) ? row : Array.from(row as ArrayLike<unknown>);

/**
 * A hot read rendered once (as `prerender`) whose rows come back as value arrays in column order. On the
 * embedded client it runs straight on the client's cached statement — no Drizzle query object, no row
 * objects; on other drivers (Turso over HTTP, D1) it goes through Drizzle's `db.values`, with the same result.
 * With `scan` (openScanReader) it runs on that connection instead.
 */
export function prerenderValues<Name extends string>(
  source: SQL | { getSQL(): SQL },
): (db: Database, values: Record<Name, unknown>, scan?: ScanReader) => Promise<unknown[][]> {
  const rendered = renderOnce<Name>(source);
  const viaDrizzle = binder(rendered);
  return async (db, values, scan) => {
    const reader = scan ?? valueReaderOf(db);
    if (reader) return reader.readValues(rendered.text, rendered.args(values) as InArgs);
    return (await db.values<unknown[]>(viaDrizzle(values))).map(asArray);
  };
}

/**
 * As `prerenderValues` for a read of which only the first row counts (a key lookup, or one row of scalar
 * subqueries): the caller says so here rather than the client guessing it from the SQL text, and the embedded
 * client then reads it with one native call instead of opening a cursor. Undefined when there is no row.
 */
export function prerenderFirstValues<Name extends string>(
  source: SQL | { getSQL(): SQL },
): (db: Database, values: Record<Name, unknown>) => Promise<unknown[] | undefined> {
  const rendered = renderOnce<Name>(source);
  const viaDrizzle = binder(rendered);
  return async (db, values) => {
    const reader = valueReaderOf(db);
    if (reader) return reader.readFirstValues(rendered.text, rendered.args(values) as InArgs);
    const [first] = await db.values<unknown[]>(viaDrizzle(values));
    return first === undefined ? undefined : asArray(first);
  };
}

/** A `RETURNING *` row (column names, driver values) as the table's select type, decoded by its columns. */
export function rowFromDriver<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? (value ?? null) : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
