import type { AdminUser } from '@daily-tea/shared/contracts/admin';
import type { Page } from '@daily-tea/shared/contracts/common';
import type { Deps } from '../../env';
import { insertAudit } from '../../db/queries/audit.queries';
import { findUserUsername, findUsersPage } from '../../db/queries/admin/users.queries';
import { NotFoundError } from '../../errors';
import { removeUsers } from '../answer-removal';
import { toUserJson } from '../auth/user-json';
import { today } from '../play/today';
import { quoted, auditActor } from './audit.service';

/** GET /api/admin/users — newest first; `search` matches the start of the username, ignoring case. */
export async function listUsers(
  deps: Deps,
  q: { limit: number; offset: number; search?: string | undefined },
): Promise<Page<AdminUser>> {
  const { rows, total } = await findUsersPage(deps.db, q);
  const day = today(deps);
  return { items: rows.map((u) => toUserJson(u, day)), total, limit: q.limit, offset: q.offset };
}

/** Deletes a user with sessions, selections, answers and badges (counters kept exact by removeUsers). */
export async function deleteUser(deps: Deps, id: string): Promise<{ ok: true }> {
  const username = await findUserUsername(deps.db, id);
  if (username === undefined) throw new NotFoundError('User not found');
  if ((await removeUsers(deps.db, [id])) === 0) throw new NotFoundError('User not found');
  await insertAudit(deps.db, {
    at: deps.now(),
    actor: auditActor(deps),
    action: 'user.delete',
    targetId: id,
    summary: `Deleted user ${quoted(username)}`,
  });
  return { ok: true };
}
