import type { Badge } from '@daily-tea/shared/contracts/daily';
import type { UserRow } from '../../app-env';
import { findUserBadges } from '../../db/queries/badges.queries';
import type { Deps } from '../../env';

/** The player's badges, oldest first. */
export async function listUserBadges(deps: Deps, user: UserRow): Promise<Badge[]> {
  const rows = await findUserBadges(deps.db, user.id);
  return rows.map((b) => ({ id: b.id, type: b.type, earnedAt: b.earnedAt.toISOString() }));
}
