import {
  Column,
  getTableColumns,
  is,
  Table as DrizzleTable,
  Placeholder,
  SQL,
  sql,
  type SQLWrapper,
} from 'drizzle-orm';
import { QueryBuilder, SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
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

/** A parameter of a rendered statement: a placeholder bound per call, or a value fixed when it was built. */
type Slot<Name extends string> = { kind: 'placeholder'; name: Name } | { kind: 'fixed'; value: unknown };

type Rendered<Name extends string> = {
  text: string;
  parts: string[];
  args(values: Record<Name, unknown>): unknown[];
  /** The form the embedded client runs (`directForm`). */
  direct: { text: string; args(values: Record<Name, unknown>): unknown[] };
};

function valueOf<Name extends string>(slot: Slot<Name>, values: Record<Name, unknown>): unknown {
  if (slot.kind === 'fixed') return slot.value;
  const value = values[slot.name];
  if (value === undefined) throw new Error(`prerender: no value for placeholder "${slot.name}"`);
  return value;
}

/** A fixed value written into the SQL text as a literal where that is exact: strings and safe integers. */
function literalOf(value: unknown): string | undefined {
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/**
 * The statement as the embedded client runs it: fixed values (Drizzle's constants) written in as literals, and
 * each placeholder bound once however often it appears (`?N`) — every bound value is a call across the native
 * boundary (the results read: 24 bindings → 7). Drivers without the direct path run Drizzle's text unchanged.
 */
function directForm<Name extends string>(parts: string[], slots: Slot<Name>[]): Rendered<Name>['direct'] {
  let text = parts[0]!;
  const bound: Slot<Name>[] = [];
  const numberOf = new Map<Name, number>();
  slots.forEach((slot, i) => {
    const literal = slot.kind === 'fixed' ? literalOf(slot.value) : undefined;
    if (literal !== undefined) {
      text += literal;
    } else if (slot.kind === 'placeholder') {
      let n = numberOf.get(slot.name);
      if (n === undefined) {
        bound.push(slot);
        n = bound.length;
        numberOf.set(slot.name, n);
      }
      text += `?${n}`;
    } else {
      bound.push(slot);
      text += `?${bound.length}`;
    }
    text += parts[i + 1]!;
  });
  return {
    text,
    args: (values) => bound.map((slot) => valueOf(slot, values)),
  };
}

function renderOnce<Name extends string>(source: SQL | { getSQL(): SQL }): Rendered<Name> {
  const query = dialect.sqlToQuery('getSQL' in source ? source.getSQL() : source);
  const parts = query.sql.split('?');
  if (parts.length !== query.params.length + 1) {
    throw new Error(
      `prerender: ${query.params.length} parameters but ${parts.length - 1} "?" in: ${query.sql}`,
    );
  }
  const slots = query.params.map((p): Slot<Name> =>
    p instanceof Placeholder ? { kind: 'placeholder', name: p.name as Name } : { kind: 'fixed', value: p },
  );
  return {
    text: query.sql,
    parts,
    direct: directForm(parts, slots),
    args: (values) => slots.map((slot) => valueOf(slot, values)),
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
    if (reader) return reader.readValues(rendered.direct.text, rendered.direct.args(values) as InArgs);
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
    if (reader) return reader.readFirstValues(rendered.direct.text, rendered.direct.args(values) as InArgs);
    const [first] = await db.values<unknown[]>(viaDrizzle(values));
    return first === undefined ? undefined : asArray(first);
  };
}

/** A `RETURNING *` row (column names, driver values) as the table's select type, decoded by its columns. */
export function rowFromDriver<T extends DrizzleTable>(
  table: T,
  raw: Record<string, unknown>,
): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? (value ?? null) : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** Builds hot statements without a database handle: they are rendered once, when their module loads. */
export const hotQuery = new QueryBuilder();

/** A select built with `hotQuery` (named columns; `sql.placeholder(name)` where values vary). */
type HotSelect<Row> = SQLWrapper & { readonly _: { readonly result: Row[] } };

export type HotRead<Name extends string, Row> = {
  /** The first row (read with one native call on the embedded client), or undefined. */
  first(db: Database, values: Record<Name, unknown>): Promise<Row | undefined>;
  /** Every row; with `scan` (openScanReader) on that connection. */
  all(db: Database, values: Record<Name, unknown>, scan?: ScanReader): Promise<Row[]>;
};

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** An `sql` column's decoder (`.mapWith`; a no-op by default): internal to Drizzle, read the way its mapper does. */
const decoderOf = (fragment: SQL): Decoder => (fragment as unknown as { decoder: Decoder }).decoder;

type SelectedColumn = { path: string[]; decoder: Decoder; expression: SQLWrapper };

/** The select's columns in Drizzle's own order (its keys depth first, a table as its columns). */
function selectedColumns(fields: Record<string, unknown>): SelectedColumn[] {
  const columns: SelectedColumn[] = [];
  const walk = (selection: Record<string, unknown>, prefix: string[]) => {
    for (const [name, field] of Object.entries(selection)) {
      const path = [...prefix, name];
      if (is(field, Column)) columns.push({ path, decoder: field, expression: field });
      else if (is(field, SQL)) columns.push({ path, decoder: decoderOf(field), expression: field });
      else if (is(field, SQL.Aliased))
        columns.push({ path, decoder: decoderOf(field.sql), expression: field.sql });
      else if (is(field, DrizzleTable)) walk(getTableColumns(field), path);
      else walk(field as Record<string, unknown>, path);
    }
  };
  walk(fields, []);
  return columns;
}

/** How a value array becomes the select's row: each column's path in the row and its decoder, compiled once. */
function rowMapper(columns: SelectedColumn[]): (values: unknown[]) => Record<string, unknown> {
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const { path, decoder } = columns[i]!;
      let node = row;
      for (let p = 0; p < path.length - 1; p++) node = (node[path[p]!] ??= {}) as Record<string, unknown>;
      const raw = values[i];
      node[path[path.length - 1]!] =
        raw === null || raw === undefined ? null : decoder.mapFromDriverValue(raw);
    }
    return row;
  };
}

