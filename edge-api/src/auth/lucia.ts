import { DrizzleSQLiteAdapter } from '@lucia-auth/adapter-drizzle';
import { Lucia, TimeSpan, generateIdFromEntropySize, type Session } from 'lucia';
import {
  GUEST_SESSION_HOURS,
  MAX_SESSIONS_PER_ACCOUNT,
  SESSION_DAYS,
} from '@daily-tea/shared/domain/constants';
import type { UserRow } from '../app-env';
import { findSessionWithUser, insertSessionCapped } from '../db/queries/sessions.queries';
import { sessions, users } from '../db/schema';
import type { Deps } from '../env';

/**
 * The session seam (the only file importing lucia). Lucia v3 provides the session ids, the cookie
 * and, through its Drizzle adapter, the session storage. Expiry is decided here with the injected
 * clock (deps.now) rather than inside Lucia, because the two kinds of session differ (product.md#accounts):
 * registered users get 30 days, extended ("sliding") once less than half is left; guests get a fixed
 * 24 hours, after which the cleanup deletes them with everything they own.
 */
export const SESSION_COOKIE = 'session';
const DAY_MS = 86_400_000;
export const REGISTERED_SESSION_MS = SESSION_DAYS * DAY_MS;
export const GUEST_SESSION_MS = GUEST_SESSION_HOURS * 3_600_000;

export type SessionContext = {
  session: Session;
  user: UserRow;
  /** A serialized Set-Cookie value when the session was extended and the cookie must be refreshed. */
  refreshCookie: string | null;
};

function lucia(deps: Deps, lifetimeMs: number) {
  const adapter = new DrizzleSQLiteAdapter(deps.db as never, sessions, users);
  return {
    adapter,
    lucia: new Lucia(adapter, {
      sessionExpiresIn: new TimeSpan(Math.round(lifetimeMs / 1000), 's'),
      sessionCookie: {
        name: SESSION_COOKIE,
        attributes: { secure: deps.config.secureCookies, sameSite: 'lax' },
      },
    }),
  };
}

const lifetime = (isGuest: boolean) => (isGuest ? GUEST_SESSION_MS : REGISTERED_SESSION_MS);

/**
 * A new session's id, expiry and Set-Cookie value, without writing it: for a caller that writes the session row in
 * the same batch as the rest of its sign-in (the guest sign-in). Lucia still makes the id and the cookie.
 */
export function newSession(deps: Deps, isGuest: boolean): { id: string; expiresAt: Date; cookie: string } {
  const ms = lifetime(isGuest);
  const id = generateIdFromEntropySize(25);
  return {
    id,
    expiresAt: new Date(deps.now().getTime() + ms),
    cookie: lucia(deps, ms).lucia.createSessionCookie(id).serialize(),
  };
}

/**
 * Starts a session and returns the Set-Cookie header value. An account holds at most MAX_SESSIONS_PER_ACCOUNT:
 * the sign-in that would exceed it ends the oldest in the same batch.
 */
export async function createSession(deps: Deps, userId: string, isGuest: boolean): Promise<string> {
  const { id, expiresAt, cookie } = newSession(deps, isGuest);
  await insertSessionCapped(deps.db, { id, userId, expiresAt }, MAX_SESSIONS_PER_ACCOUNT);
  return cookie;
}

/**
 * Reads the session behind a cookie value: null when unknown or expired (an expired row is deleted).
 * The read is one prepared join (hot path of every signed-in request) instead of the adapter's two
 * generic queries; Lucia still owns ids, cookies and the writes.
 */
export async function validateSession(deps: Deps, sessionId: string): Promise<SessionContext | null> {
  const found = await findSessionWithUser(deps.db, sessionId);
  if (!found) return null;
  const now = deps.now().getTime();
  const { user } = found;
  const storedExpiresAt = found.expiresAt * 1000;
  if (storedExpiresAt <= now) {
    await lucia(deps, REGISTERED_SESSION_MS).adapter.deleteSession(sessionId);
    return null;
  }
  const ms = lifetime(user.isGuest);
  let expiresAt = new Date(storedExpiresAt);
  let refreshCookie: string | null = null;
  if (!user.isGuest && expiresAt.getTime() - now < ms / 2) {
    expiresAt = new Date(now + ms);
    const { adapter, lucia: l } = lucia(deps, ms);
    await adapter.updateSessionExpiration(sessionId, expiresAt);
    refreshCookie = l.createSessionCookie(sessionId).serialize();
  }
  return {
    session: { id: sessionId, userId: user.id, expiresAt, fresh: refreshCookie !== null },
    user,
    refreshCookie,
  };
}

export async function invalidateSession(deps: Deps, sessionId: string): Promise<void> {
  await lucia(deps, REGISTERED_SESSION_MS).adapter.deleteSession(sessionId);
}

export async function invalidateUserSessions(deps: Deps, userId: string): Promise<void> {
  await lucia(deps, REGISTERED_SESSION_MS).adapter.deleteUserSessions(userId);
}

/** Set-Cookie value that removes the session cookie. */
export function blankSessionCookie(deps: Deps): string {
  return lucia(deps, REGISTERED_SESSION_MS).lucia.createBlankSessionCookie().serialize();
}

/** Random, URL-safe identifier part (guest usernames). */
export function randomId(entropyBytes: number): string {
  return generateIdFromEntropySize(entropyBytes);
}
