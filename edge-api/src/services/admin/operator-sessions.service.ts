import type { OperatorClaims } from '../../app-env';
import { revokeAllOperatorTokens, revokeOperatorToken } from '../../auth/operator-session';
import { insertAudit } from '../../db/queries/audit.queries';
import type { Deps } from '../../env';
import { auditActor } from './audit.service';

/** "Exit Admin" / leaving marketing: the caller's own token stops working on the server at once. */
export async function endOperatorSession(deps: Deps, claims: OperatorClaims): Promise<void> {
  await revokeOperatorToken(deps, claims);
}

/**
 * POST /api/admin/sessions/revoke-all: every admin and marketing token issued until now stops working
 * (the caller's too), audited.
 */
export async function revokeAllOperatorSessions(deps: Deps): Promise<void> {
  await revokeAllOperatorTokens(deps);
  await insertAudit(deps.db, {
    action: 'operator.revoke_all',
    targetId: null,
    summary: 'Ended every admin and marketing session',
    at: deps.now(),
    actor: auditActor(deps),
  });
}
