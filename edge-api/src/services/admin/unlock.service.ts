import type { UnlockResult } from '@daily-tea/shared/contracts/admin';
import type { OperatorClaims } from '../../app-env';
import { issueOperatorToken } from '../../auth/operator-session';
import type { Deps } from '../../env';
import { UnauthorizedError } from '../../errors';
import { failedAttemptsMessage, settleSuccess, takeOrRefuse, unlockBuckets } from '../auth/rate-limits';

export const INVALID_PASSWORD_MESSAGE = 'Invalid password';

const encoder = new TextEncoder();

/**
 * Compares two secrets without leaking where they differ: both are hashed to 32 bytes first, so the loop
 * length never depends on the input, and every byte is visited.
 */
export async function secretsEqual(a: string, b: string): Promise<boolean> {
  const [ha, hb] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  const x = new Uint8Array(ha);
  const y = new Uint8Array(hb);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}

/**
 * Checks the operator password of `role` on the server (product.md#operators) and signs an 8-hour bearer token.
 * Attempts are throttled per role and address, and per address across roles and usernames: each takes its
 * tokens before the password is compared (rate-limits.ts), so parallel guesses cannot outrun the limit.
 */
export async function unlockOperator(
  deps: Deps,
  role: OperatorClaims['role'],
  password: string,
  ip: string,
): Promise<UnlockResult> {
  const buckets = unlockBuckets(role, ip);
  const now = deps.now();
  await takeOrRefuse(deps.db, buckets, now, failedAttemptsMessage);
  const expected = role === 'admin' ? deps.config.adminPassword : deps.config.marketingPassword;
  if (!(await secretsEqual(password, expected))) throw new UnauthorizedError(INVALID_PASSWORD_MESSAGE);
  await settleSuccess(deps.db, buckets);
  return issueOperatorToken(deps, role);
}
