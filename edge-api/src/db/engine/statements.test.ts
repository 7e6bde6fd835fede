// @databases: embedded — compares the embedded client's direct reads with stock @libsql/client on one file itself (Node drivers); the prerendered statements run on stock libSQL and D1 in every API test of the other runs.
import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { createLibsqlDatabase } from '../client';
import type { Database } from '../database';
import {
  hotRow,
  jsonOf,
  prerender,
  prerenderFirstValues,
  prerenderValues,
  rowFromDriver,
} from './statements';
import { answers, users } from '../schema';

const dialect = new SQLiteAsyncDialect();

describe('prerender', () => {
  it('binds placeholders by name and keeps fixed parameters, producing the same query as Drizzle', () => {
    const source = sql`SELECT * FROM t WHERE a = ${sql.placeholder('a')} AND b = ${7} AND c IN (SELECT value FROM json_each(${sql.placeholder('list')})) AND d = ${sql.placeholder('a')}`;
    const bind = prerender<'a' | 'list'>(source);
    const query = dialect.sqlToQuery(bind({ a: 'x', list: '["p","q"]' }));
    expect(query.sql).toBe(dialect.sqlToQuery(source).sql);
    expect(query.params).toEqual(['x', 7, '["p","q"]', 'x']);
    // null is a value (SQL NULL), undefined is a missing binding
    expect(dialect.sqlToQuery(bind({ a: null, list: '[]' })).params).toEqual([null, 7, '[]', null]);
    expect(() => bind({ list: '[]' } as never)).toThrow(/no value for placeholder "a"/);
  });

  it('refuses SQL whose text holds a literal "?" it could not tell from a parameter', () => {
    expect(() => prerender(sql`SELECT '?' AS q, ${sql.placeholder('a')}`)).toThrow(/1 parameters but 2/);
  });
});

