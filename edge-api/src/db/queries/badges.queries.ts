import { asc, eq } from 'drizzle-orm';
import type { Database } from '../database';
import { badges } from '../schema';

export type BadgeRow = typeof badges.$inferSelect;

/** A user's badges, oldest first (badges_user_type_uq prefix). */
export async function findUserBadges(db: Database, userId: string): Promise<BadgeRow[]> {
  return db
    .select()
    .from(badges)
    .where(eq(badges.userId, userId))
    .orderBy(asc(badges.earnedAt), asc(badges.type))
    .all();
}

/** Badge types a user already holds. */
export async function findUserBadgeTypes(db: Database, userId: string): Promise<string[]> {
  const rows = await db.select({ type: badges.type }).from(badges).where(eq(badges.userId, userId)).all();
  return rows.map((r) => r.type);
}
