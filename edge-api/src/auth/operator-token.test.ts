// @databases: embedded, d1 — no database: runs on Node and on workerd (the d1 run), the two runtimes that sign tokens.
import { describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN_TTL_MS, signOperatorToken, verifyOperatorToken } from './operator-token';

const SECRET = 'test-secret-one';
const now = new Date('2026-03-01T10:00:00.000Z');

describe('operator tokens', () => {
  it('signs a token that verifies with its role and an 8 hour expiry', async () => {
    const { token, expiresAt } = await signOperatorToken(SECRET, 'admin', now);
    expect(expiresAt).toBe('2026-03-01T18:00:00.000Z');
    expect(await verifyOperatorToken(SECRET, token, now)).toEqual({
      role: 'admin',
      expiresAt: now.getTime() + OPERATOR_TOKEN_TTL_MS,
    });
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
    const forged = btoa(JSON.stringify({ role: 'admin', exp: now.getTime() + OPERATOR_TOKEN_TTL_MS }))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(await verifyOperatorToken(SECRET, `${forged}.${sig}`, now)).toBeNull();
    const flipped = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    expect(await verifyOperatorToken(SECRET, `${payload}.${flipped}`, now)).toBeNull();
    for (const bad of ['', 'abc', 'a.b.c', `${payload}.`, `.${sig}`, `${payload}.${sig}!`, 'x'.repeat(600)])
      expect(await verifyOperatorToken(SECRET, bad, now)).toBeNull();
  });
});
