import { deleteBucket, returnToken, takeTokens, type BucketSpec } from '../../db/queries/rate-limits.queries';
import type { Database } from '../../db/database';
import { TooManyRequestsError } from '../../errors';

/**
 * Throttles and limits (product.md#accounts, docs/decisions/0131-throttles.md), as token buckets in the database so
 * every Node process and Worker isolate shares them. An attempt takes its tokens BEFORE the password is
 * checked, in one conditional write (takeTokens), so no burst of parallel requests gets more checks than
 * the buckets hold; a successful attempt gives its tokens back, so only failures use up a budget.
 */

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

/** Attempts per account (or operator role) from one address: 5, refilled over 15 minutes. */
export const ACCOUNT_ATTEMPTS = { capacity: 5, periodMs: FIFTEEN_MINUTES } as const;
/** Failed attempts per address across every username and role (password spraying): 100 per 15 minutes. */
export const ADDRESS_ATTEMPTS = { capacity: 100, periodMs: FIFTEEN_MINUTES } as const;

const addressBucket = (ip: string): BucketSpec => ({ key: `auth-addr:${ip}`, ...ADDRESS_ATTEMPTS });

/** The buckets one sign-in takes from: this username from this address, and this address overall. */
export function loginBuckets(username: string, ip: string): BucketSpec[] {
  return [{ key: `login:${username.trim().toLowerCase()}|${ip}`, ...ACCOUNT_ATTEMPTS }, addressBucket(ip)];
}

/** The buckets one operator unlock takes from: this role from this address, and this address overall. */
export function unlockBuckets(role: string, ip: string): BucketSpec[] {
  return [{ key: `unlock:${role}|${ip}`, ...ACCOUNT_ATTEMPTS }, addressBucket(ip)];
}

/** The buckets one staff unlock takes from: this staff name from this address, and this address overall. */
export function staffUnlockBuckets(name: string, ip: string): BucketSpec[] {
  return [{ key: `unlock-staff:${name.trim().toLowerCase()}|${ip}`, ...ACCOUNT_ATTEMPTS }, addressBucket(ip)];
}

/** New accounts (guests and registrations) per address: `perHour`, refilled over an hour. */
export function accountCreationBucket(ip: string, perHour: number): BucketSpec {
  return { key: `accounts:${ip}`, capacity: perHour, periodMs: HOUR };
}

const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** Takes a token from every bucket or throws 429 (with Retry-After) built by `message`. */
export async function takeOrRefuse(
  db: Database,
  buckets: BucketSpec[],
  now: Date,
  message: (wait: string) => string,
): Promise<void> {
  const result = await takeTokens(db, buckets, now.getTime());
  if (!result.taken) throw tooManyRequests(message, result.waitMs);
}

/** The 429 of a refused attempt: `message` says how long to wait, as does Retry-After. */
export function tooManyRequests(message: (wait: string) => string, waitMs: number): TooManyRequestsError {
  return new TooManyRequestsError(message(inMinutes(waitMs)), Math.max(1, Math.ceil(waitMs / 1000)));
}

export const failedAttemptsMessage = (wait: string) => `Too many failed attempts. Try again in ${wait}.`;

/**
 * A correct password: this account's bucket from this address starts over, and the address gets back the
 * token this attempt took (successes do not use up the address's budget for failures).
 */
export async function settleSuccess(db: Database, buckets: BucketSpec[]): Promise<void> {
  const [account, address] = buckets;
  if (account) await deleteBucket(db, account.key);
  if (address) await returnToken(db, address.key);
}

/** Gives the token back (the attempt did not create an account after all, e.g. a taken username). */
export async function giveBack(db: Database, bucket: BucketSpec): Promise<void> {
  await returnToken(db, bucket.key);
}
