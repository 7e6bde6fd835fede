import { and, eq, gt, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { sessions, users } from '../schema';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id'>>;

/** Usernames are unique ignoring case; the lookup uses the lower(username) unique index. */
export async function findUserByUsername(db: Database, username: string) {
  return (
    await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`)
      .limit(1)
  )[0];
}

export async function insertUser(db: Database, values: NewUser) {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function updateUser(db: Database, id: string, patch: UserPatch) {
  return (await db.update(users).set(patch).where(eq(users.id, id)).returning())[0];
}

/**
 * Guests with no live session, created before `createdBefore` (a grace period so a guest is never
 * caught between its insert and its first session). Uses users_guest_created_idx + sessions_user_idx.
 */
export async function findAbandonedGuestIds(
  db: Database,
  nowSeconds: number,
  createdBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isGuest, true),
        lt(users.createdAt, createdBefore),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sessions)
            .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, nowSeconds))),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Deletes sessions that expired at or before `nowSeconds`; returns how many. */
export async function deleteExpiredSessions(db: Database, nowSeconds: number): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, nowSeconds))
    .returning({ id: sessions.id });
  return rows.length;
}

/** SQLite reports a unique index violation the same way on libSQL and D1 (sometimes wrapped by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      (message.includes('UNIQUE constraint failed') || message.includes('SQLITE_CONSTRAINT_UNIQUE'))
    )
      return true;
  }
  return false;
}

/**
 * Accounts whose username starts with `prefix` (lower case, no LIKE wildcards): a range on the lower(username)
 * unique index. With their password hash, for the production start's demo-account check.
 */
export async function findUsersByUsernamePrefix(
  db: Database,
  prefix: string,
): Promise<{ id: string; username: string; passwordHash: string }[]> {
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return db
    .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`lower(${users.username}) >= ${prefix} AND lower(${users.username}) < ${end}`)
    .all();
}
