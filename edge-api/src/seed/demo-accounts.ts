import { verifyPassword } from '../auth/password';
import { findUsersByUsernamePrefix } from '../db/queries/users.queries';
import type { Deps } from '../env';
import { removeUsers } from '../services/answer-removal';
import { DEMO_PASSWORD, DEMO_USERNAME_PREFIX } from './demo-seed';

/**
 * Production never has the demo accounts (product.md#running): their password is published. A production start removes
 * any that an earlier start seeded — with their sessions, answers (taken out of the results), selections and
 * badges. A demo account is a `demo_…` username whose password is the demo password: the seed gives all of them
 * one hash, so one verification per distinct hash tells them from a player who chose such a name.
 * Returns how many were removed.
 */
export async function removeDemoAccounts(deps: Pick<Deps, 'db'>): Promise<number> {
  const candidates = await findUsersByUsernamePrefix(deps.db, DEMO_USERNAME_PREFIX);
  const demoHashes = new Set<string>();
  for (const hash of new Set(candidates.map((c) => c.passwordHash))) {
    if (await verifyPassword(hash, DEMO_PASSWORD)) demoHashes.add(hash);
  }
  const ids = candidates.filter((c) => demoHashes.has(c.passwordHash)).map((c) => c.id);
  return ids.length === 0 ? 0 : removeUsers(deps.db, ids);
}
