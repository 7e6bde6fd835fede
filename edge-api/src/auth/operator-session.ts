import type { OperatorClaims, OperatorRole } from '../app-env';
import { ALL_TOKENS, findRevocations, upsertRevocation } from '../db/queries/operator-revocations.queries';
import { findStaffTokenState } from '../db/queries/staff.queries';
import type { Deps } from '../env';
import {
  OPERATOR_TOKEN_TTL_MS,
  operatorTokenSecret,
  signOperatorToken,
  verifyOperatorToken,
  type StaffHolder,
} from './operator-token';

/**
 * Operator token lifecycle (docs/decisions/0132-revocable-operator-tokens.md): issued after a server-side
 * password check, signed with a secret derived from the role's current password (a password change ends
 * every older token), and checked against a small revocation list — "Exit Admin" ends one token,
 * revoke-all every token issued so far.
 */

type Role = OperatorRole;

/** A new 8-hour token for `role`, held by the owner or by the staff member `staff`. */
export function issueOperatorToken(
  deps: Deps,
  role: Role,
  staff?: StaffHolder,
): Promise<{ token: string; expiresAt: string }> {
  return signOperatorToken(operatorTokenSecret(deps.config, role, Boolean(staff)), role, deps.now(), staff);
}

/**
 * The claims of a valid, unexpired, unrevoked token, else null. A staff token also needs its member to exist
 * with the same role and no password reset after the token was issued (one primary-key read, beside the
 * revocation read).
 */
export async function verifyOperatorSession(deps: Deps, token: string): Promise<OperatorClaims | null> {
  const claims = await verifyOperatorToken(
    (role, staff) => operatorTokenSecret(deps.config, role, staff),
    token,
    deps.now(),
  );
  if (!claims) return null;
  const [revoked, member] = await Promise.all([
    isRevoked(deps, claims),
    claims.staffId ? findStaffTokenState(deps.db, claims.staffId) : undefined,
  ]);
  if (revoked) return null;
  if (claims.staffId && (!member || member.role !== claims.role || member.tokensFrom > claims.issuedAt))
    return null;
  return claims;
}

/** Whether the token `{ id, issuedAt }` was ended, alone ("Exit Admin") or with all others (revoke-all). */
export async function isRevoked(
  deps: Deps,
  token: Pick<OperatorClaims, 'id' | 'issuedAt'>,
): Promise<boolean> {
  const rows = await findRevocations(deps.db, token.id);
  return rows.some((r) => (r.id === ALL_TOKENS ? r.revokedAt >= token.issuedAt : true));
}

/** Ends one token ("Exit Admin"); kept on the list until the token would have expired anyway. */
export async function revokeOperatorToken(deps: Deps, claims: OperatorClaims): Promise<void> {
  await upsertRevocation(deps.db, {
    id: claims.id,
    revokedAt: deps.now().getTime(),
    expiresAt: claims.expiresAt,
  });
}

/** Ends every token issued until now (of both roles). */
export async function revokeAllOperatorTokens(deps: Deps): Promise<void> {
  const now = deps.now().getTime();
  await upsertRevocation(deps.db, { id: ALL_TOKENS, revokedAt: now, expiresAt: now + OPERATOR_TOKEN_TTL_MS });
}
