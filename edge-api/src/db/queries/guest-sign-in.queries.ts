import { and, eq, sql } from 'drizzle-orm';
import { runBatch, type Database } from '../database';
import { prerender, rowFromDriver } from '../engine/statements';
import { rateLimits, sessions, users } from '../schema';
import {
  refillSet,
  takeOneTokenSet,
  waitForToken,
  type BucketSpec,
  type TakeResult,
} from './rate-limits.queries';

export type GuestSignIn = {
  user: { id: string; username: string; passwordHash: string; createdAt: Date };
  session: { id: string; expiresAt: Date };
  /** The session the request came with, ended when (and only when) the guest is created. */
  previousSessionId: string | null;
  /** New accounts per client address; null when the limit is off (ACCOUNT_LIMIT_PER_HOUR=0). */
  bucket: { spec: BucketSpec; nowMs: number } | null;
};

const p = sql.placeholder;
/** The new user row exists: inserted by this very batch (its id is fresh). */
const userCreated = sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${p('userId')})`;

/**
 * The guest sign-in's statements, rendered once (ADR 0152). With the account limit on, the user is inserted
 * only while the address's bucket holds a whole token, and the token is taken only once the user exists — in
 * the same transaction, so the check and the take cannot interleave with another sign-in (SQLite runs one
 * write transaction at a time, on libSQL, Turso and D1 alike).
 */
let templates: ReturnType<typeof renderTemplates> | undefined;

function renderTemplates(db: Database) {
  const insertUser = (limited: boolean) =>
    prerender<'userId' | 'username' | 'passwordHash' | 'createdAt' | 'key'>(
      sql`INSERT INTO ${users} (id, username, password_hash, is_guest, created_at)
        SELECT ${p('userId')}, ${p('username')}, ${p('passwordHash')}, 1, ${p('createdAt')}
        WHERE ${limited ? sql`(SELECT tokens FROM ${rateLimits} WHERE key = ${p('key')}) >= 1` : sql`true`}
        RETURNING *`,
    );
  return {
    refill: prerender<'key' | 'capacity' | 'periodMs' | 'nowMs'>(
      sql`INSERT INTO ${rateLimits} (key, tokens, capacity, period_ms, updated_at, full_at)
        VALUES (${p('key')}, ${p('capacity')}, ${p('capacity')}, ${p('periodMs')}, ${p('nowMs')}, ${p('nowMs')})
        ON CONFLICT (key) DO UPDATE SET tokens = ${refillSet.tokens}, capacity = ${refillSet.capacity},
          period_ms = ${refillSet.periodMs}, updated_at = ${refillSet.updatedAt}`,
    ),
    insertLimitedUser: insertUser(true),
    insertUnlimitedUser: insertUser(false),
    take: prerender<'key' | 'userId'>(
      db
        .update(rateLimits)
        .set(takeOneTokenSet)
        .where(and(eq(rateLimits.key, p('key')), userCreated)),
    ),
    endPrevious: prerender<'sessionId' | 'userId'>(
      sql`DELETE FROM ${sessions} WHERE id = ${p('sessionId')} AND ${userCreated}`,
    ),
    insertSession: prerender<'sessionId' | 'userId' | 'expiresAt'>(
      sql`INSERT INTO ${sessions} (id, user_id, expires_at) SELECT ${p('sessionId')}, ${p('userId')}, ${p('expiresAt')} WHERE ${userCreated}`,
    ),
    bucketState: prerender<'key'>(
      sql`SELECT tokens, capacity, period_ms FROM ${rateLimits} WHERE key = ${p('key')}`,
    ),
  };
}

/**
 * A guest sign-in as ONE batch (atomic on libSQL, Turso and D1): the account limit's token, the guest user, the end
 * of the session the request came with, and the guest's session. Before, these were separate writes — a crash
 * between them left a guest without a session, or a token taken for no account. Refused (`taken: false`, nothing
 * written) when the address has no token left.
 */
export async function insertGuestWithSession(
  db: Database,
  g: GuestSignIn,
): Promise<{ taken: true; user: typeof users.$inferSelect } | Extract<TakeResult, { taken: false }>> {
  const statements = (templates ??= renderTemplates(db));
  const userId = g.user.id;
  const key = g.bucket?.spec.key ?? null;
  const results = await runBatch(db, [
    ...(g.bucket
      ? [
          db.run(
            statements.refill({
              key: g.bucket.spec.key,
              capacity: g.bucket.spec.capacity,
              periodMs: g.bucket.spec.periodMs,
              nowMs: g.bucket.nowMs,
            }),
          ),
        ]
      : []),
    db.all(
      (g.bucket ? statements.insertLimitedUser : statements.insertUnlimitedUser)({
        userId,
        username: g.user.username,
        passwordHash: g.user.passwordHash,
        createdAt: g.user.createdAt.getTime(),
        key,
      }),
    ),
    ...(g.bucket ? [db.run(statements.take({ key: g.bucket.spec.key, userId }))] : []),
    ...(g.previousSessionId
      ? [db.run(statements.endPrevious({ sessionId: g.previousSessionId, userId }))]
      : []),
    db.run(
      statements.insertSession({
        sessionId: g.session.id,
        userId,
        expiresAt: Math.floor(g.session.expiresAt.getTime() / 1000),
      }),
    ),
    ...(g.bucket ? [db.all(statements.bucketState({ key: g.bucket.spec.key }))] : []),
  ]);
  const inserted = (results[g.bucket ? 1 : 0] as Record<string, unknown>[])[0];
  if (inserted) return { taken: true, user: rowFromDriver(users, inserted) };
  const state = (results.at(-1) as { tokens: number; capacity: number; period_ms: number }[])[0];
  return {
    taken: false,
    waitMs: state
      ? waitForToken([{ tokens: state.tokens, capacity: state.capacity, periodMs: state.period_ms }])
      : 0,
  };
}
