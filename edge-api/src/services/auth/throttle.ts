import { deleteThrottle, findThrottle, upsertThrottleFailure } from '../../db/queries/auth-throttle.queries';
import type { Database } from '../../db/database';
import { TooManyRequestsError } from '../../errors';

/**
 * Throttling of failed sign-ins and operator unlocks (DESIGN §4), stored in auth_throttle so every
 * Node process and Worker isolate sees the same counts. Callers build one key per subject and
 * caller address with throttleKey, check before verifying, record a failure, clear on success.
 */
export type ThrottlePolicy = { maxFailures: number; windowMs: number; blockMs: number };

/** 5 failures within 15 minutes block the key for 15 minutes. */
export const LOGIN_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 };

/** e.g. throttleKey('login', 'Alice', ip) → 'login:alice|ip'; throttleKey('unlock', 'admin', ip). */
export function throttleKey(scope: string, subject: string, ip: string): string {
  return `${scope}:${subject.trim().toLowerCase()}|${ip}`;
}

/** Throws 429 `{message}` while the key is blocked. */
export async function checkThrottle(db: Database, key: string, now: Date): Promise<void> {
  const row = await findThrottle(db, key);
  const waitMs = row ? row.blockedUntil - now.getTime() : 0;
  if (waitMs > 0) {
    const minutes = Math.ceil(waitMs / 60_000);
    throw new TooManyRequestsError(
      `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}

export async function recordFailure(
  db: Database,
  key: string,
  now: Date,
  policy: ThrottlePolicy = LOGIN_THROTTLE,
): Promise<void> {
  await upsertThrottleFailure(db, key, now.getTime(), policy);
}

export async function clearThrottle(db: Database, key: string): Promise<void> {
  await deleteThrottle(db, key);
}
