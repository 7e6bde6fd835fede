import { STAFF_MESSAGES, type UnlockInput, type UnlockResult } from '@daily-tea/shared/contracts/admin';
import { issueOperatorToken } from '../../auth/operator-session';
import { OWNER_ACTOR } from '../../auth/operator-token';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { findStaffByName } from '../../db/queries/staff.queries';
import type { Deps } from '../../env';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import {
  failedAttemptsMessage,
  settleSuccess,
  staffUnlockBuckets,
  takeOrRefuse,
  unlockBuckets,
} from '../auth/rate-limits';

/** The two gates: /admin (the console) and /marketing (the marketing tools). */
export type Gate = 'admin' | 'marketing';

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
 * Checks an operator's credentials on the server (product.md#operators) and signs an 8-hour bearer token: the gate's
 * role password alone opens it for the owner; a staff member gives their name with their own password.
 * Attempts are throttled per gate (or staff name) and address, and per address across roles and usernames:
 * each takes its tokens before the password is compared (rate-limits.ts), so parallel guesses cannot outrun
 * the limit.
 */
export async function unlockOperator(
  deps: Deps,
  gate: Gate,
  input: UnlockInput,
  ip: string,
): Promise<UnlockResult> {
  if (input.name !== undefined) return unlockStaff(deps, gate, input.name, input.password, ip);
  const buckets = unlockBuckets(gate, ip);
  await takeOrRefuse(deps.db, buckets, deps.now(), failedAttemptsMessage);
  const expected = gate === 'admin' ? deps.config.adminPassword : deps.config.marketingPassword;
  if (!(await secretsEqual(input.password, expected))) throw new UnauthorizedError(INVALID_PASSWORD_MESSAGE);
  await settleSuccess(deps.db, buckets);
  return { ...(await issueOperatorToken(deps, gate)), actor: OWNER_ACTOR, role: gate };
}

/**
 * A staff member's unlock: their password is verified like a player's (PBKDF2, the same time for an unknown
 * name). Editors open both gates (an admin token opens marketing too); marketers open /marketing only.
 */
async function unlockStaff(
  deps: Deps,
  gate: Gate,
  name: string,
  password: string,
  ip: string,
): Promise<UnlockResult> {
  const buckets = staffUnlockBuckets(name, ip);
  await takeOrRefuse(deps.db, buckets, deps.now(), failedAttemptsMessage);
  const member = await findStaffByName(deps.db, name);
  const ok = member
    ? await verifyPassword(member.passwordHash, password)
    : await verifyAgainstDummy(password);
  if (!member || !ok) throw new UnauthorizedError(STAFF_MESSAGES.invalidCredentials);
  await settleSuccess(deps.db, buckets);
  if (gate === 'admin' && member.role !== 'editor') throw new ForbiddenError(STAFF_MESSAGES.wrongConsole);
  const role = member.role === 'editor' ? 'editor' : 'marketing';
  const token = await issueOperatorToken(deps, role, { id: member.id, name: member.name });
  return { ...token, actor: member.name, role };
}
