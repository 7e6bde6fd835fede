import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { cleanupExpired } from '../../services/cleanup';
import { createTestApp, TEST_NOW, type TestApp } from '../../test/harness';

/** Revocable operator tokens (product.md#roles). */
describe('operator sessions', () => {
  let clock = TEST_NOW.getTime();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      now: () => new Date(clock),
      config: { adminPassword: 'admin-old-pass', marketingPassword: 'marketing-old-pass' },
    });
  });
  afterAll(() => t.close());

  const unlock = async (role: 'admin' | 'marketing', password: string, app = t.app) => {
    const res = await app.request(`/api/${role}/unlock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const status = async (token: string, path = '/api/admin/topics', app = t.app, method = 'GET') =>
    (await app.request(path, { method, headers: { Authorization: `Bearer ${token}` } })).status;

  it('ends every token issued under a password once the password changes (a restart with a new ADMIN_PASSWORD)', async () => {
    const admin = await unlock('admin', 'admin-old-pass');
    const marketing = await unlock('marketing', 'marketing-old-pass');
    expect(await status(admin)).toBe(200);

    // The same database, restarted with a new admin password.
    const restarted = createApp({
      deps: () => ({ ...t.deps, config: { ...t.deps.config, adminPassword: 'admin-new-pass' } }),
    });
    expect(await status(admin, '/api/admin/topics', restarted)).toBe(401);
    expect(await status(admin, '/api/marketing/questions', restarted)).toBe(401);
    // The marketing password did not change: its tokens live on.
    expect(await status(marketing, '/api/marketing/questions', restarted)).toBe(200);
    const fresh = await unlock('admin', 'admin-new-pass', restarted);
    expect(await status(fresh, '/api/admin/topics', restarted)).toBe(200);
  });

  it('"Exit Admin" ends the caller\'s token on the server and no other', async () => {
    const leaving = await unlock('admin', 'admin-old-pass');
    const staying = await unlock('admin', 'admin-old-pass');
    expect(await status(leaving, '/api/admin/sessions/revoke', t.app, 'POST')).toBe(200);
    expect(await status(leaving)).toBe(401);
    expect(await status(leaving, '/api/marketing/questions')).toBe(401);
    expect(await status(staying)).toBe(200);

    const marketing = await unlock('marketing', 'marketing-old-pass');
    expect(await status(marketing, '/api/marketing/sessions/revoke', t.app, 'POST')).toBe(200);
    expect(await status(marketing, '/api/marketing/questions')).toBe(401);
    // Only admins may end everyone's sessions.
    const other = await unlock('marketing', 'marketing-old-pass');
    expect(await status(other, '/api/admin/sessions/revoke-all', t.app, 'POST')).toBe(401);
  });

  it("revoke-all ends every admin and marketing token (the caller's too), audited; later unlocks work", async () => {
    const admins = [await unlock('admin', 'admin-old-pass'), await unlock('admin', 'admin-old-pass')];
    const marketing = await unlock('marketing', 'marketing-old-pass');
    expect(await status(admins[0]!, '/api/admin/sessions/revoke-all', t.app, 'POST')).toBe(200);
    for (const token of admins) expect(await status(token)).toBe(401);
    expect(await status(marketing, '/api/marketing/questions')).toBe(401);

    clock += 1;
    const after = await unlock('admin', 'admin-old-pass');
    expect(await status(after)).toBe(200);
    const audit = await t.app.request('/api/admin/audit', { headers: { Authorization: `Bearer ${after}` } });
    const { items } = (await audit.json()) as { items: { action: string; summary: string }[] };
    expect(items[0]).toMatchObject({
      action: 'operator.revoke_all',
      summary: 'Ended every admin and marketing session',
    });
  });

  it('forgets revocations once the tokens they concern have expired', async () => {
    const later = new Date(clock + 8 * 60 * 60_000 + 1);
    const result = await cleanupExpired({ ...t.deps, now: () => later });
    expect(result.revocationsDeleted).toBeGreaterThanOrEqual(3);
  });
});
