import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from '../database';
import { auditLog } from '../schema';

export type AuditRow = typeof auditLog.$inferSelect;
/** Operator actions recorded in the audit log (product.md#operators). */
export type AuditAction =
  | 'topic.create'
  | 'topic.update'
  | 'question.create'
  | 'question.import'
  | 'question.edit'
  | 'question.delete'
  | 'schedule.save'
  | 'day.save'
  | 'user.delete'
  | 'answer.delete'
  | 'operator.revoke_all'
  | 'staff.create'
  | 'staff.password_reset'
  | 'staff.delete'
  | 'answers.export';

export type AuditEntryInput = {
  action: AuditAction;
  targetId: string | null;
  summary: string;
  at: Date;
  /** Who did it: a staff member's name, or `owner`. */
  actor: string;
};

/** An audit row insert, to run in the same batch as the change it records. */
export function insertAuditStatement(db: Database, entry: AuditEntryInput): BatchItem<'sqlite'> {
  return db.insert(auditLog).values({ id: crypto.randomUUID(), ...entry });
}

/**
 * An audit row written only when `condition` (an SQL boolean) holds at that point of the batch — e.g. "the
 * question row now exists" after a guarded INSERT — so a change that did not happen is never logged.
 */
export function insertAuditIfStatement(
  db: Database,
  entry: AuditEntryInput,
  condition: SQL,
): BatchItem<'sqlite'> {
  return db.run(sql`INSERT INTO audit_log (id, at, action, target_id, summary, actor)
    SELECT ${crypto.randomUUID()}, ${entry.at.getTime()}, ${entry.action}, ${entry.targetId}, ${entry.summary}, ${entry.actor} WHERE ${condition}`);
}

/** Writes one audit row on its own (after a change made by another module's batch). */
export async function insertAudit(db: Database, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({ id: crypto.randomUUID(), ...entry });
}

/**
 * Newest first along audit_at_idx (one actor's: audit_actor_at_idx); rowid (insertion order, carried by every
 * index entry) breaks ties between rows of the same millisecond.
 */
export async function findAuditPage(
  db: Database,
  limit: number,
  offset: number,
  actor?: string,
): Promise<{ rows: AuditRow[]; total: number }> {
  const where = actor === undefined ? undefined : eq(auditLog.actor, actor);
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), sql`${auditLog}.rowid DESC`)
      .limit(limit)
      .offset(offset)
      .all(),
    db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(where)
      .get(),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The names that appear as actors in the log (the Audit tab's filter), owner first, then by name. */
export async function findAuditActors(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ actor: auditLog.actor })
    .from(auditLog)
    .orderBy(auditLog.actor)
    .all();
  return rows.map((r) => r.actor);
}
