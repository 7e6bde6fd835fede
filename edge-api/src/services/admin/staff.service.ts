import {
  STAFF_MESSAGES,
  type CreateStaffInput,
  type ResetStaffPasswordInput,
  type StaffList,
  type StaffMember,
} from '@daily-tea/shared/contracts/admin';
import { hashPassword } from '../../auth/password';
import { insertAudit } from '../../db/queries/audit.queries';
import {
  deleteStaff,
  findAllStaff,
  insertStaff,
  updateStaffPassword,
  type StaffRow,
} from '../../db/queries/staff.queries';
import type { Deps } from '../../env';
import { ConflictError, NotFoundError } from '../../errors';
import { auditActor } from './audit.service';

/**
 * Named staff accounts (product.md#operators, ADR 0300): the owner creates editors and marketers with
 * their own passwords, resets and removes them. Passwords are hashed like players'; a reset or a removal ends
 * every token the member holds (checked on each request, auth/operator-session.ts).
 */

const toJson = (r: StaffRow): StaffMember => ({
  id: r.id,
  name: r.name,
  role: r.role,
  createdAt: r.createdAt.toISOString(),
});

const roleLabel = (role: StaffRow['role']) => (role === 'editor' ? 'editor' : 'marketer');

/** GET /api/admin/staff */
export async function listStaff(deps: Deps): Promise<StaffList> {
  return { staff: (await findAllStaff(deps.db)).map(toJson) };
}

/** POST /api/admin/staff → 201 the member; 409 when the name is taken (ignoring case). */
export async function createStaff(deps: Deps, input: CreateStaffInput): Promise<StaffMember> {
  const now = deps.now();
  const row = {
    id: crypto.randomUUID(),
    name: input.name,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    createdAt: now,
  };
  if (!(await insertStaff(deps.db, row))) throw new ConflictError(STAFF_MESSAGES.nameTaken);
  await insertAudit(deps.db, {
    at: now,
    actor: auditActor(deps),
    action: 'staff.create',
    targetId: row.name,
    summary: `Added ${roleLabel(row.role)} ${row.name}`,
  });
  return toJson({ ...row, tokensFrom: 0 });
}

/** PATCH /api/admin/staff/{id} { password }: a new password; the member's open sessions end. */
export async function resetStaffPassword(
  deps: Deps,
  id: string,
  input: ResetStaffPasswordInput,
): Promise<StaffMember> {
  const now = deps.now();
  const row = await updateStaffPassword(deps.db, id, await hashPassword(input.password), now.getTime());
  if (!row) throw new NotFoundError(STAFF_MESSAGES.notFound);
  await insertAudit(deps.db, {
    at: now,
    actor: auditActor(deps),
    action: 'staff.password_reset',
    targetId: row.name,
    summary: `Reset the password of ${roleLabel(row.role)} ${row.name} (their sessions ended)`,
  });
  return toJson(row);
}

/** DELETE /api/admin/staff/{id}: removes the member; every token they hold stops working at once. */
export async function removeStaff(deps: Deps, id: string): Promise<{ ok: true }> {
  const row = await deleteStaff(deps.db, id);
  if (!row) throw new NotFoundError(STAFF_MESSAGES.notFound);
  await insertAudit(deps.db, {
    at: deps.now(),
    actor: auditActor(deps),
    action: 'staff.delete',
    targetId: row.name,
    summary: `Removed ${roleLabel(row.role)} ${row.name} (their sessions ended)`,
  });
  return { ok: true };
}
