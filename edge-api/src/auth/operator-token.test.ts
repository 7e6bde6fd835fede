// @databases: embedded, d1 — no database: runs on Node and on workerd (the d1 run), the two runtimes that sign tokens.
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '../app-env';
import {
  OPERATOR_TOKEN_TTL_MS,
  operatorTokenSecret,
  signOperatorToken,
  verifyOperatorToken,
} from './operator-token';

const SECRET = 'test-secret-one';
const now = new Date('2026-03-01T10:00:00.000Z');

describe('operator tokens', () => {
  it('signs a token that verifies with its role and an 8 hour expiry', async () => {
    const { token, expiresAt } = await signOperatorToken(SECRET, 'admin', now);
    expect(expiresAt).toBe('2026-03-01T18:00:00.000Z');
    expect(await verifyOperatorToken(SECRET, token, now)).toEqual({
      role: 'admin',
      actor: 'owner',
      staffId: null,
      expiresAt: now.getTime() + OPERATOR_TOKEN_TTL_MS,
      issuedAt: now.getTime(),
      id: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
    });
    const again = await signOperatorToken(SECRET, 'admin', now);
    expect((await verifyOperatorToken(SECRET, again.token, now))?.id).not.toBe(
      (await verifyOperatorToken(SECRET, token, now))?.id,
    );
    const marketing = await signOperatorToken(SECRET, 'marketing', now);
    expect((await verifyOperatorToken(SECRET, marketing.token, now))?.role).toBe('marketing');
  });

  it('expires after 8 hours', async () => {
    const { token } = await signOperatorToken(SECRET, 'admin', now);
    const justBefore = new Date(now.getTime() + OPERATOR_TOKEN_TTL_MS - 1);
    const atExpiry = new Date(now.getTime() + OPERATOR_TOKEN_TTL_MS);
    expect(await verifyOperatorToken(SECRET, token, justBefore)).not.toBeNull();
    expect(await verifyOperatorToken(SECRET, token, atExpiry)).toBeNull();
  });

  it('rejects another secret, a tampered payload or signature, and garbage', async () => {
    const { token } = await signOperatorToken(SECRET, 'marketing', now);
    expect(await verifyOperatorToken('other-secret', token, now)).toBeNull();
    const [payload, sig] = token.split('.') as [string, string];
    const forged = btoa(
      JSON.stringify({ role: 'admin', exp: now.getTime() + OPERATOR_TOKEN_TTL_MS, iat: 1, jti: 'x' }),
    )
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(await verifyOperatorToken(SECRET, `${forged}.${sig}`, now)).toBeNull();
    const flipped = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    expect(await verifyOperatorToken(SECRET, `${payload}.${flipped}`, now)).toBeNull();
    for (const bad of ['', 'abc', 'a.b.c', `${payload}.`, `.${sig}`, `${payload}.${sig}!`, 'x'.repeat(600)])
      expect(await verifyOperatorToken(SECRET, bad, now)).toBeNull();
  });

  it('verifies with the secret of the role the token claims (operatorTokenSecret: a new password ends old tokens)', async () => {
    const config = { sessionSecret: SECRET, adminPassword: 'admin-1', marketingPassword: 'marketing-1' };
    const secretFor = (c: typeof config) => (role: OperatorRole) => operatorTokenSecret(c, role);
    const admin = await signOperatorToken(operatorTokenSecret(config, 'admin'), 'admin', now);
    const marketing = await signOperatorToken(operatorTokenSecret(config, 'marketing'), 'marketing', now);
    expect((await verifyOperatorToken(secretFor(config), admin.token, now))?.role).toBe('admin');
    const newMarketing = { ...config, marketingPassword: 'marketing-2' };
    expect(await verifyOperatorToken(secretFor(newMarketing), marketing.token, now)).toBeNull();
    expect((await verifyOperatorToken(secretFor(newMarketing), admin.token, now))?.role).toBe('admin');
    // A marketing-signed token that claims admin does not verify.
    const [, sig] = marketing.token.split('.') as [string, string];
    const [payload] = admin.token.split('.') as [string, string];
    expect(await verifyOperatorToken(secretFor(config), `${payload}.${sig}`, now)).toBeNull();
  });

  it('carries a staff member as the actor, signed under the staff secret; an editor token must be a staff token', async () => {
    const config = { sessionSecret: 's', adminPassword: 'a', marketingPassword: 'm' };
    const secretFor = (role: OperatorRole, staff: boolean) => operatorTokenSecret(config, role, staff);
    const staff = await signOperatorToken(operatorTokenSecret(config, 'editor', true), 'editor', now, {
      id: 'staff-1',
      name: 'Ada',
    });
    expect(await verifyOperatorToken(secretFor, staff.token, now)).toMatchObject({
      role: 'editor',
      actor: 'Ada',
      staffId: 'staff-1',
    });
    // Signed as the owner's (no staff claims) an editor token is refused; a staff token under a role secret too.
    const ownerEditor = await signOperatorToken(operatorTokenSecret(config, 'editor'), 'editor', now);
    expect(await verifyOperatorToken(secretFor, ownerEditor.token, now)).toBeNull();
    const wrongSecret = await signOperatorToken(operatorTokenSecret(config, 'marketing'), 'marketing', now, {
      id: 'staff-2',
      name: 'Bo',
    });
    expect(await verifyOperatorToken(secretFor, wrongSecret.token, now)).toBeNull();
  });
});
