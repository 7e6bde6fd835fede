import { eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { hotQuery, hotRead } from '../engine/statements';
import { sessions, users } from '../schema';

type UserRow = typeof users.$inferSelect;

const sessionWithUser = hotRead(
  hotQuery
    .select({ expiresAt: sessions.expiresAt, user: users })
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
): Promise<{ expiresAt: number; user: UserRow } | undefined> {
  return sessionWithUser.first(db, { sessionId });
}
