import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUEST_SESSION_HOURS } from '@daily-tea/shared/domain/constants';
import { createTestApp, TEST_DATABASE, TEST_NOW, type TestApp } from '../../test/harness';
import { sessions, users } from '../schema';
import { findSessionWithUser } from './sessions.queries';

/**
 * The signed-in user kept per session on a handle with read caches (the Node process; docs/decisions/
 * 0309-session-user-cache.md): served after reading only the session row while the users row is unchanged, and
 * never past a change, an ended session, an expiry or a removed account — whoever writes.
 */
let t: TestApp;
let now: number;
beforeEach(async () => {
  now = TEST_NOW.getTime();
  t = await createTestApp({ now: () => new Date(now) });
});
afterEach(() => t.close());

const sessionIdOf = (cookie: string) => cookie.slice('session='.length);
const me = (cookie: string) => t.request('/api/user', { cookie });

describe('the session user cache', () => {
  it('hands out the same user while its row is unchanged (where the handle keeps read caches)', async () => {
    const { cookie } = await t.signUp();
    const first = await findSessionWithUser(t.db, sessionIdOf(cookie));
    const second = await findSessionWithUser(t.db, sessionIdOf(cookie));
    expect(second).toEqual(first);
    if (t.database === 'embedded') {
      expect(second!.user).toBe(first!.user);
      expect(Object.isFrozen(first!.user)).toBe(true);
    }
  });

  it('shows a change to the users row on the next request, whoever writes it', async () => {
    const { cookie, user } = await t.signUp();
    const before = await findSessionWithUser(t.db, sessionIdOf(cookie));
    expect((await (await me(cookie)).json()).preferences.theme).toBe('system');

    // Through the API …
    const put = await t.request('/api/preferences', { method: 'PUT', cookie, json: { theme: 'dark' } });
    expect(put.status).toBe(200);
    expect((await (await me(cookie)).json()).preferences.theme).toBe('dark');

    // … and straight into the database (another process, a script).
    await t.db.update(users).set({ theme: 'light', city: 'Durban' }).where(eq(users.id, user.id));
    const body = await (await me(cookie)).json();
    expect(body.preferences.theme).toBe('light');
    expect(body.city).toBe('Durban');
    const after = await findSessionWithUser(t.db, sessionIdOf(cookie));
    expect(after!.user).not.toBe(before!.user);
    expect(after!.user.theme).toBe('light');
  });

  it('bumps the version of every session of the account, and only of that account', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const versionOf = async (cookie: string) =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sessionIdOf(cookie)))
      )[0]!.userRowVersion;
    const [a0, b0] = [await versionOf(a.cookie), await versionOf(b.cookie)];
    await t.db.update(users).set({ city: 'Cape Town' }).where(eq(users.id, a.user.id));
    expect(await versionOf(a.cookie)).toBe(a0 + 1);
    expect(await versionOf(b.cookie)).toBe(b0);
  });

  // D1 gives no EXPLAIN QUERY PLAN through drizzle: the trigger's statement is checked on libSQL.
  it.skipIf(TEST_DATABASE === 'd1')("the trigger finds the account's sessions by index", async () => {
    const plan = await t.db.all<{ detail: string }>(
      sql`EXPLAIN QUERY PLAN UPDATE sessions SET user_row_version = user_row_version + 1 WHERE user_id IN ('a', 'b')`,
    );
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/USING (COVERING )?INDEX sessions_user_idx/);
  });

  it('refuses an ended session at once: signed out, or its row deleted by another writer', async () => {
    const first = await t.signUp();
    expect((await me(first.cookie)).status).toBe(200);
    expect((await t.request('/api/logout', { method: 'POST', cookie: first.cookie })).status).toBe(200);
    expect((await me(first.cookie)).status).toBe(401);

    const second = await t.signUp();
    expect((await me(second.cookie)).status).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.id, sessionIdOf(second.cookie)));
    expect((await me(second.cookie)).status).toBe(401);
  });

  it('refuses an expired session at once', async () => {
    const guest = await t.guest();
    expect((await me(guest.cookie)).status).toBe(200);
    now += GUEST_SESSION_HOURS * 3_600_000 + 1_000;
    expect((await me(guest.cookie)).status).toBe(401);
  });

  it('refuses the session of a removed account', async () => {
    const { cookie, user } = await t.signUp();
    expect((await me(cookie)).status).toBe(200);
    await t.db.delete(users).where(eq(users.id, user.id));
    expect((await me(cookie)).status).toBe(401);
    expect(await findSessionWithUser(t.db, sessionIdOf(cookie))).toBeUndefined();
  });
});
