import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorTokenSecret, signOperatorToken } from '../../auth/operator-token';
import { createAdminKit, TEST_CONFIG, type AdminKit } from './admin.test-kit';

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit();
});
afterAll(() => kit.close());

/** Every operator route of the API client (shared/src/api-client/client.ts), with a plausible payload. */
const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/clock'],
  ['GET', '/api/admin/topics'],
  ['POST', '/api/admin/topics', { title: 'T', category: 'C' }],
  ['PUT', '/api/admin/topics/x', { title: 'T', category: 'C', isActive: true }],
  ['GET', '/api/admin/topics/x/questions?date=2026-06-10'],
  ['GET', '/api/admin/questions'],
  ['POST', '/api/admin/questions', { topicId: 'x', date: '2026-06-10', text: 'Q', options: ['a', 'b'] }],
  ['DELETE', '/api/admin/questions/x'],
  ['GET', '/api/admin/questions/importable?topicId=x&currentDate=2026-06-10'],
  ['GET', '/api/admin/daily-topics/2026-06-10'],
  ['PUT', '/api/admin/daily-topics/2026-06-10', { topicIds: [] }],
  ['GET', '/api/admin/users'],
  ['DELETE', '/api/admin/users/x'],
  ['GET', '/api/admin/answers'],
  ['DELETE', '/api/admin/answers/x'],
  ['GET', '/api/admin/audit'],
  ['GET', '/api/admin/stats/dashboard'],
  ['GET', '/api/admin/stats/users'],
  ['GET', '/api/admin/stats/responses?date=2026-06-10'],
  ['GET', '/api/admin/no-such-route'],
];

