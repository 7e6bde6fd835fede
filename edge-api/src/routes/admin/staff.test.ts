import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminKit, TEST_CONFIG, type AdminKit } from './admin.test-kit';

let kit: AdminKit;
beforeAll(async () => {
  kit = await createAdminKit();
});
afterAll(() => kit.close());

const unlock = (gate: 'admin' | 'marketing', body: unknown) =>
  kit.call('POST', `/api/${gate}/unlock`, { token: null, body });

async function addStaff(name: string, role: 'editor' | 'marketing', password = 'staff-password-1') {
  const res = await kit.admin.post('/api/admin/staff', { name, role, password });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; role: string; createdAt: string };
}

describe('staff accounts', () => {
  it('the owner creates, lists, resets and removes staff; names are unique ignoring case and never "owner"', async () => {
    const ada = await addStaff('Ada.Editor', 'editor');
    expect(ada).toEqual({
      id: expect.any(String),
      name: 'Ada.Editor',
      role: 'editor',
      createdAt: expect.any(String),
    });
    const list = await kit.admin.get('/api/admin/staff');
    expect(list.body.staff.map((s: { name: string }) => s.name)).toContain('Ada.Editor');
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash/i);

    const taken = await kit.admin.post('/api/admin/staff', {
      name: 'ada.editor',
      role: 'marketing',
      password: 'another-pass',
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { message: 'A staff member with that name already exists' },
    });
    const owner = await kit.admin.post('/api/admin/staff', {
      name: 'Owner',
      role: 'editor',
      password: 'another-pass',
    });
    expect(owner.status).toBe(400);
    const short = await kit.admin.post('/api/admin/staff', {
      name: 'Bo1',
      role: 'editor',
      password: 'short',
    });
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters' } });
    const role = await kit.admin.post('/api/admin/staff', {
      name: 'Cy1',
      role: 'admin',
      password: 'long-enough',
    });
    expect(role.status).toBe(400);

    expect(
      (await kit.call('PATCH', `/api/admin/staff/${ada.id}`, { body: { password: 'new-password-2' } }))
        .status,
    ).toBe(200);
    expect((await kit.admin.del(`/api/admin/staff/${ada.id}`)).status).toBe(200);
    expect(await kit.admin.del(`/api/admin/staff/${ada.id}`)).toMatchObject({
      status: 404,
      body: { message: 'Staff member not found' },
    });
  });

  it("unlocks with a name and the member's own password; the role password alone is the owner", async () => {
    await addStaff('dana', 'editor');
    const ok = await unlock('admin', { name: 'DANA', password: 'staff-password-1' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ actor: 'dana', role: 'editor', token: expect.any(String) });
    expect(await unlock('admin', { name: 'dana', password: 'wrong-password' })).toMatchObject({
      status: 401,
      body: { message: 'Invalid name or password' },
    });
    expect((await unlock('admin', { name: 'nobody', password: 'staff-password-1' })).status).toBe(401);
    // An empty name is no name: the owner's password.
    const owner = await unlock('admin', { name: '', password: TEST_CONFIG.adminPassword });
    expect(owner.body).toMatchObject({ actor: 'owner', role: 'admin' });
    // The owner's password is no staff member's.
    expect((await unlock('admin', { name: 'dana', password: TEST_CONFIG.adminPassword })).status).toBe(401);
  });

  it('marketers open /marketing only; editors open both', async () => {
    await addStaff('mia', 'marketing');
    const atAdmin = await unlock('admin', { name: 'mia', password: 'staff-password-1' });
    expect(atAdmin).toMatchObject({
      status: 403,
      body: { message: 'This account opens the marketing tools, not the admin console' },
    });
    const mia = await unlock('marketing', { name: 'mia', password: 'staff-password-1' });
    expect(mia.body).toMatchObject({ actor: 'mia', role: 'marketing' });
    expect((await kit.call('GET', '/api/marketing/questions', { token: mia.body.token })).status).toBe(200);
    expect((await kit.call('GET', '/api/admin/topics', { token: mia.body.token })).status).toBe(401);

    await addStaff('eli', 'editor');
    const eli = await unlock('marketing', { name: 'eli', password: 'staff-password-1' });
    expect(eli.body).toMatchObject({ actor: 'eli', role: 'editor' });
    expect((await kit.call('GET', '/api/marketing/questions', { token: eli.body.token })).status).toBe(200);
  });

  it('throttles a staff name from one address like the role passwords (429 after 5 failures)', async () => {
    await addStaff('tess', 'editor');
    const headers = { 'cf-connecting-ip': '203.0.113.77' };
    for (let i = 0; i < 5; i++) {
      const r = await kit.call('POST', '/api/admin/unlock', {
        token: null,
        headers,
        body: { name: 'tess', password: 'nope-nope' },
      });
      expect(r.status).toBe(401);
    }
    const refused = await kit.call('POST', '/api/admin/unlock', {
      token: null,
      headers,
      body: { name: 'tess', password: 'staff-password-1' },
    });
    expect(refused.status).toBe(429);
  });
});

