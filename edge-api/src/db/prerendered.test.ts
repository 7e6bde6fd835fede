import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { prerender, rowFromDriver } from './prerendered';
import { answers, users } from './schema';

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

describe('rowFromDriver', () => {
  it('decodes a RETURNING * row by the table columns (names, timestamps, booleans, nulls)', () => {
    const answer = rowFromDriver(answers, {
      id: 'a1', user_id: 'u1', question_id: 'q1', group_id: 'g1', question_date: '2026-11-23',
      selected_option_id: null, numeric_value: 4.5, gender: 'female', age_bracket: null, race_bracket: 'black',
      answered_at: 1_795_000_000_000,
    });
    expect(answer).toEqual({
      id: 'a1', userId: 'u1', questionId: 'q1', groupId: 'g1', questionDate: '2026-11-23',
      selectedOptionId: null, numericValue: 4.5, gender: 'female', ageBracket: null, raceBracket: 'black',
      answeredAt: new Date(1_795_000_000_000),
    });
    expect(rowFromDriver(users, { id: 'u1', username: 'x', is_guest: 1 }).isGuest).toBe(true);
  });
});
