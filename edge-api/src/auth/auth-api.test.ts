import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionSchema, UserSchema, type User } from '@daily-tea/shared/contracts/auth';
import { answers, sessions, users } from '../db/schema';
import { today } from '../services/play/today';
import { createAnswer, createQuestion, createTopic } from '../test/factories';
import {
  createTestApp,
  sessionCookieOf,
  TEST_NOW,
  TEST_PASSWORD,
  uniqueName,
  type TestApp,
} from '../test/harness';

const DAY = 86_400_000;
const strictUser = UserSchema.strict();

function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body).toLowerCase();
  expect(text).not.toContain('password');
  expect(text).not.toContain('hash');
  expect(text).not.toContain('pbkdf2');
}

describe('registration and sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers a user, sets an HttpOnly Lax session cookie for 30 days, and never returns the password', async () => {
    const username = uniqueName('Reg');
    const res = await t.request('/api/register', {
      method: 'POST',
      json: { username, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(201);
    const setCookie = res.headers.get('Set-Cookie')!;
    expect(setCookie).toMatch(/^session=[^;]+/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain(`Max-Age=${30 * 86400}`);
    expect(setCookie).not.toContain('Secure');
    const body = await res.json();
    expectNoSecrets(body);
    const user = strictUser.parse(body);
    expect(user).toMatchObject({
      username,
      isGuest: false,
      currentStreak: 0,
      longestStreak: 0,
      gender: null,
    });

    const stored = (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!;
    expect(stored.passwordHash).toMatch(/^pbkdf2-sha256\$/);
    expect(stored.passwordHash).not.toContain(TEST_PASSWORD);

    const me = await t.request('/api/user', { cookie: sessionCookieOf(res) });
    expect(me.status).toBe(200);
    const meBody = await me.json();
    expectNoSecrets(meBody);
    expect(strictUser.parse(meBody).id).toBe(user.id);
  });

  it('marks the cookie Secure in production', async () => {
    const prod = await createTestApp({ config: { secureCookies: true } });
    try {
      const res = await prod.request('/api/guest-login', { method: 'POST' });
      expect(res.headers.get('Set-Cookie')).toContain('Secure');
    } finally {
      prod.close();
    }
  });

  it('refuses a username taken in any letter case with 409 and a clear message', async () => {
    const username = uniqueName('Case');
    await t.signUp(username);
    for (const variant of [username, username.toUpperCase(), username.toLowerCase()]) {
      const res = await t.request('/api/register', {
        method: 'POST',
        json: { username: variant, password: TEST_PASSWORD },
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ message: `Username "${variant}" is already taken` });
    }
  });

  it('keeps exactly one account when the same name registers in parallel', async () => {
    const username = uniqueName('Race');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request('/api/register', {
          method: 'POST',
          json: { username: i % 2 ? username.toUpperCase() : username, password: TEST_PASSWORD },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
  });

  it('validates registration input with 400 messages', async () => {
    const cases: Array<[unknown, string]> = [
      [{ password: TEST_PASSWORD }, 'Username is required'],
      [{ username: 'ab', password: TEST_PASSWORD }, 'Username must be at least 3 characters'],
      [{ username: 'a'.repeat(31), password: TEST_PASSWORD }, 'Username must be at most 30 characters'],
      [
        { username: 'bad name!', password: TEST_PASSWORD },
        'Username may only contain letters, digits, _ . and -',
      ],
      [{ username: uniqueName('v'), password: 'short' }, 'Password must be at least 8 characters'],
      [{ username: uniqueName('v'), password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ username: uniqueName('v') }, 'Password is required'],
    ];
    for (const [json, message] of cases) {
      const res = await t.request('/api/register', { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    const reserved = await t.request('/api/register', {
      method: 'POST',
      json: { username: 'guest_abc', password: TEST_PASSWORD },
    });
    expect(reserved.status).toBe(400);
  });

  it('signs in with any letter case of the username and returns the user', async () => {
    const username = uniqueName('Login');
    const { user } = await t.signUp(username);
    const res = await t.request('/api/login', {
      method: 'POST',
      json: { username: username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectNoSecrets(body);
    expect(strictUser.parse(body).id).toBe(user.id);
    expect((await t.request('/api/user', { cookie: sessionCookieOf(res) })).status).toBe(200);
  });

  it('refuses wrong credentials with 401 and the same message for unknown users', async () => {
    const username = uniqueName('Wrong');
    await t.signUp(username);
    const bad = await t.request('/api/login', {
      method: 'POST',
      json: { username, password: 'not-the-password' },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ message: 'Invalid username or password' });
    const unknown = await t.request('/api/login', {
      method: 'POST',
      json: { username: uniqueName('ghost'), password: 'whatever1' },
    });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ message: 'Invalid username or password' });
  });

  it('requires both sign-in fields (product.md#validation messages)', async () => {
    const noUser = await t.request('/api/login', { method: 'POST', json: { username: '  ', password: 'x' } });
    expect(noUser.status).toBe(400);
    expect(await noUser.json()).toMatchObject({ message: 'Username is required' });
    const noPassword = await t.request('/api/login', { method: 'POST', json: { username: 'someone' } });
    expect(noPassword.status).toBe(400);
    expect(await noPassword.json()).toMatchObject({ message: 'Password is required' });
  });

  it('GET /api/user without a session is 401', async () => {
    const res = await t.request('/api/user');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Not authenticated' });
    const forged = await t.request('/api/user', { cookie: 'session=not-a-real-session' });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('Set-Cookie')).toMatch(/^session=;/);
  });

  it('GET /api/session answers 200 with the user, or user: null without a session', async () => {
    const none = await t.request('/api/session');
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ user: null });
    const forged = await t.request('/api/session', { cookie: 'session=not-a-real-session' });
    expect(await forged.json()).toEqual({ user: null });
    const { cookie } = await t.signUp();
    const me = await t.request('/api/session', { cookie });
    const body = SessionSchema.parse(await me.json());
    expect(body.user).toMatchObject({ isGuest: false });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('logs out: the session ends and the cookie is cleared', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request('/api/logout', { method: 'POST', cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('Set-Cookie')).toMatch(/^session=;.*Max-Age=0/);
    expect((await t.request('/api/user', { cookie })).status).toBe(401);
    // Logging out without a session is harmless.
    expect((await t.request('/api/logout', { method: 'POST' })).status).toBe(200);
  });
});

describe('guests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates a guest_<random> user with a 24-hour session', async () => {
    const res = await t.request('/api/guest-login', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('Set-Cookie')).toContain(`Max-Age=${24 * 3600}`);
    const body = await res.json();
    expectNoSecrets(body);
    const user = strictUser.parse(body);
    expect(user.isGuest).toBe(true);
    expect(user.username).toMatch(/^guest_[a-z0-9]+$/);
    const other = await t.guest();
    expect(other.user.username).not.toBe(user.username);
  });

  it('cannot sign in as a guest by name', async () => {
    const { user } = await t.guest();
    const res = await t.request('/api/login', {
      method: 'POST',
      json: { username: user.username, password: '!' },
    });
    expect(res.status).toBe(401);
  });

  it('a guest who registers keeps the same user, answers and streak; old guest sessions end', async () => {
    const guest = await t.guest();
    const topic = await createTopic(t.db);
    const question = await createQuestion(t.db, { topicId: topic.id });
    const answer = await createAnswer(t.db, { userId: guest.user.id, questionId: question.id });
    await t.db
      .update(users)
      .set({ currentStreak: 2, longestStreak: 4, lastActivityDate: '2026-05-20' })
      .where(eq(users.id, guest.user.id));

    const username = uniqueName('Upgraded');
    const res = await t.request('/api/register', {
      method: 'POST',
      cookie: guest.cookie,
      json: { username, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(201);
    const upgraded = strictUser.parse(await res.json());
    expect(upgraded).toMatchObject({
      id: guest.user.id,
      username,
      isGuest: false,
      currentStreak: 2,
      longestStreak: 4,
    });
    expect(res.headers.get('Set-Cookie')).toContain(`Max-Age=${30 * 86400}`);

    const kept = await t.db.select().from(answers).where(eq(answers.userId, guest.user.id));
    expect(kept.map((a) => a.id)).toEqual([answer.id]);
    expect((await t.db.select().from(users).where(eq(users.id, guest.user.id))).length).toBe(1);

    expect((await t.request('/api/user', { cookie: guest.cookie })).status).toBe(401);
    const me = await t.request('/api/user', { cookie: sessionCookieOf(res) });
    expect(((await me.json()) as User).id).toBe(guest.user.id);
    const login = await t.request('/api/login', {
      method: 'POST',
      json: { username, password: TEST_PASSWORD },
    });
    expect(((await login.json()) as User).id).toBe(guest.user.id);
  });

  it('a guest registering with a taken name stays a guest (409)', async () => {
    const taken = uniqueName('Taken');
    await t.signUp(taken);
    const guest = await t.guest();
    const res = await t.request('/api/register', {
      method: 'POST',
      cookie: guest.cookie,
      json: { username: taken.toLowerCase(), password: TEST_PASSWORD },
    });
    expect(res.status).toBe(409);
    const me = (await (await t.request('/api/user', { cookie: guest.cookie })).json()) as User;
    expect(me).toMatchObject({ id: guest.user.id, isGuest: true });
  });
});

describe('session expiry', () => {
  let clock = TEST_NOW.getTime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  it('guest sessions end after 24 hours and do not slide', async () => {
    clock = TEST_NOW.getTime();
    const { cookie } = await t.guest();
    clock += 23 * 3_600_000;
    const stillIn = await t.request('/api/user', { cookie });
    expect(stillIn.status).toBe(200);
    expect(stillIn.headers.get('Set-Cookie')).toBeNull();
    clock += 3_600_000 + 1000;
    const res = await t.request('/api/user', { cookie });
    expect(res.status).toBe(401);
  });

  it('registered sessions last 30 days and slide when used', async () => {
    clock = TEST_NOW.getTime();
    const { cookie, user } = await t.signUp();
    clock += 10 * DAY;
    const early = await t.request('/api/user', { cookie });
    expect(early.status).toBe(200);
    expect(early.headers.get('Set-Cookie')).toBeNull();
    clock += 10 * DAY; // 20 days in: less than half left, extended to now + 30 days
    const slid = await t.request('/api/user', { cookie });
    expect(slid.status).toBe(200);
    expect(slid.headers.get('Set-Cookie')).toContain(`Max-Age=${30 * 86400}`);
    const row = (await t.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!;
    expect(row.expiresAt).toBe(Math.floor((clock + 30 * DAY) / 1000));
    clock += 29 * DAY;
    expect((await t.request('/api/user', { cookie })).status).toBe(200);
    clock += 31 * DAY;
    expect((await t.request('/api/user', { cookie })).status).toBe(401);
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length).toBe(0);
  });

  it('follows every change of the users row and the game day, read after read', async () => {
    clock = TEST_NOW.getTime();
    const me = async (cookie: string) => (await (await t.request('/api/user', { cookie })).json()) as User;
    const { cookie, user } = await t.signUp();
    const day = today(t.deps);
    await t.db
      .update(users)
      .set({ currentStreak: 4, longestStreak: 4, lastActivityDate: day })
      .where(eq(users.id, user.id));
    expect(await me(cookie)).toMatchObject({ currentStreak: 4, lastActivityDate: day });
    expect(await me(cookie)).toMatchObject({ currentStreak: 4 });
    const session = (await (await t.request('/api/session', { cookie })).json()) as { user: User };
    expect(session.user).toEqual(await me(cookie));

    // The next game day the streak still stands; the day after, one day was missed without a freeze.
    clock += DAY;
    expect(await me(cookie)).toMatchObject({ currentStreak: 4 });
    clock += DAY;
    expect(await me(cookie)).toMatchObject({ currentStreak: 0, longestStreak: 4 });

    const put = await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      json: { gender: 'female', ageBracket: '25-34', raceBracket: 'black', country: 'Kenya', city: '' },
    });
    expect(put.status).toBe(200);
    expect(await me(cookie)).toMatchObject({ country: 'Kenya', currentStreak: 0 });
    await t.db.update(users).set({ streakFreezes: 2 }).where(eq(users.id, user.id));
    expect(await me(cookie)).toMatchObject({ country: 'Kenya', currentStreak: 4, streakFreezes: 2 });
  });
});

describe('profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('updates the profile and returns the user', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      json: {
        gender: 'non_binary',
        ageBracket: '25-34',
        raceBracket: 'mixed_race',
        country: ' South Africa ',
        city: '',
      },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expectNoSecrets(body);
    expect(strictUser.parse(body)).toMatchObject({
      gender: 'non_binary',
      ageBracket: '25-34',
      raceBracket: 'mixed_race',
      country: 'South Africa',
      city: null,
    });
    const me = (await (await t.request('/api/user', { cookie })).json()) as User;
    expect(me.country).toBe('South Africa');
  });

  it('lets guests set up their profile', async () => {
    const { cookie } = await t.guest();
    const res = await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      json: { gender: 'female', ageBracket: '45+', raceBracket: 'black', country: null, city: null },
    });
    expect(res.status).toBe(200);
  });

  it('refuses bad values with 400 and no session with 401', async () => {
    const { cookie } = await t.signUp();
    for (const json of [
      { gender: 'robot', ageBracket: '25-34', raceBracket: 'white' },
      { gender: 'male', ageBracket: '12-17', raceBracket: 'white' },
      { gender: 'male', ageBracket: '25-34', raceBracket: 'white', country: 'x'.repeat(101) },
      { gender: 42 },
      [],
    ]) {
      const res = await t.request('/api/profile', { method: 'PUT', cookie, json });
      expect(res.status).toBe(400);
      expect(typeof ((await res.json()) as { message: string }).message).toBe('string');
    }
    const anon = await t.request('/api/profile', {
      method: 'PUT',
      json: { gender: 'male', ageBracket: '25-34', raceBracket: 'white' },
    });
    expect(anon.status).toBe(401);
  });
});

describe('sign-in throttling', () => {
  let clock = TEST_NOW.getTime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  it('blocks a username after 5 failures with 429, even with the right password, until the block ends', async () => {
    const username = uniqueName('Throttled');
    await t.signUp(username);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/login', {
        method: 'POST',
        json: { username, password: 'wrong-password' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.request('/api/login', {
      method: 'POST',
      json: { username: username.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    // 5 attempts refill over 15 minutes: the next one is due in 3.
    expect(await blocked.json()).toMatchObject({
      message: 'Too many failed attempts. Try again in 3 minutes.',
    });
    expect(blocked.headers.get('Retry-After')).toBe('180');

    // Another account is unaffected.
    const other = uniqueName('Free');
    await t.signUp(other);
    expect(
      (await t.request('/api/login', { method: 'POST', json: { username: other, password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);

    clock += 15 * 60_000 + 1000;
    expect(
      (await t.request('/api/login', { method: 'POST', json: { username, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });

  it('counts parallel failures atomically', async () => {
    const username = uniqueName('Parallel');
    await t.signUp(username);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        t.request('/api/login', { method: 'POST', json: { username, password: 'wrong-password' } }),
      ),
    );
    expect(
      (await t.request('/api/login', { method: 'POST', json: { username, password: TEST_PASSWORD } })).status,
    ).toBe(429);
  });

  it('a successful sign-in clears earlier failures', async () => {
    const username = uniqueName('Cleared');
    await t.signUp(username);
    const fail = () =>
      t.request('/api/login', { method: 'POST', json: { username, password: 'wrong-password' } });
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    expect(
      (await t.request('/api/login', { method: 'POST', json: { username, password: TEST_PASSWORD } })).status,
    ).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    expect(
      (await t.request('/api/login', { method: 'POST', json: { username, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });
});

describe('Origin check (CSRF)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses cookie writes from a foreign Origin with 403 and changes nothing', async () => {
    const { cookie } = await t.signUp();
    const res = await t.request('/api/profile', {
      method: 'PUT',
      cookie,
      origin: 'https://evil.example',
      json: { gender: 'male', ageBracket: '25-34', raceBracket: 'white' },
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Cross-origin request refused' });
    const me = (await (await t.request('/api/user', { cookie })).json()) as User;
    expect(me.gender).toBeNull();
    for (const origin of ['null', 'http://localhost.evil.example', 'http://localhost:8080']) {
      expect((await t.request('/api/logout', { method: 'POST', cookie, origin })).status).toBe(403);
    }
    expect((await t.request('/api/user', { cookie })).status).toBe(200);
  });

  it('refuses sign-in and guest creation from a foreign Origin', async () => {
    expect(
      (await t.request('/api/guest-login', { method: 'POST', origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(
      (
        await t.request('/api/login', {
          method: 'POST',
          origin: 'https://evil.example',
          json: { username: 'x', password: 'y' },
        })
      ).status,
    ).toBe(403);
  });

  it('allows same-origin writes, reads from anywhere, and bearer-token requests', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/user', { cookie, origin: 'https://evil.example' })).status).toBe(200);
    const token = await t.adminToken();
    const res = await t.request('/api/logout', { method: 'POST', origin: 'https://evil.example', token });
    expect(res.status).toBe(200);
  });
});