describe('the direct form (embedded client)', () => {
  it('writes fixed strings and integers in as literals and binds each placeholder once, reading what Drizzle reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prerender-direct-'));
    const url = `file:${join(dir, 'd.db')}`;
    const embedded = createLibsqlDatabase(url);
    const remoteLike = createClient({ url });
    try {
      await embedded.db.run(sql`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL)`);
      await embedded.db.run(sql`INSERT INTO t VALUES (1, 'it''s', 1.5), (2, 'b', NULL), (3, 'c', 3)`);
      const read = prerenderValues<'id' | 'name'>(
        sql`SELECT id, ${"it's"} AS quoted, ${2.5} AS real, ${7} AS whole, ${null} AS absent FROM t
          WHERE (id = ${sql.placeholder('id')} OR name = ${sql.placeholder('name')}) AND id >= ${sql.placeholder('id')}
          ORDER BY id`,
      );
      const seen: { sql: string; args: unknown }[] = [];
      const client = (
        embedded.db as unknown as {
          $client: { readValues(sql: string, args: unknown): Promise<unknown[][]> };
        }
      ).$client;
      const readValues = client.readValues.bind(client);
      client.readValues = (text, args) => (seen.push({ sql: text, args }), readValues(text, args));
      const viaDrizzle = drizzle(remoteLike) as unknown as Database;
      const values = { id: 1, name: 'c' };
      const direct = await read(embedded.db, values);
      expect(direct).toEqual([
        [1, "it's", 2.5, 7, null],
        [3, "it's", 2.5, 7, null],
      ]);
      expect(await read(viaDrizzle, values)).toEqual(direct);
      expect(seen[0]!.sql).toContain(`'it''s' AS quoted, ?1 AS real, 7 AS whole, ?2 AS absent`);
      expect(seen[0]!.sql).toMatch(/id = \?3 OR name = \?4\) AND id >= \?3/);
      expect(seen[0]!.args).toEqual([2.5, null, 1, 'c']);
      await expect(read(embedded.db, { id: 1 } as never)).rejects.toThrow(/no value for placeholder "name"/);
    } finally {
      embedded.close();
      remoteLike.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('prerenderValues', () => {
  it('reads the same value arrays (all rows, or the first) on the embedded client (direct) and through Drizzle (@libsql/client)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prerender-values-'));
    const url = `file:${join(dir, 'v.db')}`;
    const embedded = createLibsqlDatabase(url);
    const remoteLike = createClient({ url });
    try {
      await embedded.db.run(sql`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL)`);
      await embedded.db.run(sql`INSERT INTO t VALUES (1, 'a', 1.5), (2, 'b', NULL), (3, 'c', 3)`);
      const many = prerenderValues<'min'>(
        sql`SELECT id, name, score FROM t WHERE id >= ${sql.placeholder('min')} ORDER BY id`,
      );
      const one = prerenderValues<'id'>(
        sql`SELECT name, ${'fixed'} AS f FROM t WHERE id = ${sql.placeholder('id')} LIMIT 1`,
      );
      const first = prerenderFirstValues<'min'>(
        sql`SELECT id, name FROM t WHERE id >= ${sql.placeholder('min')} ORDER BY id`,
      );
      const viaDrizzle = drizzle(remoteLike) as unknown as Database;
      for (const db of [embedded.db, viaDrizzle]) {
        expect(await many(db, { min: 2 })).toEqual([
          [2, 'b', null],
          [3, 'c', 3],
        ]);
        expect(await one(db, { id: 1 })).toEqual([['a', 'fixed']]);
        expect(await one(db, { id: 9 })).toEqual([]);
        expect(await first(db, { min: 2 })).toEqual([2, 'b']);
        expect(await first(db, { min: 9 })).toBeUndefined();
      }
    } finally {
      embedded.close();
      remoteLike.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('hotRow', () => {
  it('reads a row of named scalar subqueries, each decoded by its own decoder, the same on both paths', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hot-row-'));
    const url = `file:${join(dir, 'r.db')}`;
    const embedded = createLibsqlDatabase(url);
    const remoteLike = createClient({ url });
    try {
      await embedded.db.run(sql`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)`);
      await embedded.db.run(sql`INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')`);
      const read = hotRow({
        count: sql<number>`(SELECT count(*) FROM t WHERE id >= ${sql.placeholder('min')})`,
        names: jsonOf<string[]>(
          sql`SELECT json_group_array(name) FROM t WHERE id >= ${sql.placeholder('min')}`,
        ),
        shout: sql`(SELECT name FROM t WHERE id = ${sql.placeholder('min')})`.mapWith((v) =>
          String(v).toUpperCase(),
        ),
      });
      for (const db of [embedded.db, drizzle(remoteLike) as unknown as Database]) {
        expect(await read.first(db, { min: 2 })).toEqual({ count: 2, names: ['b', 'c'], shout: 'B' });
        // A missing value stays null; its decoder does not run.
        expect(await read.first(db, { min: 9 })).toEqual({ count: 0, names: [], shout: null });
        expect(await read.all(db, { min: 3 })).toEqual([{ count: 1, names: ['c'], shout: 'C' }]);
      }
    } finally {
      embedded.close();
      remoteLike.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('rowFromDriver', () => {
  it('decodes a RETURNING * row by the table columns (names, timestamps, booleans, nulls)', () => {
    const answer = rowFromDriver(answers, {
      id: 'a1',
      user_id: 'u1',
      question_id: 'q1',
      group_id: 'g1',
      question_date: '2026-11-23',
      selected_option_id: null,
      numeric_value: 4.5,
      gender: 'female',
      age_bracket: null,
      race_bracket: 'black',
      country: 'Kenya',
      city: null,
      answered_at: 1_795_000_000_000,
      late: 1,
    });
    expect(answer).toEqual({
      id: 'a1',
      userId: 'u1',
      questionId: 'q1',
      groupId: 'g1',
      questionDate: '2026-11-23',
      selectedOptionId: null,
      numericValue: 4.5,
      gender: 'female',
      ageBracket: null,
      raceBracket: 'black',
      country: 'Kenya',
      city: null,
      province: null,
      answeredAt: new Date(1_795_000_000_000),
      guessOptionId: null,
      revealedAt: null,
      crowdTop: null,
      ownShare: null,
      guessCorrect: null,
      late: true,
    });
    expect(rowFromDriver(users, { id: 'u1', username: 'x', is_guest: 1 }).isGuest).toBe(true);
  });
});
