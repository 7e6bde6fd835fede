import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_NOW, TEST_PASSWORD, uniqueName, type TestApp } from '../../test/harness';
import { ADDRESS_ATTEMPTS } from './rate-limits';

/**
 * Throttles and account limits under bursts. Every attempt here goes through the real app; a
 * wrong password that was actually checked answers 401, a refused attempt 429 — so the 401s count the
 * password checks.
 */

const ADMIN_PASSWORD = 'admin-rate-test';
const from = (ip: string) => ({ 'CF-Connecting-IP': ip });

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

// Thousands of requests per test: generous time on a loaded machine and in workerd (the D1 run).
describe('throttles under concurrency', { timeout: 180_000 }, () => {
  let clock = TEST_NOW.getTime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock), config: { adminPassword: ADMIN_PASSWORD } });
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, ip: string) =>
    t.request('/api/login', { method: 'POST', json: { username, password }, headers: from(ip) });
  const unlock = (password: string, ip: string) =>
    t.request('/api/admin/unlock', { method: 'POST', json: { password }, headers: from(ip), origin: null });

  it('checks at most 5 of 1,000 concurrent wrong sign-ins; the owner still signs in from their own address', async () => {
    const { user } = await t.signUp(uniqueName('Target'));
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () => login(user.username, 'wrong-password', '198.51.100.7')),
    );
    const counts = tally(responses.map((r) => r.status));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[401]).toBeGreaterThan(0);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(1000);
    const refused = responses.find((r) => r.status === 429)!;
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/^Too many failed attempts\. Try again in \d+ minutes?\.$/),
    });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);

    // The attacker's address stays refused, even with the right password…
    expect((await login(user.username, TEST_PASSWORD, '198.51.100.7')).status).toBe(429);
    // …while the owner, from their own address, gets in during the same window.
    expect((await login(user.username, TEST_PASSWORD, '203.0.113.20')).status).toBe(200);
  });

  it('checks at most 5 of 1,000 concurrent wrong admin unlocks; the operator unlocks from their own address', async () => {
    const responses = await Promise.all(Array.from({ length: 1000 }, () => unlock('guess', '198.51.100.8')));
    const counts = tally(responses.map((r) => r.status));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(1000);
    expect((await unlock(ADMIN_PASSWORD, '198.51.100.8')).status).toBe(429);
    expect((await unlock(ADMIN_PASSWORD, '203.0.113.21')).status).toBe(200);
  });

  it('limits one address across usernames (spraying) to its larger budget, concurrently', async () => {
    const names = Array.from({ length: 400 }, () => uniqueName('spray'));
    const responses = await Promise.all(names.map((n) => login(n, 'wrong-password', '198.51.100.9')));
    const counts = tally(responses.map((r) => r.status));
    expect(counts[401]).toBeLessThanOrEqual(ADDRESS_ATTEMPTS.capacity);
    expect(counts[401]).toBeGreaterThan(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(400);
    // A different address is unaffected.
    expect((await login(names[0]!, 'wrong-password', '198.51.100.10')).status).toBe(401);
  });

  it('does not count successful sign-ins against the address, and refills over time', async () => {
    const { user } = await t.signUp(uniqueName('Busy'));
    // A shared address (a NAT) signing people in all day: more successes than the failure budget.
    for (let i = 0; i < ADDRESS_ATTEMPTS.capacity + 20; i++) {
      expect((await login(user.username, TEST_PASSWORD, '198.51.100.11')).status).toBe(200);
    }

    for (let i = 0; i < 5; i++)
      expect((await login(user.username, 'nope-nope', '198.51.100.12')).status).toBe(401);
    expect((await login(user.username, TEST_PASSWORD, '198.51.100.12')).status).toBe(429);
    clock += 3 * 60_000; // one attempt refilled
    expect((await login(user.username, TEST_PASSWORD, '198.51.100.12')).status).toBe(200);
  });
});

