import type { Session } from 'lucia';
import type { Deps } from './env';
import type { users } from './db/schema';

/** The signed-in player as every request reads it (the session's users row): every column but the password hash. */
export type UserRow = Omit<typeof users.$inferSelect, 'passwordHash'>;

/**
 * What an operator token opens (product.md#operators): `admin` — the owner's admin password, every
 * console route; `editor` — a staff editor: the console without users, staff and sessions; `marketing` — the
 * marketing tools only (the owner's marketing password or a staff marketer).
 */
export type OperatorRole = 'admin' | 'editor' | 'marketing';

/** Claims of a verified admin/marketing bearer token (product.md#operators). */
export type OperatorClaims = {
  role: OperatorRole;
  /** Who holds it: the staff member's name, or `owner` for the role passwords. Audit entries carry it. */
  actor: string;
  /** The staff member's id (their removal or a password reset ends the token); null for the owner. */
  staffId: string | null;
  expiresAt: number;
  /** Issue time (ms): revoke-all ends every token issued up to its moment. */
  issuedAt: number;
  /** Random token id: "Exit Admin" revokes this one token. */
  id: string;
};

/** The one typed Hono environment of the app. */
export type AppEnv = {
  Variables: {
    deps: Deps;
    /** Set by the session middleware: the signed-in player, or null. */
    user: UserRow | null;
    session: Session | null;
    /** Set by requireAdmin / requireMarketing. */
    operator: OperatorClaims | null;
  };
};
