// @databases: embedded — unit tests of the embedded client itself (the native libsql engine; Node only).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, LibsqlError, type ResultSet } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLibsqlDatabase, tuneEmbeddedDatabase } from '../../client';
import { isUniqueViolation } from '../../queries/users.queries';
import { createEmbeddedClient, embeddedPath, EmbeddedClient } from './client';
import { needsWriteLock } from './errors';

const people = sqliteTable('people', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  active: integer('active', { mode: 'boolean' }).notNull(),
});
const pets = sqliteTable('pets', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  name: text('name').notNull(),
});

let dir: string;
let client: EmbeddedClient;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'embedded-client-'));
  client = new EmbeddedClient(join(dir, 'test.db'));
  await client.executeMultiple(`
    CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, active INTEGER NOT NULL);
    CREATE TABLE pets (id INTEGER PRIMARY KEY, owner_id INTEGER NOT NULL, name TEXT NOT NULL);
  `);
});

afterEach(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('embedded client', () => {
  it('maps file: URLs to paths', () => {
    expect(embeddedPath('file:data/app.db')).toBe('data/app.db');
    expect(embeddedPath('file:/abs/app.db?mode=rwc')).toBe('/abs/app.db');
    expect(embeddedPath('file:///abs/my%20app.db')).toBe('/abs/my app.db');
    expect(embeddedPath('file::memory:')).toBe(':memory:');
    expect(embeddedPath(':memory:')).toBe(':memory:');
  });

  it('returns rows that are array-like with the column names as their only enumerable keys', async () => {
    await client.execute({ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['Ada', true] });
    const result = await client.execute('SELECT id, name, active, NULL AS empty FROM people');
    expect(result.columns).toEqual(['id', 'name', 'active', 'empty']);
    const row = result.rows[0]!;
    expect(Object.keys(row)).toEqual(['id', 'name', 'active', 'empty']);
    expect(row.length).toBe(4);
    expect(Array.prototype.slice.call(row)).toEqual([1, 'Ada', 1, null]);
    expect({ ...row }).toEqual({ id: 1, name: 'Ada', active: 1, empty: null });
    expect(JSON.stringify(row)).toBe('{"id":1,"name":"Ada","active":1,"empty":null}');
  });

  it('reads the first row with one call only when the caller asks for it, never by reading the SQL', async () => {
    await client.batch([
      { sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['Ada', 1] },
      { sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['Bob', 0] },
    ]);
    expect(await client.readFirstValues('SELECT id, name FROM people ORDER BY name', [])).toEqual([1, 'Ada']);
    expect(await client.readFirstValues('SELECT id FROM people WHERE name = ?', ['Zed'])).toBeUndefined();
    expect(await client.readValues('SELECT name FROM people ORDER BY name', [])).toEqual([['Ada'], ['Bob']]);
    // A statement ending in LIMIT 1 is an ordinary read: execute returns every row the statement yields.
    const limited = await client.execute(
      'SELECT name, (SELECT id FROM people p2 ORDER BY id LIMIT 1) AS first FROM people ORDER BY name LIMIT 1',
    );
    expect(limited.rows.map((r) => ({ ...r }))).toEqual([{ name: 'Ada', first: 1 }]);
  });

  it('answers like stock @libsql/client on the same file: columns, row shape, values, blobs, write results', async () => {
    const stock = createClient({ url: `file:${join(dir, 'test.db')}` });
    try {
      const insert = 'INSERT INTO people (name, active) VALUES (?, ?)';
      for (const c of [client, stock])
        await c.execute({ sql: insert, args: [`n${c === stock ? 's' : 'e'}`, true] });
      const query =
        "SELECT id, name, active, NULL AS empty, 1.5 AS ratio, x'00ff10' AS bytes FROM people ORDER BY id";
      const [mine, theirs] = await Promise.all([client.execute(query), stock.execute(query)]);
      expect(mine.columns).toEqual(theirs.columns);
      expect(mine.columnTypes).toEqual(theirs.columnTypes);
      expect(mine.rows.map((r) => ({ ...r }))).toEqual(theirs.rows.map((r) => ({ ...r })));
      expect(mine.rows.map((r) => Array.prototype.slice.call(r))).toEqual(
        theirs.rows.map((r) => Array.prototype.slice.call(r)),
      );
      const blob = mine.rows[0]!.bytes;
      expect(blob).toBeInstanceOf(ArrayBuffer);
      expect([...new Uint8Array(blob as ArrayBuffer)]).toEqual([0, 255, 16]);
      const update = 'UPDATE people SET active = 0 WHERE active = 1';
      const a = await client.execute(update);
      await client.execute('UPDATE people SET active = 1');
      const b = await stock.execute(update);
      expect(a.rowsAffected).toBe(b.rowsAffected); // (lastInsertRowid is per connection)
    } finally {
      stock.close();
    }
  });

  it('keeps every column of a join by index even when names repeat', async () => {
    await client.batch([
      { sql: 'INSERT INTO people (id, name, active) VALUES (?, ?, ?)', args: [7, 'Ada', 1] },
      { sql: 'INSERT INTO pets (id, owner_id, name) VALUES (?, ?, ?)', args: [70, 7, 'Rex'] },
    ]);
    const { rows } = await client.execute(
      'SELECT people.id, pets.id, pets.name FROM people JOIN pets ON pets.owner_id = people.id',
    );
    expect(Array.prototype.slice.call(rows[0])).toEqual([7, 70, 'Rex']);
    expect(rows[0]!.id).toBe(7);
  });

  it('reports changes and the last row id of writes, and binds named arguments', async () => {
    const insert = await client.execute({
      sql: 'INSERT INTO people (name, active) VALUES (:name, $active)',
      args: { name: 'Bo', active: 0 },
    });
    expect(insert.rowsAffected).toBe(1);
    expect(insert.lastInsertRowid).toBe(1n);
    const update = await client.execute({
      sql: 'UPDATE people SET active = ? WHERE active = ?',
      args: [1, 0],
    });
    expect(update.rowsAffected).toBe(1);
  });

  it('rejects undefined and non-finite arguments like @libsql/client', async () => {
    await expect(client.execute({ sql: 'SELECT ?', args: [undefined as never] })).rejects.toThrow(TypeError);
    await expect(client.execute({ sql: 'SELECT ?', args: [Number.NaN] })).rejects.toThrow(RangeError);
  });

  it('rolls a whole batch back when one statement fails, and reports a unique violation as LibsqlError', async () => {
    await client.execute({ sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Ada'] });
    const failure = await client
      .batch([
        { sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Cy'] },
        { sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Ada'] },
      ])
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(LibsqlError);
    expect((failure as LibsqlError).code).toBe('SQLITE_CONSTRAINT');
    expect(isUniqueViolation(failure)).toBe(true);
    const { rows } = await client.execute('SELECT name FROM people ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(['Ada']);
    // The connection is usable again after the rollback.
    await client.batch([{ sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Cy'] }]);
    expect((await client.execute('SELECT count(*) AS n FROM people')).rows[0]!.n).toBe(2);
  });

  it('reuses prepared statements and bounds the cache', async () => {
    for (let i = 0; i < 5; i++) await client.execute({ sql: 'SELECT ? AS v', args: [i] });
    expect(client.cachedStatements).toBe(1);
    for (let i = 0; i < 600; i++) await client.execute(`SELECT ${i} AS v`);
    expect(client.cachedStatements).toBeLessThanOrEqual(512);
  });

  it('sees schema changes made after a statement was cached', async () => {
    await client.execute('SELECT * FROM pets');
    await client.execute('ALTER TABLE pets ADD COLUMN age INTEGER');
    const { columns } = await client.execute('SELECT * FROM pets');
    expect(columns).toEqual(['id', 'owner_id', 'name', 'age']);
  });

  it('drives drizzle in both row modes', async () => {
    const db = drizzle(createEmbeddedClient(`file:${join(dir, 'test.db')}`));
    await db.insert(people).values([
      { name: 'Ada', active: true },
      { name: 'Bo', active: false },
    ]);
    await db.insert(pets).values({ ownerId: 1, name: 'Rex' });
    expect(await db.select().from(people).orderBy(people.id)).toEqual([
      { id: 1, name: 'Ada', active: true },
      { id: 2, name: 'Bo', active: false },
    ]);
    const joined = await db
      .select()
      .from(people)
      .innerJoin(pets, sql`${pets.ownerId} = ${people.id}`);
    expect(joined).toEqual([
      { people: { id: 1, name: 'Ada', active: true }, pets: { id: 1, ownerId: 1, name: 'Rex' } },
    ]);
    expect(await db.all(sql`SELECT name FROM people WHERE active = ${true}`)).toEqual([{ name: 'Ada' }]);
    expect(await db.get(sql`SELECT count(*) AS n FROM people`)).toEqual({ n: 2 });
    const returned = await db
      .update(people)
      .set({ active: true })
      .where(sql`${people.name} = 'Bo'`)
      .returning({ id: people.id });
    expect(returned).toEqual([{ id: 2 }]);
    const batch = await db.batch([
      db.insert(pets).values({ ownerId: 2, name: 'Tom' }),
      db.select({ n: sql<number>`count(*)` }).from(pets),
    ]);
    expect(batch[1]).toEqual([{ n: 2 }]);
  });

  it('group-commits concurrent batches, each still atomic: a failing one is rolled back alone', async () => {
    await client.execute({ sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Ada'] });
    const outcomes = await Promise.allSettled([
      client.batch([
        { sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Bo'] },
        { sql: 'INSERT INTO pets (owner_id, name) VALUES (2, ?)', args: ['Rex'] },
      ]),
      client.batch([
        { sql: 'INSERT INTO pets (owner_id, name) VALUES (9, ?)', args: ['Ghost'] },
        { sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Ada'] }, // unique violation
      ]),
      client.batch([{ sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Cy'] }]),
      // Sees the rows of the batches committed before it in the same group.
      client.batch([{ sql: 'SELECT count(*) AS n FROM people', args: [] }]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(isUniqueViolation((outcomes[1] as PromiseRejectedResult).reason)).toBe(true);
    expect((outcomes[3] as PromiseFulfilledResult<ResultSet[]>).value[0]!.rows[0]!.n).toBe(3);
    expect(client.groupCommits).toBe(1);
    const names = (await client.execute('SELECT name FROM people ORDER BY name')).rows.map((r) => r.name);
    const pets = (await client.execute('SELECT name FROM pets ORDER BY name')).rows.map((r) => r.name);
    expect(names).toEqual(['Ada', 'Bo', 'Cy']);
    expect(pets).toEqual(['Rex']); // Ghost went with its failed batch
    expect((await client.execute('SELECT 1 AS ok')).rows[0]!.ok).toBe(1);
  });

  it('writes every one of many concurrent batches exactly once', async () => {
    const names = Array.from({ length: 200 }, (_, i) => `p${i}`);
    await Promise.all(
      names.map((name) =>
        client.batch([{ sql: 'INSERT INTO people (name, active) VALUES (?, 0)', args: [name] }]),
      ),
    );
    await Promise.all(
      names.map((name) =>
        client.batch([
          { sql: 'INSERT INTO people (name, active) VALUES (?, 0) ON CONFLICT DO NOTHING', args: [name] },
        ]),
      ),
    );
    expect(
      (await client.execute('SELECT count(*) AS n, count(DISTINCT name) AS d FROM people')).rows[0],
    ).toMatchObject({ n: 200, d: 200 });
  });

  it('keeps writing while a test fakes the timers', async () => {
    vi.useFakeTimers();
    try {
      await client.batch([{ sql: 'INSERT INTO people (name, active) VALUES (?, 1)', args: ['Faked'] }]);
    } finally {
      vi.useRealTimers();
    }
    expect((await client.execute('SELECT count(*) AS n FROM people')).rows[0]!.n).toBe(1);
  });

  it('is tuned for production with no memory map (a mapped page is looked up in the WAL first: ADR 0306)', async () => {
    const url = `file:${join(dir, 'tuned.db')}`;
    const tuned = createLibsqlDatabase(url);
    try {
      await tuneEmbeddedDatabase(tuned.db, url);
      const pragma = async (name: string) => tuned.db.get(sql.raw(`PRAGMA ${name}`));
      expect(await pragma('mmap_size')).toEqual({ mmap_size: 0 });
      expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
      expect(await pragma('cache_size')).toEqual({ cache_size: -65536 });
    } finally {
      tuned.close();
    }
  });

  it('opens scan connections of its own: read-only, no memory map, a bounded cache, each read a fresh snapshot', async () => {
    await client.execute({
      sql: 'INSERT INTO people (id, name, active) VALUES (?, ?, ?)',
      args: [1, 'ann', 1],
    });
    const scan = client.openScanReader()!;
    const read = 'SELECT id, name FROM people WHERE id > ? ORDER BY id';
    expect(await scan.readValues(read, [0])).toEqual([[1, 'ann']]);
    // A row committed on the main connection between two reads is in the next one.
    await client.execute({
      sql: 'INSERT INTO people (id, name, active) VALUES (?, ?, ?)',
      args: [2, 'bo', 0],
    });
    expect(await scan.readValues(read, [1])).toEqual([[2, 'bo']]);
    expect(await scan.readValues('PRAGMA mmap_size', [])).toEqual([[0]]);
    expect(await scan.readValues('PRAGMA cache_size', [])).toEqual([[-16384]]);
    await expect(
      scan.readValues("INSERT INTO people (id, name, active) VALUES (3, 'cy', 1)", []),
    ).rejects.toThrow('A scan connection only runs reads');
    // query_only backs it up: not even a statement that looks like a read can write.
    expect(await scan.readValues('PRAGMA query_only', [])).toEqual([[1]]);
    scan.close();
    scan.close();
    await expect(scan.readValues(read, [0])).rejects.toThrow(/closed/);
    // The main connection is untouched by the scan's close.
    expect((await client.execute('SELECT count(*) AS n FROM people')).rows[0]!.n).toBe(2);
    const memory = new EmbeddedClient(':memory:');
    expect(memory.openScanReader()).toBeUndefined();
    memory.close();
  });

  it('refuses use after close', async () => {
    client.close();
    await expect(client.execute('SELECT 1')).rejects.toThrow(/closed/);
  });
});

describe('embedded client while another connection holds the write lock', () => {
  /** A second connection (another process, a script) that takes SQLite's write lock and keeps it. */
  function holdWriteLock(path: string): { release: () => void } {
    const other = new EmbeddedClient(path) as unknown as { execute(sql: string): Promise<unknown> };
    // The raw engine is private; BEGIN IMMEDIATE through execute keeps the lock until COMMIT.
    void other.execute('BEGIN IMMEDIATE');
    return {
      release: () => {
        void other.execute('COMMIT').then(() => (other as unknown as EmbeddedClient).close());
      },
    };
  }

  it('keeps reading and waits for the lock asynchronously; the write lands once the lock is free', async () => {
    const path = join(dir, 'test.db');
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute({ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['Before', true] });
    const lock = holdWriteLock(path);
    await new Promise((r) => setTimeout(r, 20));

    const write = client.batch([
      { sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['During', true] },
    ]);
    const single = client.execute({
      sql: 'INSERT INTO people (name, active) VALUES (?, ?)',
      args: ['Single', true],
    });
    let settled = false;
    void Promise.allSettled([write, single]).then(() => (settled = true));

    // The event loop is free: timers fire on time and reads answer at once.
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await new Promise((r) => setTimeout(r, 50));
      const rows = (await client.execute('SELECT name FROM people ORDER BY id')).rows.map((r) => r.name);
      // 50 ms timer + a read: far from the lock's wait (a blocked event loop would stall until release).
      expect(performance.now() - started).toBeLessThan(500);
      expect(rows).toEqual(['Before']);
    }
    expect(settled).toBe(false);

    lock.release();
    await write;
    await single;
    const names = (await client.execute('SELECT name FROM people ORDER BY name')).rows.map((r) => r.name);
    expect(names).toEqual(['Before', 'During', 'Single']);
    // Committed, not just visible to this connection (a failed BEGIN must not leave a transaction open).
    const reader = new EmbeddedClient(path);
    expect((await reader.execute('SELECT name FROM people ORDER BY name')).rows.map((r) => r.name)).toEqual(
      names,
    );
    reader.close();
  });

  it('fails a write with SQLITE_BUSY once its wait is over, and nothing of it is stored', async () => {
    const path = join(dir, 'test.db');
    await client.execute('PRAGMA journal_mode = WAL');
    const impatient = new EmbeddedClient(path, { busyTimeoutMs: 150 });
    const lock = holdWriteLock(path);
    await new Promise((r) => setTimeout(r, 20));
    try {
      const started = performance.now();
      const failed = await impatient
        .batch([{ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['Late', true] }])
        .catch((err: unknown) => err);
      expect(failed).toBeInstanceOf(LibsqlError);
      expect((failed as LibsqlError).code).toBe('SQLITE_BUSY');
      expect(performance.now() - started).toBeGreaterThanOrEqual(140);
      const single = await impatient
        .execute({ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['Late2', true] })
        .catch((err: unknown) => err);
      expect((single as LibsqlError).code).toBe('SQLITE_BUSY');
    } finally {
      lock.release();
    }
    await new Promise((r) => setTimeout(r, 20));
    expect((await impatient.execute('SELECT count(*) AS n FROM people')).rows[0]!.n).toBe(0);
    impatient.close();
  });
});

describe('two connections writing to one file at once (the cluster, a script)', () => {
  it('sends every statement that may write through the write lock, and reads, PRAGMAs and transaction control straight', () => {
    for (const write of [
      'INSERT INTO t VALUES (1)',
      ' update t set a = 1',
      'DELETE FROM t',
      'REPLACE INTO t VALUES (1)',
      'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x',
      'CREATE INDEX i ON t (a)',
      'DROP TABLE t',
      'ANALYZE',
    ]) {
      expect(needsWriteLock(write), write).toBe(true);
    }
    for (const direct of [
      'SELECT 1',
      '  select * from t',
      'PRAGMA journal_mode = WAL',
      'EXPLAIN QUERY PLAN SELECT 1',
      'BEGIN IMMEDIATE',
      'COMMIT',
      'ROLLBACK',
      'VALUES (1)',
    ]) {
      expect(needsWriteLock(direct), direct).toBe(false);
    }
  });

  it('returns the rows of a write read through readFirstValues / readValues (INSERT … RETURNING), written once', async () => {
    const first = await client.readFirstValues(
      'INSERT INTO people (name, active) VALUES (?, ?) RETURNING name',
      ['Ret1', 1],
    );
    expect(first).toEqual(['Ret1']);
    const all = await client.readValues(
      'INSERT INTO people (name, active) VALUES (?, ?), (?, ?) RETURNING name',
      ['Ret2', 1, 'Ret3', 0],
    );
    expect(all).toEqual([['Ret2'], ['Ret3']]);
    expect((await client.execute('SELECT count(*) AS n FROM people')).rows[0]!.n).toBe(3);
  });

  it('keeps group-committing after a single write timed out waiting for the lock', async () => {
    // Regression: a single INSERT that failed with SQLITE_BUSY stayed "in progress", and the next group
    // commit's SAVEPOINT threw "cannot open savepoint - SQL statements in progress" out of a timer.
    const path = join(dir, 'test.db');
    await client.execute('PRAGMA journal_mode = WAL');
    const impatient = new EmbeddedClient(path, { busyTimeoutMs: 60 });
    const other = new EmbeddedClient(path);
    await other.execute('BEGIN IMMEDIATE');
    const late = await impatient
      .execute({ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['Late', true] })
      .catch((e: unknown) => e);
    expect((late as LibsqlError).code).toBe('SQLITE_BUSY');
    await other.execute('COMMIT');
    other.close();
    const grouped = await Promise.all(
      ['A', 'B', 'C'].map((name) =>
        impatient.batch([{ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: [name, true] }]),
      ),
    );
    expect(grouped).toHaveLength(3);
    expect(impatient.groupCommits).toBe(1);
    await impatient.execute({ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: ['D', true] });
    const names = (await client.execute('SELECT name FROM people ORDER BY name')).rows.map((r) => r.name);
    expect(names).toEqual(['A', 'B', 'C', 'D']);
    impatient.close();
  });

  it('every acknowledged write of two hammering connections is stored; the others fail with SQLITE_BUSY only', async () => {
    const path = join(dir, 'test.db');
    await client.execute('PRAGMA journal_mode = WAL');
    const writers = [
      new EmbeddedClient(path, { busyTimeoutMs: 2_000 }),
      new EmbeddedClient(path, { busyTimeoutMs: 2_000 }),
    ];
    const acknowledged: string[] = [];
    const failures: unknown[] = [];
    const until = performance.now() + 1_500;
    let n = 0;
    await Promise.all(
      writers.flatMap((w, wi) =>
        Array.from({ length: 8 }, async (_, lane) => {
          while (performance.now() < until) {
            const name = `w${wi}-${lane}-${n++}`;
            // Single writes, batches and reads interleaved, as requests do.
            const write =
              n % 3 === 0
                ? w.execute({ sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: [name, true] })
                : w.batch([
                    { sql: 'INSERT INTO people (name, active) VALUES (?, ?)', args: [name, true] },
                    {
                      sql: 'INSERT INTO pets (owner_id, name) VALUES (last_insert_rowid(), ?)',
                      args: [name],
                    },
                  ]);
            try {
              await write;
              acknowledged.push(name);
            } catch (err) {
              failures.push(err);
            }
            await w.execute('SELECT count(*) AS n FROM people');
          }
        }),
      ),
    );
    for (const w of writers) w.close();
    expect(failures.filter((err) => (err as LibsqlError).code !== 'SQLITE_BUSY')).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(100);
    const stored = new Set(
      (await client.execute('SELECT name FROM people')).rows.map((r) => r.name as string),
    );
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });
});
