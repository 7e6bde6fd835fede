import { inArray, lte } from 'drizzle-orm';
import type { Database } from '../database';
import { operatorRevocations } from '../schema';

/** The row that ends every token issued up to its `revoked_at` (revoke-all). */
export const ALL_TOKENS = '*';

/** The revocation rows that concern one token: its own, and the revoke-all row. */
export async function findRevocations(db: Database, tokenId: string) {
  return db
    .select({ id: operatorRevocations.id, revokedAt: operatorRevocations.revokedAt })
    .from(operatorRevocations)
    .where(inArray(operatorRevocations.id, [tokenId, ALL_TOKENS]));
}

/** Records a revocation (a token id, or ALL_TOKENS); a later revoke-all moves the cut-off forward. */
export async function upsertRevocation(
  db: Database,
  row: { id: string; revokedAt: number; expiresAt: number },
): Promise<void> {
  await db
    .insert(operatorRevocations)
    .values(row)
    .onConflictDoUpdate({
      target: operatorRevocations.id,
      set: { revokedAt: row.revokedAt, expiresAt: row.expiresAt },
    });
}

/** Rows whose tokens have all expired concern nothing any more. */
export async function deleteExpiredRevocations(db: Database, nowMs: number): Promise<number> {
  const rows = await db
    .delete(operatorRevocations)
    .where(lte(operatorRevocations.expiresAt, nowMs))
    .returning({ id: operatorRevocations.id });
  return rows.length;
}
