import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../database';
import { staff } from '../schema';

export type StaffRow = typeof staff.$inferSelect;

/** Every staff member, oldest first. */
export async function findAllStaff(db: Database): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.name)).all();
}

/** A staff member by name, ignoring case (staff_name_lower_uq). */
export async function findStaffByName(db: Database, name: string): Promise<StaffRow | undefined> {
  return db
    .select()
    .from(staff)
    .where(sql`lower(${staff.name}) = lower(${name})`)
    .get();
}

/** What a staff token is checked against on every request: the member still exists, and since when tokens count. */
export async function findStaffTokenState(
  db: Database,
  id: string,
): Promise<{ role: StaffRow['role']; tokensFrom: number } | undefined> {
  return db
    .select({ role: staff.role, tokensFrom: staff.tokensFrom })
    .from(staff)
    .where(eq(staff.id, id))
    .get();
}

/** Inserts a member; false when the name is taken (the unique index decides, also under concurrency). */
export async function insertStaff(
  db: Database,
  row: Pick<StaffRow, 'id' | 'name' | 'role' | 'passwordHash' | 'createdAt'>,
): Promise<boolean> {
  const rows = await db.insert(staff).values(row).onConflictDoNothing().returning({ id: staff.id });
  return rows.length === 1;
}

/** A new password that also ends every token issued before `now`. False when the member does not exist. */
export async function updateStaffPassword(
  db: Database,
  id: string,
  passwordHash: string,
  now: number,
): Promise<StaffRow | undefined> {
  const rows = await db
    .update(staff)
    .set({ passwordHash, tokensFrom: now })
    .where(eq(staff.id, id))
    .returning();
  return rows[0];
}

/** Deletes a member (their tokens end with the row). Returns the deleted row, if any. */
export async function deleteStaff(db: Database, id: string): Promise<StaffRow | undefined> {
  const rows = await db.delete(staff).where(eq(staff.id, id)).returning();
  return rows[0];
}
