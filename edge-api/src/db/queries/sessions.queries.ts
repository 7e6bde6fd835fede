import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { sessions, users } from '../schema';

const userColumns = getTableColumns(users);

function buildSessionWithUser(db: Database) {
  return db
    .select({ expiresAt: sessions.expiresAt, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
}

// Built once per database handle: every request validates a session, and building the join through the
// query builder each time cost more than running it. Per-request handles (Workers) simply build it once each.
const prepared = new WeakMap<Database, ReturnType<typeof buildSessionWithUser>>();

/** One session row joined to its user (sessions primary key, then users primary key), or undefined. */
export async function findSessionWithUser(db: Database, sessionId: string) {
  let statement = prepared.get(db);
  if (!statement) {
    statement = buildSessionWithUser(db);
    prepared.set(db, statement);
  }
  return statement.get({ id: sessionId });
}
