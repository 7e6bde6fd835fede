import type { Hono } from 'hono';
import type { User } from '@daily-tea/shared/contracts/auth';
import type { AppEnv } from '../app-env';
import { createApp } from '../app';
import { issueOperatorToken } from '../auth/operator-session';
import type { Database } from '../db/database';
import { enableReadCaches } from '../db/engine/read-caches';
import { buildConfig, type Config, type Deps } from '../env';
import { openTestDatabase, TEST_DATABASE, type TestDatabaseKind } from './test-database';

/**
 * The API test harness. Every test file that builds its app here runs on three databases — the embedded
 * client, stock @libsql/client and D1 in workerd (vitest projects `edge-api`, `edge-api:libsql`, `edge-api:d1`;
 * see test-database.ts) — with no change to the file.
 *
 * A test that cannot run on one of them says so where it is written, with the reason:
 *
 *   // D1 has no `EXPLAIN QUERY PLAN` access through drizzle's recorder: the plans are checked on libSQL.
 *   it.skipIf(TEST_DATABASE === 'd1')('…', async () => { … });
 *
 * A whole file that needs Node (spawns processes, opens files, tests a Node driver) or needs no database at all
 * declares the databases it runs on in a comment the root vitest.config.ts reads, followed by the reason:
 *
 *   // @databases: embedded — spawns `npm start` processes (Node only); no database of its own to vary.
 *
 * Files without that comment run on all three.
 */
export { TEST_DATABASE, type TestDatabaseKind };

/** Default clock of test apps: a fixed instant, so "today" is TEST_TODAY in the default UTC/0h config. */
export const TEST_NOW = new Date('2026-05-20T12:00:00.000Z');
export const TEST_TODAY = '2026-05-20';
export const TEST_ORIGIN = 'http://localhost';
export const TEST_PASSWORD = 'password123';

export type TestRequestInit = Omit<RequestInit, 'body'> & {
  /** JSON-encoded as the body (with Content-Type) unless `body` is given. */
  json?: unknown;
  /** Raw body, sent as is (malformed JSON, huge bodies). */
  body?: BodyInit;
  /** Session cookie (the `cookie` returned by signUp/guest), sent as the Cookie header. */
  cookie?: string;
  /** Bearer token (adminToken()). */
  token?: string;
  /** Origin header; defaults to the app's own origin. Pass null to send none. */
  origin?: string | null;
};

export type SignedInUser = { cookie: string; user: User };

export type TestApp = {
  app: Hono<AppEnv>;
  deps: Deps;
  db: Database;
  /** app.request with JSON body, cookie, bearer token and a same-site Origin by default. */
  request(path: string, init?: TestRequestInit): Promise<Response>;
  /** Registers a user (unique name by default, password TEST_PASSWORD); returns its session cookie. */
  signUp(username?: string): Promise<SignedInUser>;
  guest(): Promise<SignedInUser>;
  adminToken(role?: 'admin' | 'marketing'): Promise<string>;
  /** The database kind this app runs on (the same for every app of a run). */
  database: TestDatabaseKind;
  close(): void;
};

let counter = 0;
/** Unique per process and file, so tests never share names (usernames are unique ignoring case). */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Reads `session=<id>` out of a Set-Cookie header (the value to send back as Cookie). */
export function sessionCookieOf(res: Response): string {
  const header = res.headers.get('Set-Cookie') ?? '';
  const match = /(?:^|,\s*)(session=[^;]*)/.exec(header);
  if (!match?.[1] || match[1] === 'session=')
    throw new Error(`No session cookie in response (${res.status})`);
  return match[1];
}

/**
 * A fresh app over a fresh, migrated database of this run's kind (one per call, so test files and the apps of
 * one file never share data). Config defaults: UTC, day starting at 0h, no demo seed, no limit on new
 * accounts; clock TEST_NOW. Requests carry no socket (as on Workers): the client address is the
 * CF-Connecting-IP header, 'unknown' without one.
 */
export async function createTestApp(
  opts: { now?: () => Date; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const { db, readCaches, close } = await openTestDatabase();
  // Like the Node entry, so every route test on Node also runs through the read caches (the Worker has none).
  if (readCaches) enableReadCaches(db);
  const config: Config = {
    ...buildConfig(
      {
        APP_TIMEZONE: 'UTC',
        DAY_START_HOUR: '0',
        SEED_DEMO: 'false',
        SESSION_SECRET: 'test-session-secret',
        // Test files create many accounts from one address; the limit's own tests turn it on.
        ACCOUNT_LIMIT_PER_HOUR: '0',
      },
      () => 'unused',
    ),
    ...opts.config,
  };
  const deps: Deps = { db, config, now: opts.now ?? (() => new Date(TEST_NOW)) };
  const app = createApp({ deps: () => deps });

  const request = (path: string, init: TestRequestInit = {}) => {
    const { json, cookie, token, origin, headers: initHeaders, body, ...rest } = init;
    const headers = new Headers(initHeaders);
    if (origin !== null && !headers.has('Origin')) headers.set('Origin', origin ?? TEST_ORIGIN);
    if (cookie) headers.set('Cookie', cookie);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let sent: BodyInit | undefined = body;
    if (json !== undefined && body === undefined) {
      sent = JSON.stringify(json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    return Promise.resolve(app.request(path, { ...rest, headers, body: sent }));
  };

  const signedIn = async (res: Response): Promise<SignedInUser> => {
    if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
    return { cookie: sessionCookieOf(res), user: (await res.json()) as User };
  };

  return {
    app,
    deps,
    db,
    request,
    signUp: async (username = uniqueName()) =>
      signedIn(
        await request('/api/register', { method: 'POST', json: { username, password: TEST_PASSWORD } }),
      ),
    guest: async () => signedIn(await request('/api/guest-login', { method: 'POST' })),
    adminToken: async (role = 'admin') => (await issueOperatorToken(deps, role)).token,
    database: TEST_DATABASE,
    close,
  };
}
