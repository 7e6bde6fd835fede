import type { AuditEntry, AuditQuery } from '@daily-tea/shared/contracts/admin';
import type { Page } from '@daily-tea/shared/contracts/common';
import type { Deps } from '../../env';
import { findAuditActors, findAuditPage } from '../../db/queries/audit.queries';

/**
 * The operator acting on this request (set by requireAdmin/requireMarketing): every audit entry names them.
 * A change reached without an operator token is a programming error, never an anonymous entry.
 */
export function auditActor(deps: Deps): string {
  if (!deps.actor) throw new Error('An audited change needs the operator who makes it (deps.actor)');
  return deps.actor;
}

/** Quotes operator-entered text for a one-line summary, cut so a long question stays readable. */
export function quoted(text: string, max = 80): string {
  const t = text.trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}

/** GET /api/admin/audit — newest first, paginated, optionally one actor's entries. */
export async function listAudit(deps: Deps, page: AuditQuery): Promise<Page<AuditEntry>> {
  const { rows, total } = await findAuditPage(deps.db, page.limit, page.offset, page.actor);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      targetId: r.targetId,
      summary: r.summary,
      actor: r.actor,
    })),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}

/** GET /api/admin/audit/actors — every actor the log names (the Audit tab's filter). */
export async function listAuditActors(deps: Deps): Promise<{ actors: string[] }> {
  return { actors: await findAuditActors(deps.db) };
}
