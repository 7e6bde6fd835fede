import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SESSIONS_PER_ACCOUNT } from '@daily-tea/shared/domain/constants';
import { sessions } from '../db/schema';
import { rowsWhere } from '../test/factories';
import { createTestApp, sessionCookieOf, TEST_PASSWORD, type TestApp } from '../test/harness';

/** At most 10 live sessions per account: a new sign-in ends the oldest (product.md#accounts). */

let t: TestApp;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-05-20T12:00:00Z');
  t = await createTestApp({ now: () => new Date(now) });
});
afterEach(() => t.close());

async function signIn(username: string): Promise<string> {
  const res = await t.request('/api/login', { method: 'POST', json: { username, password: TEST_PASSWORD } });
  expect(res.status).toBe(200);
  return sessionCookieOf(res);
}
const me = async (cookie: string) => (await t.request('/api/user', { cookie })).status;

describe('sessions per account', () => {
  it('keeps the 10 newest: the 11th sign-in ends the oldest, and so on', async () => {
    const { user, cookie: first } = await t.signUp();
    const cookies = [first];
    for (let i = 0; i < 14; i++) {
      now += 1_000;
      cookies.push(await signIn(user.username));
    }
    expect(await rowsWhere(t.db, sessions, sessions.userId, user.id)).toHaveLength(MAX_SESSIONS_PER_ACCOUNT);
    const statuses = await Promise.all(cookies.map(me));
    expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(10).fill(200)]);
  });

  it('never leaves more than 10 under concurrent sign-ins', async () => {
    const { user } = await t.signUp();
    // Waves of 5 at once: the sign-in throttle lets 5 attempts per account and address run at the same time.
    const cookies: string[] = [];
    for (let wave = 0; wave < 6; wave++) {
      cookies.push(...(await Promise.all(Array.from({ length: 5 }, () => signIn(user.username)))));
    }
    expect((await rowsWhere(t.db, sessions, sessions.userId, user.id)).length).toBeLessThanOrEqual(
      MAX_SESSIONS_PER_ACCOUNT,
    );
    const live = (await Promise.all(cookies.map(me))).filter((s) => s === 200);
    expect(live.length).toBeGreaterThanOrEqual(1);
    expect(live.length).toBeLessThanOrEqual(MAX_SESSIONS_PER_ACCOUNT);
  });

  it("leaves other accounts' sessions alone", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    for (let i = 0; i < 12; i++) await signIn(a.user.username);
    expect(await me(b.cookie)).toBe(200);
  });
});
