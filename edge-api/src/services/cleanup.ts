import { deleteExpiredInvites } from '../db/queries/friends.queries';
import { deleteExpiredRevocations } from '../db/queries/operator-revocations.queries';
import { deleteFullBuckets } from '../db/queries/rate-limits.queries';
import { deleteExpiredSessions, findAbandonedGuestIds } from '../db/queries/users.queries';
import type { Deps } from '../env';
import { removeUsers } from './answer-removal';

/** How often Node runs the cleanup (Workers: the cron in wrangler.toml). */
export const CLEANUP_INTERVAL_MS = 15 * 60_000;
/** A guest younger than this is never deleted, so one is never caught between its insert and its session. */
export const GUEST_GRACE_MS = 10 * 60_000;
/**
 * Guests deleted per batch, and batches per run on Workers (bounded work per cron run for the CPU limits; the
 * next run continues). Node runs until no expired guest is left, so it keeps up with any creation rate its
 * throughput allows (README "Security": measured by the bench).
 */
export const GUEST_BATCH_SIZE = 200;
export const MAX_BATCHES_PER_RUN = 25;

export type CleanupResult = {
  guestsDeleted: number;
  sessionsDeleted: number;
  throttlesDeleted: number;
  revocationsDeleted: number;
  invitesDeleted: number;
};

/**
 * Guest data is not kept (product.md#accounts): guests none of whose sessions is still live are deleted with
 * everything they own (answers — with their result counters —, selections, badges, sessions) through
 * removeUsers; then expired sessions and rate-limit buckets that are full again, revocations of expired operator tokens and
 * expired friend invites go.
 */
export async function cleanupExpired(deps: Deps, maxBatches = MAX_BATCHES_PER_RUN): Promise<CleanupResult> {
  const now = deps.now();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const createdBefore = new Date(now.getTime() - GUEST_GRACE_MS);
  let guestsDeleted = 0;
  for (let i = 0; i < maxBatches; i++) {
    const ids = await findAbandonedGuestIds(deps.db, nowSeconds, createdBefore, GUEST_BATCH_SIZE);
    if (ids.length === 0) break;
    guestsDeleted += await removeUsers(deps.db, ids);
    if (ids.length < GUEST_BATCH_SIZE) break;
  }
  const sessionsDeleted = await deleteExpiredSessions(deps.db, nowSeconds);
  const throttlesDeleted = await deleteFullBuckets(deps.db, now.getTime());
  const revocationsDeleted = await deleteExpiredRevocations(deps.db, now.getTime());
  const invitesDeleted = await deleteExpiredInvites(deps.db, now);
  return { guestsDeleted, sessionsDeleted, throttlesDeleted, revocationsDeleted, invitesDeleted };
}
