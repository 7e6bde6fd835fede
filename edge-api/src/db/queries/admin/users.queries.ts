import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../database';
import { users } from '../../schema';

export type UserRow = typeof users.$inferSelect;

/**
 * Usernames starting with `prefix`, ignoring case, as a range over users_username_lower_uq (the index on
 * lower(username)) — a LIKE would scan every user.
 */
function usernamePrefix(prefix: string): SQL {
  const low = prefix.toLowerCase();
  return and(gte(sql`lower(${users.username})`, low), lt(sql`lower(${users.username})`, `${low}\u{10FFFF}`))!;
}

/**
 * A page of users, newest first along users_created_idx (so a page costs its offset plus its size, never a
 * sort of every user), optionally filtered by username prefix.
 */
export async function findUsersPage(
  db: Database,
  q: { limit: number; offset: number; search?: string | undefined },
): Promise<{ rows: UserRow[]; total: number }> {
  const where = q.search ? usernamePrefix(q.search) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), sql`${users}.rowid DESC`)
      .limit(q.limit)
      .offset(q.offset)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(where)
      .get(),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findUserUsername(db: Database, id: string): Promise<string | undefined> {
  const row = await db.select({ username: users.username }).from(users).where(eq(users.id, id)).get();
  return row?.username;
}
