// @databases: embedded, d1 — no database: runs on Node and on workerd (the d1 run), the two runtimes that hash passwords.
import { describe, expect, it } from 'vitest';
import { hashPassword, PBKDF2_ITERATIONS, UNUSABLE_PASSWORD_HASH, verifyPassword } from './password';

describe('password hashing (PBKDF2-SHA256, WebCrypto)', () => {
  it('round-trips and rejects a wrong password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('stores a self-describing string with a fresh salt, never the password', async () => {
    const a = await hashPassword('same-password');
    const b = await hashPassword('same-password');
    expect(a).not.toBe(b);
    expect(a).not.toContain('same-password');
    const [prefix, iterations, salt, hash] = a.split('$');
    expect(prefix).toBe('pbkdf2-sha256');
    expect(Number(iterations)).toBe(PBKDF2_ITERATIONS);
    expect(atob(salt!)).toHaveLength(16);
    expect(atob(hash!)).toHaveLength(32);
  });

  it('stays within the 100 000 iterations production Workers accept', () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it('refuses stored values above the iteration cap (a planted hash cannot burn CPU)', async () => {
    const stored = await hashPassword('pw-12345678');
    const inflated = stored.replace(`$${PBKDF2_ITERATIONS}$`, '$100000000$');
    expect(await verifyPassword(inflated, 'pw-12345678')).toBe(false);
  });

  it('never matches malformed or unusable values', async () => {
    for (const stored of [
      UNUSABLE_PASSWORD_HASH,
      '',
      'hash:pw',
      'pbkdf2-sha256$abc$x$y',
      'pbkdf2-sha256$1000$***$***',
    ]) {
      expect(await verifyPassword(stored, 'pw')).toBe(false);
    }
  });
});
