import { eq, getTableColumns, sql } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { sessionUsersCache } from '../engine/read-caches';
import { hotQuery, hotRead } from '../engine/statements';
import { sessions, users } from '../schema';

/** The signed-in user as every request reads it: the users row without its password hash. */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;
const { passwordHash: _passwordHash, ...sessionUserColumns } = getTableColumns(users);

const sessionWithUser = hotRead(
  hotQuery
    .select({
      expiresAt: sessions.expiresAt,
      userRowVersion: sessions.userRowVersion,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1),
);

/** The session row alone: whether it still exists, its expiry, and the version of its user's row. */
const sessionRow = hotRead(
  hotQuery
    .select({ expiresAt: sessions.expiresAt, userRowVersion: sessions.userRowVersion })
    .from(sessions)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1),
);

/**
 * One session row joined to its user (sessions primary key, then users primary key), or undefined. Every
 * signed-in request runs it: hot reads (engine/statements.ts), rendered once and read in one call each. A process
 * that holds the session's user read at the row's `user_row_version` (engine/read-caches.ts) reads only the session
 * row and hands out the same user object, frozen: never mutate it. An ended session has no row, and the expiry
 * comes from the row, so both count at once.
 */
export async function findSessionWithUser(
  db: Database,
  sessionId: string,
): Promise<{ expiresAt: number; user: SessionUser } | undefined> {
  const held = sessionUsersCache<SessionUser>(db);
  const entry = held.peek(sessionId);
  if (entry) {
    const row = await sessionRow.first(db, { sessionId });
    if (row === undefined) {
      held.forget(sessionId, entry.value);
      return undefined;
    }
    if (row.userRowVersion === entry.version) return { expiresAt: row.expiresAt, user: entry.value };
  }
  const row = await sessionWithUser.first(db, { sessionId });
  if (row === undefined) return undefined;
  held.set(sessionId, row.userRowVersion, Object.freeze(row.user));
  return { expiresAt: row.expiresAt, user: row.user };
}

/**
 * Writes a new session and, in the same batch, ends the account's oldest sessions beyond `max` (the ones
 * closest to expiry: a session in use slides forward). The new one is never among them. Each batch leaves at most
 * `max` sessions, so concurrent sign-ins cannot exceed it either (sessions_user_idx).
 */
export async function insertSessionCapped(
  db: Database,
  session: { id: string; userId: string; expiresAt: Date },
  max: number,
): Promise<void> {
  await runBatch(db, [
    db.insert(sessions).values({
      id: session.id,
      userId: session.userId,
      expiresAt: Math.floor(session.expiresAt.getTime() / 1000),
    }),
    db.delete(sessions).where(
      sql`${sessions.userId} = ${session.userId} AND ${sessions.id} <> ${session.id} AND ${sessions.id} NOT IN (
        SELECT s.id FROM sessions s WHERE s.user_id = ${session.userId} AND s.id <> ${session.id}
        ORDER BY s.expires_at DESC, s.id DESC LIMIT ${max - 1})`,
    ),
  ]);
}
