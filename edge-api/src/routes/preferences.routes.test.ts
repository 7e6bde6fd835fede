import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserSchema } from '@daily-tea/shared/contracts/auth';
import { DEFAULT_PREFERENCES } from '@daily-tea/shared/contracts/preference-defaults';
import { PreferencesSchema } from '@daily-tea/shared/contracts/preferences';
import { createTestApp, type TestApp } from '../test/harness';

describe('preferences (product.md#accounts)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (cookie: string, json: unknown) =>
    t.request('/api/preferences', { method: 'PUT', cookie, json });

  it('a new player, guest or registered, has the defaults on GET /api/user', async () => {
    for (const { cookie } of [await t.guest(), await t.signUp()]) {
      const user = UserSchema.strict().parse(await (await t.request('/api/user', { cookie })).json());
      expect(user.preferences).toEqual({
        guessTheCrowd: false,
        theme: 'system',
        shareAnswersWithFriends: true,
      });
      expect(user.preferences).toEqual(DEFAULT_PREFERENCES);
    }
  });

  it('PUT takes any subset, answers the whole object, and GET /api/user and /api/session show it', async () => {
    const { cookie } = await t.signUp();
    let res = await put(cookie, { guessTheCrowd: true });
    expect(res.status).toBe(200);
    expect(PreferencesSchema.strict().parse(await res.json())).toEqual({
      guessTheCrowd: true,
      theme: 'system',
      shareAnswersWithFriends: true,
    });
    res = await put(cookie, { theme: 'dark', shareAnswersWithFriends: false });
    expect(await res.json()).toEqual({ guessTheCrowd: true, theme: 'dark', shareAnswersWithFriends: false });
    res = await put(cookie, {});
    expect(await res.json()).toEqual({ guessTheCrowd: true, theme: 'dark', shareAnswersWithFriends: false });

    const me = (await (await t.request('/api/user', { cookie })).json()) as { preferences: unknown };
    expect(me.preferences).toEqual({ guessTheCrowd: true, theme: 'dark', shareAnswersWithFriends: false });
    const session = (await (await t.request('/api/session', { cookie })).json()) as {
      user: { preferences: unknown };
    };
    expect(session.user.preferences).toEqual(me.preferences);
  });

  it("one player's preferences never change another's", async () => {
    const a = await t.guest();
    const b = await t.guest();
    await put(a.cookie, { guessTheCrowd: true, theme: 'light' });
    const other = (await (await t.request('/api/user', { cookie: b.cookie })).json()) as {
      preferences: unknown;
    };
    expect(other.preferences).toEqual(DEFAULT_PREFERENCES);
  });

  it('a guest keeps its preferences when it registers', async () => {
    const guest = await t.guest();
    await put(guest.cookie, { guessTheCrowd: true });
    const res = await t.request('/api/register', {
      method: 'POST',
      cookie: guest.cookie,
      json: { username: `kept${Date.now() % 100000}`, password: 'password123' },
    });
    expect(res.status).toBe(201);
    expect(
      ((await res.json()) as { preferences: { guessTheCrowd: boolean } }).preferences.guessTheCrowd,
    ).toBe(true);
  });

  it('refuses bad input with 400 {message} and writes nothing', async () => {
    const { cookie } = await t.signUp();
    for (const body of [
      { theme: 'purple' },
      { guessTheCrowd: 'yes' },
      { shareAnswersWithFriends: null },
      { colour: 'red' },
      [true],
    ]) {
      const res = await put(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof ((await res.json()) as { message: unknown }).message).toBe('string');
    }
    const bad = await t.request('/api/preferences', {
      method: 'PUT',
      cookie,
      body: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const me = (await (await t.request('/api/user', { cookie })).json()) as { preferences: unknown };
    expect(me.preferences).toEqual(DEFAULT_PREFERENCES);
  });

  it('needs a session (401) and a same-site origin', async () => {
    const res = await t.request('/api/preferences', { method: 'PUT', json: { theme: 'dark' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'Not authenticated' });
    const { cookie } = await t.guest();
    const cross = await t.request('/api/preferences', {
      method: 'PUT',
      cookie,
      json: { theme: 'dark' },
      origin: 'https://evil.example',
    });
    expect(cross.status).toBe(403);
  });
});
