import type { AuditEntry } from '@daily-tea/shared/contracts/admin';
import type { Page, PageQuery } from '@daily-tea/shared/contracts/common';
import type { Deps } from '../../env';
import { findAuditPage } from '../../db/queries/audit.queries';

/** Quotes operator-entered text for a one-line summary, cut so a long question stays readable. */
export function quoted(text: string, max = 80): string {
  const t = text.trim();
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}

/** GET /api/admin/audit — newest first, paginated. */
export async function listAudit(deps: Deps, page: PageQuery): Promise<Page<AuditEntry>> {
  const { rows, total } = await findAuditPage(deps.db, page.limit, page.offset);
  return {
    items: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      action: r.action,
      targetId: r.targetId,
      summary: r.summary,
    })),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}