describe('what an editor reaches', () => {
  let token: string;
  beforeAll(async () => {
    await addStaff('eddie', 'editor');
    token = (await unlock('admin', { name: 'eddie', password: 'staff-password-1' })).body.token;
  });

  it.each([
    ['GET', '/api/admin/topics'],
    ['GET', '/api/admin/questions'],
    ['GET', '/api/admin/daily-topics/2026-06-10'],
    ['GET', '/api/admin/days/2026-06-10'],
    ['GET', '/api/admin/answers'],
    ['GET', '/api/admin/stats/responses?date=2026-06-10'],
    ['GET', '/api/admin/stats/dashboard'],
    ['GET', '/api/admin/audit'],
  ])('%s %s → 200', async (method, path) => {
    expect((await kit.call(method, path, { token })).status).toBe(200);
  });

  it.each([
    ['GET', '/api/admin/users'],
    ['DELETE', '/api/admin/users/x'],
    ['GET', '/api/admin/stats/users'],
    ['GET', '/api/admin/staff'],
    ['POST', '/api/admin/staff', { name: 'sneaky', role: 'editor', password: 'long-enough' }],
    ['PATCH', '/api/admin/staff/x', { password: 'long-enough' }],
    ['DELETE', '/api/admin/staff/x'],
    ['POST', '/api/admin/sessions/revoke-all'],
  ])('%s %s → 403', async (method, path, body?: unknown) => {
    expect(await kit.call(method, path, { token, body })).toMatchObject({
      status: 403,
      body: { message: 'Only the owner can manage users, staff and sessions' },
    });
  });

  it('editors still end their own session ("Exit Admin")', async () => {
    const own = (await unlock('admin', { name: 'eddie', password: 'staff-password-1' })).body.token;
    expect((await kit.call('POST', '/api/admin/sessions/revoke', { token: own })).status).toBe(200);
    expect((await kit.call('GET', '/api/admin/topics', { token: own })).status).toBe(401);
  });
});

describe("ending a staff member's tokens", () => {
  it('removal ends every token the member holds, at once', async () => {
    const member = await addStaff('gone', 'editor');
    const a = (await unlock('admin', { name: 'gone', password: 'staff-password-1' })).body.token;
    const b = (await unlock('marketing', { name: 'gone', password: 'staff-password-1' })).body.token;
    expect((await kit.call('GET', '/api/admin/topics', { token: a })).status).toBe(200);
    await kit.admin.del(`/api/admin/staff/${member.id}`);
    expect((await kit.call('GET', '/api/admin/topics', { token: a })).status).toBe(401);
    expect((await kit.call('GET', '/api/marketing/questions', { token: b })).status).toBe(401);
    expect((await unlock('admin', { name: 'gone', password: 'staff-password-1' })).status).toBe(401);
  });

  it('a password reset ends older tokens; the new password unlocks', async () => {
    const member = await addStaff('reset', 'editor');
    const old = (await unlock('admin', { name: 'reset', password: 'staff-password-1' })).body.token;
    kit.setNow('2026-06-10T12:00:01.000Z');
    await kit.call('PATCH', `/api/admin/staff/${member.id}`, { body: { password: 'fresh-password-9' } });
    expect((await kit.call('GET', '/api/admin/topics', { token: old })).status).toBe(401);
    expect((await unlock('admin', { name: 'reset', password: 'staff-password-1' })).status).toBe(401);
    const fresh = await unlock('admin', { name: 'reset', password: 'fresh-password-9' });
    expect((await kit.call('GET', '/api/admin/topics', { token: fresh.body.token })).status).toBe(200);
  });
});

describe('audit actor', () => {
  it('names the staff member or the owner on every entry, filters by actor, and logs exports', async () => {
    await addStaff('writer', 'editor');
    const token = (await unlock('admin', { name: 'writer', password: 'staff-password-1' })).body.token;
    const created = await kit.call('POST', '/api/admin/topics', {
      token,
      body: { title: 'Writer topic', category: 'Food' },
    });
    expect(created.status).toBe(201);
    await kit.topic({ title: 'Owner topic' });
    const day = '2026-06-10';
    const ticket = await kit.call('POST', '/api/admin/answers/export/ticket', { token, body: { date: day } });
    expect(ticket.status).toBe(200);

    const mine = await kit.admin.get('/api/admin/audit?actor=writer');
    expect(mine.body.items.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['answers.export', 'writer'],
      ['topic.create', 'writer'],
    ]);
    expect(mine.body.items[0]).toMatchObject({
      targetId: day,
      summary: `Exported the responses of ${day} as CSV`,
    });
    const all = await kit.admin.get('/api/admin/audit?limit=200');
    const ownerTopic = all.body.items.find((e: { summary: string }) => e.summary.includes('Owner topic'));
    expect(ownerTopic.actor).toBe('owner');
    expect(all.body.items.find((e: { action: string }) => e.action === 'staff.create').actor).toBe('owner');
    const actors = await kit.admin.get('/api/admin/audit/actors');
    expect(actors.body.actors).toEqual(expect.arrayContaining(['owner', 'writer']));
  });
});
