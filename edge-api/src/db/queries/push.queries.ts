import { and, eq, lt, sql } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { pushSubscriptions, users } from '../schema';

/** Web Push subscriptions: one row per browser endpoint. */

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type ClaimedSubscription = Pick<PushSubscriptionRow, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth'>;

/**
 * Stores a browser's subscription for `userId`. The endpoint is unique: a browser that subscribes again
 * (new keys, or another player signed in on it) replaces its row, which becomes the newest. `lastSentDay` starts
 * at the current game day, so the first reminder is the next drop — subscribing never triggers a reminder for a
 * day already running. In the same batch the account's oldest subscriptions beyond `max` are deleted (never the
 * one just written), so no account holds more than `max`, concurrent subscribes included
 * (push_subscriptions_user_idx).
 */
export async function upsertPushSubscription(
  db: Database,
  max: number,
  row: Pick<PushSubscriptionRow, 'id' | 'userId' | 'endpoint' | 'p256dh' | 'auth' | 'lastSentDay'> & {
    createdAt: Date;
  },
): Promise<void> {
  await runBatch(db, [
    db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: row.userId,
          p256dh: row.p256dh,
          auth: row.auth,
          lastSentDay: row.lastSentDay,
          createdAt: row.createdAt,
        },
      }),
    db.delete(pushSubscriptions).where(
      sql`${pushSubscriptions.userId} = ${row.userId} AND ${pushSubscriptions.endpoint} <> ${row.endpoint}
        AND ${pushSubscriptions.id} NOT IN (SELECT p.id FROM push_subscriptions p
          WHERE p.user_id = ${row.userId} AND p.endpoint <> ${row.endpoint}
          ORDER BY p.created_at DESC, p.rowid DESC LIMIT ${max - 1})`,
    ),
  ]);
}

/** Deletes the player's subscription of one endpoint; true when there was one. */
export async function deletePushSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Whether the player has a subscription for this endpoint. */
export async function hasPushSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const row = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .get();
  return row !== undefined;
}

/**
 * Claims up to `limit` subscriptions not yet handled for game day `day` by moving their `lastSentDay` to it,
 * in one UPDATE … RETURNING (push_subscriptions_sent_idx): concurrent senders (two processes, overlapping
 * cron runs) never claim the same row, so nobody gets a day's reminder twice.
 */
export async function claimSubscriptionsForDay(
  db: Database,
  day: string,
  limit: number,
): Promise<ClaimedSubscription[]> {
  const due = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(lt(pushSubscriptions.lastSentDay, day))
    .orderBy(pushSubscriptions.lastSentDay)
    .limit(limit);
  return db
    .update(pushSubscriptions)
    .set({ lastSentDay: day })
    .where(and(sql`${pushSubscriptions.id} IN ${due}`, lt(pushSubscriptions.lastSentDay, day)))
    .returning({
      id: pushSubscriptions.id,
      userId: pushSubscriptions.userId,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    });
}

/** Of `userIds`, those who have already played game day `day` (users primary key, one seek each). */
export async function findUsersWhoPlayed(
  db: Database,
  userIds: readonly string[],
  day: string,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`${users.id} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(userIds)])}))`,
        eq(users.lastActivityDate, day),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Deletes subscriptions by id (push services answered 404/410: the browser dropped them). Returns how many. */
export async function deletePushSubscriptionsByIds(db: Database, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .delete(pushSubscriptions)
    .where(sql`${pushSubscriptions.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}