describe('limits on account creation', { timeout: 180_000 }, () => {
  let clock = TEST_NOW.getTime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock), config: { accountLimitPerHour: 50 } });
  });
  afterAll(() => t.close());

  const guest = (ip: string) => t.request('/api/guest-login', { method: 'POST', headers: from(ip) });

  it('refuses a flood of 3,000 guest sign-ins from one address after the limit; another address keeps playing', async () => {
    const flood = await Promise.all(Array.from({ length: 3000 }, () => guest('198.51.100.30')));
    const counts = tally(flood.map((r) => r.status));
    expect(counts).toEqual({ 201: 50, 429: 2950 });
    const refused = flood.find((r) => r.status === 429)!;
    expect(await refused.json()).toMatchObject({
      message: 'Too many new accounts from your network. Try again in 2 minutes.',
    });
    expect(refused.headers.get('Retry-After')).toBe('72'); // an hour / 50

    const other = await guest('198.51.100.31');
    expect(other.status).toBe(201);
    const cookie = other.headers.get('Set-Cookie')!.split(';')[0]!;
    expect((await t.request('/api/daily-topics', { cookie })).status).toBe(200);

    // Registrations count against the same budget; a guest who registers creates no account.
    const register = await t.request('/api/register', {
      method: 'POST',
      json: { username: uniqueName('late'), password: TEST_PASSWORD },
      headers: from('198.51.100.30'),
    });
    expect(register.status).toBe(429);
    const upgrade = await t.request('/api/register', {
      method: 'POST',
      cookie,
      json: { username: uniqueName('upgraded'), password: TEST_PASSWORD },
      headers: from('198.51.100.30'),
    });
    expect(upgrade.status).toBe(201);

    clock += 72_000; // one account refilled
    expect((await guest('198.51.100.30')).status).toBe(201);
    expect((await guest('198.51.100.30')).status).toBe(429);
  });

  it('writes a guest sign-in whole or not at all: a refused one keeps the session it came with, an accepted one ends it', async () => {
    const ip = '198.51.100.60';
    const first = await guest(ip);
    expect(first.status).toBe(201);
    const cookie = first.headers.get('Set-Cookie')!.split(';')[0]!;
    const more = await Promise.all(Array.from({ length: 49 }, () => guest(ip)));
    expect(tally(more.map((r) => r.status))).toEqual({ 201: 49 });

    const refused = await t.request('/api/guest-login', { method: 'POST', cookie, headers: from(ip) });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Set-Cookie')).toBeNull();
    expect((await t.request('/api/user', { cookie })).status).toBe(200);

    clock += 72_000; // one account refilled
    const accepted = await t.request('/api/guest-login', { method: 'POST', cookie, headers: from(ip) });
    expect(accepted.status).toBe(201);
    const next = accepted.headers.get('Set-Cookie')!.split(';')[0]!;
    expect((await t.request('/api/user', { cookie: next })).status).toBe(200);
    expect((await t.request('/api/user', { cookie })).status).toBe(401);
  });

  it('gives the token back when a registration fails on a taken username', async () => {
    const name = uniqueName('taken');
    const ip = '198.51.100.40';
    const register = (username: string) =>
      t.request('/api/register', {
        method: 'POST',
        json: { username, password: TEST_PASSWORD },
        headers: from(ip),
      });
    expect((await register(name)).status).toBe(201);
    for (let i = 0; i < 60; i++) expect((await register(name.toUpperCase())).status).toBe(409);
    const created = await Promise.all(Array.from({ length: 60 }, () => register(uniqueName('fresh'))));
    expect(tally(created.map((r) => r.status))).toEqual({ 201: 49, 429: 11 });
  });

  it('is off with ACCOUNT_LIMIT_PER_HOUR=0', async () => {
    const open = await createTestApp({ config: { accountLimitPerHour: 0 } });
    try {
      const responses = await Promise.all(
        Array.from({ length: 300 }, () =>
          open.request('/api/guest-login', { method: 'POST', headers: from('198.51.100.50') }),
        ),
      );
      expect(tally(responses.map((r) => r.status))).toEqual({ 201: 300 });
    } finally {
      open.close();
    }
  });
});
