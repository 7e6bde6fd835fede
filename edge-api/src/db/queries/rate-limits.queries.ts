import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { rateLimits } from '../schema';

/** A token bucket: up to `capacity` tokens, refilled at `capacity` per `periodMs`. */
export type BucketSpec = { key: string; capacity: number; periodMs: number };

export type TakeResult =
  | { taken: true }
  /** Refused: `waitMs` until every refused bucket holds a token again. */
  | { taken: false; waitMs: number };

/**
 * Takes one token from EVERY bucket or from none, in one batch (one transaction on libSQL, Turso and D1):
 * the first statement creates missing buckets full and refills the others for the time passed; the second
 * takes a token from all of them only while every one still holds a whole token — one conditional write,
 * so concurrent attempts can never take more tokens than the buckets hold. The third reads the state back
 * (for Retry-After when refused).
 */
/** A refill on conflict: the tokens the time passed has added (capped), with the bucket's current shape. */
export const refillSet = {
  tokens: sql`min(excluded.capacity, ${rateLimits.tokens} + max(0, excluded.updated_at - ${rateLimits.updatedAt}) * excluded.capacity / excluded.period_ms)`,
  capacity: sql`excluded.capacity`,
  periodMs: sql`excluded.period_ms`,
  updatedAt: sql`max(${rateLimits.updatedAt}, excluded.updated_at)`,
};

/** Taking one token (the caller's WHERE decides whether the bucket may give it). */
export const takeOneTokenSet = {
  tokens: sql`${rateLimits.tokens} - 1`,
  fullAt: sql`max(${rateLimits.fullAt}, ${rateLimits.updatedAt}) + ${rateLimits.periodMs} / ${rateLimits.capacity}`,
};

/** How long until every bucket of `rows` holds a whole token again (ms). */
export function waitForToken(rows: { tokens: number; capacity: number; periodMs: number }[]): number {
  let waitMs = 0;
  for (const r of rows) {
    if (r.tokens < 1) waitMs = Math.max(waitMs, ((1 - r.tokens) * r.periodMs) / r.capacity);
  }
  return Math.ceil(waitMs);
}

export async function takeTokens(db: Database, buckets: BucketSpec[], nowMs: number): Promise<TakeResult> {
  const keys = buckets.map((b) => b.key);
  const refill = db
    .insert(rateLimits)
    .values(
      buckets.map((b) => ({
        key: b.key,
        tokens: b.capacity,
        capacity: b.capacity,
        periodMs: b.periodMs,
        updatedAt: nowMs,
        fullAt: nowMs,
      })),
    )
    .onConflictDoUpdate({ target: rateLimits.key, set: refillSet });
  const take = db
    .update(rateLimits)
    .set(takeOneTokenSet)
    .where(
      and(
        inArray(rateLimits.key, keys),
        sql`(SELECT count(*) FROM ${rateLimits} WHERE ${inArray(rateLimits.key, keys)} AND ${rateLimits.tokens} >= 1) = ${keys.length}`,
      ),
    )
    .returning({ key: rateLimits.key });
  const state = db
    .select({ tokens: rateLimits.tokens, capacity: rateLimits.capacity, periodMs: rateLimits.periodMs })
    .from(rateLimits)
    .where(inArray(rateLimits.key, keys));
  const [, taken, rows] = (await runBatch(db, [refill, take, state])) as [
    unknown,
    { key: string }[],
    { tokens: number; capacity: number; periodMs: number }[],
  ];
  if (taken.length === keys.length) return { taken: true };
  return { taken: false, waitMs: waitForToken(rows) };
}

/** Gives back the token an attempt took (it succeeded, so it does not count against the budget). */
export async function returnToken(db: Database, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({
      tokens: sql`min(${rateLimits.capacity}, ${rateLimits.tokens} + 1)`,
      fullAt: sql`${rateLimits.fullAt} - ${rateLimits.periodMs} / ${rateLimits.capacity}`,
    })
    .where(eq(rateLimits.key, key));
}

/** Forgets a bucket (it starts full again on its next use). */
export async function deleteBucket(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Buckets full again by `nowMs` carry no information: they go (by index). */
export async function deleteFullBuckets(db: Database, nowMs: number): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lte(rateLimits.fullAt, nowMs))
    .returning({ key: rateLimits.key });
  return rows.length;
}
