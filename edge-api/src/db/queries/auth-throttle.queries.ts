import { eq, lt, and, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { authThrottle } from '../schema';

export async function findThrottle(db: Database, key: string) {
  return (await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1))[0];
}

/**
 * Counts one failure in a single upsert, so parallel failures from one attacker all count (no
 * read-modify-write race): a failure outside the window starts a new window at 1; reaching
 * `maxFailures` inside the window blocks the key until `nowMs + blockMs`.
 */
export async function upsertThrottleFailure(
  db: Database,
  key: string,
  nowMs: number,
  policy: { maxFailures: number; windowMs: number; blockMs: number },
): Promise<void> {
  const windowExpired = sql`${authThrottle.windowStart} <= ${nowMs - policy.windowMs}`;
  const nextFailures = sql`(CASE WHEN ${windowExpired} THEN 1 ELSE ${authThrottle.failures} + 1 END)`;
  await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      windowStart: nowMs,
      blockedUntil: policy.maxFailures <= 1 ? nowMs + policy.blockMs : 0,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: nextFailures,
        windowStart: sql`(CASE WHEN ${windowExpired} THEN ${nowMs} ELSE ${authThrottle.windowStart} END)`,
        blockedUntil: sql`(CASE WHEN ${nextFailures} >= ${policy.maxFailures} THEN ${nowMs + policy.blockMs} ELSE ${authThrottle.blockedUntil} END)`,
      },
    });
}

export async function deleteThrottle(db: Database, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Rows whose block and window both ended before `beforeMs`: they no longer affect anything. */
export async function deleteStaleThrottles(db: Database, beforeMs: number): Promise<number> {
  const rows = await db
    .delete(authThrottle)
    .where(and(lt(authThrottle.blockedUntil, beforeMs), lt(authThrottle.windowStart, beforeMs)))
    .returning({ key: authThrottle.key });
  return rows.length;
}
