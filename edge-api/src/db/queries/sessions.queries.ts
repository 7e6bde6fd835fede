import { eq, getTableColumns, sql } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { hotQuery, hotRead } from '../engine/statements';
import { sessions, users } from '../schema';

/** The signed-in user as every request reads it: the users row without its password hash. */
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;
const { passwordHash: _passwordHash, ...sessionUserColumns } = getTableColumns(users);

const sessionWithUser = hotRead(
  hotQuery
    .select({ expiresAt: sessions.expiresAt, user: sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .limit(1),
);

/**
 * One session row joined to its user (sessions primary key, then users primary key), or undefined. Every
 * signed-in request runs it: a hot read (engine/statements.ts), so it is rendered once and read in one call.
 */
export async function findSessionWithUser(
  db: Database,
  sessionId: string,
): Promise<{ expiresAt: number; user: SessionUser } | undefined> {
  return sessionWithUser.first(db, { sessionId });
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