describe('unlock', () => {
  it('exchanges the admin password for an 8-hour admin token', async () => {
    const res = await kit.call('POST', '/api/admin/unlock', {
      token: null,
      body: { password: TEST_CONFIG.adminPassword },
    });
    expect(res.status).toBe(200);
    expect(res.body.expiresAt).toBe('2026-06-10T20:00:00.000Z');
    expect((await kit.call('GET', '/api/admin/topics', { token: res.body.token })).status).toBe(200);
  });

  it('refuses a wrong password with 401 Invalid password, and a missing one with 400', async () => {
    const wrong = await kit.call('POST', '/api/admin/unlock', { token: null, body: { password: 'nope' } });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid password' } });
    const marketingPassword = await kit.call('POST', '/api/admin/unlock', {
      token: null,
      body: { password: TEST_CONFIG.marketingPassword },
    });
    expect(marketingPassword.status).toBe(401);
    const missing = await kit.call('POST', '/api/admin/unlock', { token: null, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Password is required' } });
    const malformed = await kit.call('POST', '/api/admin/unlock', { token: null, raw: '{"password":' });
    expect(malformed.status).toBe(400);
  });

  it('gives a marketing token for the marketing password, which opens marketing but not admin', async () => {
    const res = await kit.call('POST', '/api/marketing/unlock', {
      token: null,
      body: { password: TEST_CONFIG.marketingPassword },
    });
    expect(res.status).toBe(200);
    expect((await kit.call('GET', '/api/marketing/questions', { token: res.body.token })).status).toBe(200);
    expect((await kit.call('GET', '/api/admin/topics', { token: res.body.token })).status).toBe(401);
    expect(
      (await kit.call('POST', '/api/marketing/unlock', { token: null, body: { password: 'nope' } })).status,
    ).toBe(401);
  });
});

describe('admin protection', () => {
  it.each(ADMIN_ROUTES)('%s %s → 401 without a token', async (method, path, body) => {
    const res = await kit.call(method, path, { token: null, body });
    expect(res).toMatchObject({ status: 401, body: { message: 'Admin access required' } });
  });

  it('401 with a marketing token, an expired, a tampered or a foreign-secret token', async () => {
    const expired = (
      await signOperatorToken(
        operatorTokenSecret(TEST_CONFIG, 'admin'),
        'admin',
        new Date('2026-06-10T03:59:59.000Z'),
      )
    ).token;
    const foreign = (await signOperatorToken('another-secret', 'admin', new Date('2026-06-10T12:00:00.000Z')))
      .token;
    const tampered = `${kit.adminToken.slice(0, -2)}${kit.adminToken.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token of [kit.marketingToken, expired, foreign, tampered, 'garbage']) {
      expect((await kit.call('GET', '/api/admin/stats/dashboard', { token })).status).toBe(401);
    }
    const res = await kit.app.request('/api/admin/topics', { headers: { Authorization: kit.adminToken } });
    expect(res.status).toBe(401);
  });

  it('every route answers (not 401/500) with the admin token', async () => {
    for (const [method, path, body] of ADMIN_ROUTES) {
      const res = await kit.call(method, path, { body });
      expect(res.status, `${method} ${path}`).not.toBe(401);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it('marketing questions need a marketing or admin token', async () => {
    expect((await kit.call('GET', '/api/marketing/questions', { token: null })).status).toBe(401);
    expect((await kit.call('GET', '/api/marketing/questions', { token: 'x.y' })).body).toMatchObject({
      message: 'Marketing access required',
    });
    expect((await kit.call('GET', '/api/marketing/questions', { token: kit.adminToken })).status).toBe(200);
    expect((await kit.call('GET', '/api/marketing/questions', { token: kit.marketingToken })).status).toBe(
      200,
    );
  });
});

describe('unlock throttling', () => {
  it('blocks an address after 5 failures with 429, even for the right password, per role and address', async () => {
    const from = (ip: string) => ({ 'cf-connecting-ip': ip });
    const tryAdmin = (password: string, ip = '203.0.113.9') =>
      kit.call('POST', '/api/admin/unlock', { token: null, body: { password }, headers: from(ip) });
    for (let i = 0; i < 5; i++) expect((await tryAdmin('wrong')).status).toBe(401);
    const blocked = await tryAdmin(TEST_CONFIG.adminPassword);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/^Too many failed attempts/);
    expect((await tryAdmin(TEST_CONFIG.adminPassword, '203.0.113.10')).status).toBe(200);
    const marketing = await kit.call('POST', '/api/marketing/unlock', {
      token: null,
      body: { password: TEST_CONFIG.marketingPassword },
      headers: from('203.0.113.9'),
    });
    expect(marketing.status).toBe(200);

    kit.setNow('2026-06-10T12:16:00.000Z');
    try {
      expect((await tryAdmin(TEST_CONFIG.adminPassword)).status).toBe(200);
    } finally {
      kit.setNow('2026-06-10T12:00:00.000Z');
    }
  });
});

describe('cross-origin operator console', () => {
  it('answers CORS preflights for configured operator origins only', async () => {
    const preflight = (origin: string) =>
      kit.app.request('/api/admin/topics', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
    expect((await preflight('app://daily-tea')).headers.get('Access-Control-Allow-Origin')).toBe(
      'app://daily-tea',
    );
    expect((await preflight('https://evil.example')).headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  it('lets the desktop console unlock and call admin routes from its own origin', async () => {
    const unlock = await kit.app.request('/api/admin/unlock', {
      method: 'POST',
      headers: {
        Origin: 'app://daily-tea',
        'Content-Type': 'application/json',
        'cf-connecting-ip': '198.51.100.7',
      },
      body: JSON.stringify({ password: TEST_CONFIG.adminPassword }),
    });
    expect(unlock.status).toBe(200);
    expect(unlock.headers.get('Access-Control-Allow-Origin')).toBe('app://daily-tea');
    const { token } = (await unlock.json()) as { token: string };
    const create = await kit.app.request('/api/admin/topics', {
      method: 'POST',
      headers: {
        Origin: 'app://daily-tea',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ title: 'From the desktop', category: 'Ops' }),
    });
    expect(create.status).toBe(201);
    // A player page on another site cannot use a player's cookie here: no token, no access.
    const forged = await kit.app.request('/api/admin/topics', {
      method: 'POST',
      headers: { Origin: 'https://evil.example' },
      body: '{}',
    });
    expect([401, 403]).toContain(forged.status);
  });
});
