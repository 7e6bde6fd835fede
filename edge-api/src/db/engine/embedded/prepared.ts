import type { ResultSet, Row, Value } from '@libsql/client';
import type Libsql from 'libsql';
import { toValues, type EngineValue } from './values';

/**
 * Prepared statements, kept: a bounded LRU per connection (SQLite re-prepares a cached statement itself after a
 * schema change), and the rows drizzle reads built from one prototype per statement.
 */

export type Prepared = {
  statement: Libsql.Statement;
  reader: boolean;
  columns: string[];
  columnTypes: string[];
  rowPrototype: object;
  /** [index, name] of the columns that become a row's own properties (first of a repeated name wins). */
  named: [number, string][];
};

const VALUES = Symbol('values');
/** Enough for every distinct statement the API sends; multi-row inserts of varying size are not cached. */
const MAX_CACHED = 512;
const MAX_CACHED_SQL_LENGTH = 8_000;

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

export function makeRow(prepared: Prepared, engineValues: EngineValue[]): Row {
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

export class EmbeddedResultSet implements ResultSet {
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

/** The connection's prepared statements by SQL text, least recently used first. */
export class StatementCache {
  readonly #cache = new Map<string, Prepared>();
  constructor(private readonly db: Libsql.Database) {}

  get size(): number {
    return this.#cache.size;
  }

  clear(): void {
    this.#cache.clear();
  }

  prepare(sql: string): Prepared {
    const hit = this.#cache.get(sql);
    if (hit) {
      // Least recently used goes first: re-insert on use.
      this.#cache.delete(sql);
      this.#cache.set(sql, hit);
      return hit;
    }
    const statement = this.db.prepare(sql);
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
}

/** A reader's rows as drizzle reads them. */
export function readRows(prepared: Prepared, raw: EngineValue[][]): Row[] {
  const rows = new Array<Row>(raw.length);
  for (let i = 0; i < raw.length; i++) rows[i] = makeRow(prepared, raw[i]!);
  return rows;
}
