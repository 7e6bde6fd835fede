import type { AdminUser } from '@daily-tea/shared/contracts/admin';
import type { Page } from '@daily-tea/shared/contracts/common';
import { effectiveCurrentStreak } from '@daily-tea/shared/domain/streak';
import type { Deps } from '../../env';
import { insertAudit } from '../../db/queries/audit.queries';
import { findUserUsername, findUsersPage, type UserRow } from '../../db/queries/admin/users.queries';
import { NotFoundError } from '../../errors';
import { removeUsers } from '../answer-removal';
import { today } from '../play/today';
import { quoted } from './audit.service';

/** The client shape (never the hash), with the effective current streak of `day` (DESIGN §5). */
export function toAdminUserDto(u: UserRow, day: string): AdminUser {
  return {
    id: u.id,
    username: u.username,
    isGuest: u.isGuest,
    gender: u.gender as AdminUser['gender'],
    ageBracket: u.ageBracket as AdminUser['ageBracket'],
    raceBracket: u.raceBracket as AdminUser['raceBracket'],
    area: u.area,
    country: u.country,
    city: u.city,
    currentStreak: effectiveCurrentStreak(u, day),
    longestStreak: u.longestStreak,
    lastActivityDate: u.lastActivityDate,
    createdAt: u.createdAt.toISOString(),
  };
}

/** GET /api/admin/users — newest first; `search` matches the start of the username, ignoring case. */
export async function listUsers(deps: Deps, q: { limit: number; offset: number; search?: string | undefined }): Promise<Page<AdminUser>> {
  const { rows, total } = await findUsersPage(deps.db, q);
  const day = today(deps);
  return { items: rows.map((u) => toAdminUserDto(u, day)), total, limit: q.limit, offset: q.offset };
}

/** Deletes a user with sessions, selections, answers and badges (counters kept exact by removeUsers). */
export async function deleteUser(deps: Deps, id: string): Promise<{ ok: true }> {
  const username = await findUserUsername(deps.db, id);
  if (username === undefined) throw new NotFoundError('User not found');
  if ((await removeUsers(deps.db, [id])) === 0) throw new NotFoundError('User not found');
  await insertAudit(deps.db, { at: deps.now(), action: 'user.delete', targetId: id, summary: `Deleted user ${quoted(username)}` });
  return { ok: true };
}
