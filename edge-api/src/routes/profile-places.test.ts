import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CITY_BAD_CHARACTERS, CITY_TOO_LONG } from '@daily-tea/shared/domain/city';
import { COUNTRIES, UNKNOWN_COUNTRY } from '@daily-tea/shared/domain/countries';
import { sql } from 'drizzle-orm';
import { countersEqualRecount, recountAllCounters } from '../db/queries/counters.queries';
import { users } from '../db/schema';
import { createQuestion, createTopic, createUser, rowsWhere } from '../test/factories';
import { createTestApp, TEST_DATABASE, type TestApp } from '../test/harness';

/** Country from the built-in list only; a city without control or text-direction characters (product.md#accounts). */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const BASE = { gender: 'female', ageBracket: '25-34', raceBracket: 'black' };
const put = (cookie: string, place: { country: string | null; city: string | null }) =>
  t.request('/api/profile', { method: 'PUT', cookie, json: { ...BASE, ...place } });

describe('PUT /api/profile — country and city', () => {
  it('refuses a country that is not in the list, with a clear 400', async () => {
    const { cookie, user } = await t.signUp();
    for (const country of [
      '\u202eFREE AIRTIME: visit evil.example',
      'FREE AIRTIME: visit evil.example',
      'south africa',
      'Narnia',
      'South Africa\u0000',
    ]) {
      const res = await put(cookie, { country, city: null });
      expect(res.status, JSON.stringify(country)).toBe(400);
      expect(await res.json()).toEqual({ message: UNKNOWN_COUNTRY, code: 'invalid_request' });
    }
    expect((await rowsWhere(t.db, users, users.id, user.id))[0]!.country).toBeNull();
  });

  it('refuses a city with control or bidirectional-override characters, or over 100 characters', async () => {
    const { cookie } = await t.signUp();
    for (const [city, message] of [
      ['Durban\u0000', CITY_BAD_CHARACTERS],
      ['\u202eFREE AIRTIME', CITY_BAD_CHARACTERS],
      ['Cape\u2066Town', CITY_BAD_CHARACTERS],
      ['Cape\u200fTown', CITY_BAD_CHARACTERS],
      ['Cape\nTown', CITY_BAD_CHARACTERS],
      ['x'.repeat(101), CITY_TOO_LONG],
    ] as const) {
      const res = await put(cookie, { country: 'South Africa', city });
      expect(res.status, JSON.stringify(city)).toBe(400);
      expect(await res.json()).toEqual({ message, code: 'invalid_request' });
    }
  });

  it('stores every country of the list, and any ordinary city name', async () => {
    const { cookie, user } = await t.signUp();
    for (const { name } of COUNTRIES)
      expect((await put(cookie, { country: name, city: null })).status).toBe(200);
    const res = await put(cookie, {
      country: 'South Africa',
      city: '  Sant Julià de Lòria — Ville-Marie (北京) ',
    });
    expect(res.status).toBe(200);
    expect((await rowsWhere(t.db, users, users.id, user.id))[0]).toMatchObject({
      country: 'South Africa',
      city: 'Sant Julià de Lòria — Ville-Marie (北京)',
    });
    expect((await put(cookie, { country: null, city: null })).status).toBe(200);
  });
});

describe('migration clean_places', () => {
  // Reads the migration file from disk (Node); the D1 run applies the same migration to every database it opens.
  it.skipIf(TEST_DATABASE === 'd1')(
    'clears stored countries off the list and cities with forbidden characters, and rebuilds the counters',
    async () => {
      const { readFileSync } = await import('node:fs');
      const topic = await createTopic(t.db);
      const question = await createQuestion(t.db, { topicId: topic.id });
      const spoof = '\u202eFREE AIRTIME: visit evil.example';
      // What an unchecked profile stored, on the player and on their answer's snapshot.
      const stored = [
        { country: spoof, city: 'Durban\u0000' },
        { country: 'Kenya', city: 'Nairobi' },
        { country: 'South Africa', city: 'Cape\u202eTown' },
      ];
      const [bad, good, rtl] = await Promise.all(stored.map(() => createUser(t.db)));
      for (const [i, u] of [bad!, good!, rtl!].entries()) {
        const { country, city } = stored[i]!;
        await t.db.run(sql`UPDATE users SET country = ${country}, city = ${city} WHERE id = ${u.id}`);
        await t.db.run(
          sql`INSERT INTO answers (id, user_id, question_id, group_id, question_date, selected_option_id, country, city, answered_at)
            VALUES (${`a-${u.id}`}, ${u.id}, ${question.id}, ${question.groupId}, ${question.date}, 'opt-1', ${country}, ${city}, 0)`,
        );
      }
      await recountAllCounters(t.db);
      const countries = async () =>
        (
          await t.db.all<{ bucket: string }>(
            sql`SELECT DISTINCT bucket FROM result_counters WHERE bucket LIKE 'c:%'`,
          )
        )
          .map((r) => r.bucket)
          .sort();
      expect(await countries()).toContain(`c:${spoof}`);

      const migration = readFileSync(
        new URL('../../../drizzle/migrations/0020_clean_places.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) await t.db.run(sql.raw(statement));

      const place = async (table: 'users' | 'answers', id: string) =>
        (
          await t.db.all<{ country: string | null; city: string | null }>(
            sql`SELECT country, city FROM ${sql.raw(table)} WHERE ${sql.raw(table === 'users' ? 'id' : 'user_id')} = ${id}`,
          )
        )[0];
      expect(await place('users', bad!.id)).toEqual({ country: null, city: null });
      expect(await place('answers', bad!.id)).toEqual({ country: null, city: null });
      expect(await place('users', good!.id)).toEqual({ country: 'Kenya', city: 'Nairobi' });
      expect(await place('answers', rtl!.id)).toEqual({ country: 'South Africa', city: null });
      expect(await countries()).toEqual(['c:Kenya', 'c:South Africa']);
      expect(await countersEqualRecount(t.db)).toBe(true);
    },
  );
});
