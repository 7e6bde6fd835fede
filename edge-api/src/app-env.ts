import type { Session } from 'lucia';
import type { Deps } from './env';
import type { users } from './db/schema';

export type UserRow = typeof users.$inferSelect;

/** Claims of a verified admin/marketing bearer token (product.md#operators). */
export type OperatorClaims = {
  role: 'admin' | 'marketing';
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