/**
 * Rows wider than this travel as one JSON array: every column SQLite hands to JavaScript is a call across the
 * native boundary, and one string parsed by JSON.parse costs less than a dozen of them (the session's user row:
 * 26 columns, about 15 % less CPU for the read measured in process).
 */
const WIDE_ROW = 12;

/**
 * The SQL of `query` with its columns packed into one `json_array(…)` column (same FROM, joins and WHERE): the
 * select is rendered with that single field in place of its own, then given its fields back.
 */
function packedSql(
  query: SQLWrapper,
  config: { fields: Record<string, unknown> },
  columns: SelectedColumn[],
): SQL {
  const own = config.fields;
  config.fields = {
    row: sql`json_array(${sql.join(
      columns.map((column) => sql`${column.expression}`),
      sql`, `,
    )})`,
  };
  try {
    return query.getSQL();
  } finally {
    config.fields = own;
  }
}

/**
 * A hot read written as a plain Drizzle select with named columns (built with `hotQuery`), rendered ONCE and
 * read as value arrays — on the embedded client straight from its cached statement, elsewhere through
 * `db.values` — then decoded into the select's row type by each column's own decoder (a column's
 * `mapFromDriverValue`, or `sql…mapWith(…)`), as Drizzle would, without building a query per call. A wide row
 * travels packed in one JSON column (WIDE_ROW) and is decoded the same way.
 */
export function hotRead<Row>(query: HotSelect<Row>): HotRead<string, Row> {
  const config = (query as unknown as { config?: { fields?: Record<string, unknown> } }).config;
  if (!config?.fields) throw new Error('hotRead: not a select with named columns');
  const columns = selectedColumns(config.fields);
  const packed = columns.length > WIDE_ROW;
  const source = packed
    ? packedSql(query, config as { fields: Record<string, unknown> }, columns)
    : query.getSQL();
  return readerOf<Row>(source, columns, packed);
}

/** The row type of `hotRow`'s fields: each expression's `sql<T>` type. */
type FieldsRow<Fields> = {
  [K in keyof Fields]: Fields[K] extends SQL<infer T>
    ? T
    : Fields[K] extends SQL.Aliased<infer T>
      ? T
      : never;
};

/**
 * A hot read of one row of named expressions that has no table to select from — a row of scalar subqueries —
 * written like a select's fields (`{ name: sql<T>\`…\`, other: jsonOf<T>(…) }`, `.mapWith(…)` for a decoder) and
 * read as `hotRead` reads: rendered once as `SELECT expression, …`, each value decoded into its named column.
 */
export function hotRow<Fields extends Record<string, SQL | SQL.Aliased>>(
  fields: Fields,
): HotRead<string, FieldsRow<Fields>> {
  const columns = selectedColumns(fields);
  const source = sql`SELECT ${sql.join(
    columns.map((column) => sql`${column.expression}`),
    sql`, `,
  )}`;
  return readerOf<FieldsRow<Fields>>(source, columns, false);
}

function readerOf<Row>(source: SQL, columns: SelectedColumn[], packed: boolean): HotRead<string, Row> {
  const mapRow = rowMapper(columns) as (values: unknown[]) => Row;
  const toRow = packed ? (values: unknown[]) => mapRow(JSON.parse(values[0] as string) as unknown[]) : mapRow;
  const first = prerenderFirstValues<string>(source);
  const every = prerenderValues<string>(source);
  return {
    first: async (db, values) => {
      const row = await first(db, values);
      return row === undefined ? undefined : toRow(row);
    },
    all: async (db, values, scan) => (await every(db, values, scan)).map(toRow),
  };
}

/**
 * A scalar subquery's JSON value (`json_object`, `json_group_array`, …) parsed into `T` (null stays null; inside a
 * packed row it may already arrive parsed).
 */
export function jsonOf<T>(subquery: SQLWrapper): SQL<T | null> {
  return sql`(${subquery})`.mapWith(parseJson<T>) as SQL<T | null>;
}

/** JSON text parsed (a value packed in a JSON row may already be parsed). */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
