import type { OperatorClaims } from '../app-env';
import type { Deps } from '../env';
import { findStaffTokenState } from '../db/queries/staff.queries';
import { isRevoked } from './operator-session';
import { openClaims, operatorTokenSecret, sealClaims } from './operator-token';

/**
 * Download tickets (docs/decisions/0145-download-tickets.md): a link a browser or Electron can download from
 * natively — straight to disk — although the operator's bearer token can never ride in a URL. An admin asks for
 * one with its token; the ticket names what it opens (`purpose` and its `scope`, e.g. one date's CSV export),
 * lives 60 seconds, and is signed (HMAC-SHA256, the sealed format of the operator tokens) with a secret of its
 * own derived from the admin secret, so it is no bearer token and a bearer token is no ticket. It carries the
 * issuing token's id: ending that token (Exit Admin, revoke-all, a new password) ends its tickets too.
 */

export const DOWNLOAD_TICKET_TTL_MS = 60_000;

const ticketSecret = (deps: Deps) => `${operatorTokenSecret(deps.config, 'admin')}\u0000download-ticket`;

/** A ticket for `scope` (plain JSON, the parameters of the one download it opens), valid 60 s from now. */
export function issueDownloadTicket(
  deps: Deps,
  operator: OperatorClaims,
  purpose: string,
  scope: Record<string, unknown>,
): { ticket: string; expiresAt: string } {
  const exp = deps.now().getTime() + DOWNLOAD_TICKET_TTL_MS;
  const ticket = sealClaims(ticketSecret(deps), {
    p: purpose,
    s: scope,
    exp,
    tid: operator.id,
    tiat: operator.issuedAt,
    ...(operator.staffId ? { sid: operator.staffId } : {}),
  });
  return { ticket, expiresAt: new Date(exp).toISOString() };
}

/**
 * The scope of a valid ticket for `purpose`, or null: malformed, tampered with, for another purpose, expired,
 * or issued by a token that has been ended since. The scope is unchecked JSON; the caller validates it.
 */
export async function redeemDownloadTicket(deps: Deps, purpose: string, ticket: string): Promise<unknown> {
  const claims = openClaims(ticket, () => ticketSecret(deps), 1024);
  if (!claims || claims.p !== purpose) return null;
  const { exp, tid, tiat, s, sid } = claims;
  if (typeof exp !== 'number' || !(exp > deps.now().getTime())) return null;
  if (typeof tid !== 'string' || typeof tiat !== 'number') return null;
  if (await isRevoked(deps, { id: tid, issuedAt: tiat })) return null;
  // A staff member's ticket ends with them (removed, or a password reset since the token was issued).
  if (sid !== undefined) {
    const member = typeof sid === 'string' ? await findStaffTokenState(deps.db, sid) : undefined;
    if (!member || member.tokensFrom > tiat) return null;
  }
  return s ?? null;
}
