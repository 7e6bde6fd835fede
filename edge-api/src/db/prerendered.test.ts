import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { prerender } from './prerendered';

const dialect = new SQLiteAsyncDialect();

describe('prerender', () => {
  it('binds placeholders by name and keeps fixed parameters, producing the same query as Drizzle', () => {
    const source = sql`SELECT * FROM t WHERE a = ${sql.placeholder('a')} AND b = ${7} AND c IN (SELECT value FROM json_each(${sql.placeholder('list')})) AND d = ${sql.placeholder('a')}`;
    const bind = prerender<'a' | 'list'>(dialect.sqlToQuery(source));
    const query = dialect.sqlToQuery(bind({ a: 'x', list: '["p","q"]' }));
    expect(query.sql).toBe(dialect.sqlToQuery(source).sql);
    expect(query.params).toEqual(['x', 7, '["p","q"]', 'x']);
    // null is a value (SQL NULL), undefined is a missing binding
    expect(dialect.sqlToQuery(bind({ a: null, list: '[]' })).params).toEqual([null, 7, '[]', null]);
    expect(() => bind({ list: '[]' } as never)).toThrow(/no value for placeholder "a"/);
  });

  it('refuses SQL whose text holds a literal "?" it could not tell from a parameter', () => {
    expect(() => prerender(dialect.sqlToQuery(sql`SELECT '?' AS q, ${sql.placeholder('a')}`))).toThrow(/1 parameters but 2/);
  });
});
