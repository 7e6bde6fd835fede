import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@daily-tea/shared/contracts/errors';
import { DEV_ADMIN_PASSWORD } from './env';
import { createTestApp, type TestApp } from './test/harness';

const DESKTOP = 'app://daily-tea';

describe('createApp: CORS and cross-origin rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('admits the desktop console to the bearer-token routes (preflight and request)', async () => {
    const preflight = await t.request('/api/admin/topics', {
      method: 'OPTIONS',
      origin: DESKTOP,
      headers: { 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(DESKTOP);
    expect(preflight.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');

    const unlock = await t.request('/api/admin/unlock', {
      method: 'POST',
      origin: DESKTOP,
      json: { password: DEV_ADMIN_PASSWORD },
    });
    expect(unlock.status).toBe(200);
    expect(unlock.headers.get('Access-Control-Allow-Origin')).toBe(DESKTOP);
    const { token } = (await unlock.json()) as { token: string };
    const topics = await t.request('/api/admin/topics', { origin: DESKTOP, token });
    expect(topics.status).toBe(200);
    expect(topics.headers.get('Access-Control-Allow-Origin')).toBe(DESKTOP);
  });

  it('gives other origins no CORS access, and player routes no CORS at all', async () => {
    const foreign = await t.request('/api/admin/topics', {
      method: 'OPTIONS',
      origin: 'https://evil.example',
      headers: { 'Access-Control-Request-Method': 'GET' },
    });
    expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const player = await t.request('/api/user', { origin: DESKTOP });
    expect(player.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('refuses a foreign-origin unlock without a token (403), and the desktop origin on player writes', async () => {
    const unlock = await t.request('/api/admin/unlock', {
      method: 'POST',
      origin: 'https://evil.example',
      json: { password: DEV_ADMIN_PASSWORD },
    });
    expect(unlock.status).toBe(403);
    const { cookie } = await t.guest();
    const write = await t.request('/api/logout', { method: 'POST', origin: DESKTOP, cookie });
    expect(write.status).toBe(403);
  });

  it('accepts writes without an Origin header (not a browser cross-site request)', async () => {
    const res = await t.request('/api/guest-login', { method: 'POST', origin: null });
    expect(res.status).toBe(201);
  });

  it('answers GET-only paths with other methods as JSON 404, never HTML or 500', async () => {
    const res = await t.request('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    const root = await t.request('/');
    expect(root.status).toBe(404);
    expect(await root.json()).toMatchObject({ message: 'Not found' });
  });

  it('gives every error a message for people and a stable code for programs', async () => {
    const cases: [Response, number, string][] = [
      [await t.request('/api/user'), 401, 'not_signed_in'],
      [await t.request('/api/login', { method: 'POST', json: {} }), 400, 'invalid_request'],
      [
        await t.request('/api/login', {
          method: 'POST',
          body: '{"username":',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'malformed_json',
      ],
      [await t.request('/api/nowhere'), 404, 'not_found'],
    ];
    for (const [res, status, code] of cases) {
      expect(res.status).toBe(status);
      const body = ErrorBodySchema.parse(await res.json());
      expect(body.code).toBe(code);
      expect(body.message.length).toBeGreaterThan(0);
    }
  });

  it('masks unexpected errors as 500 `Something went wrong`', async () => {
    const broken = await createTestApp();
    broken.close(); // the database is gone: every query throws
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await broken.request('/api/login', {
        method: 'POST',
        json: { username: 'someone', password: 'password123' },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Something went wrong', code: 'internal' });
      expect(errors.length).toBe(1);
    } finally {
      console.error = original;
    }
  });
});
