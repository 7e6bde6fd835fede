import { inject } from 'vitest';
import type { Database } from '../db/database';

/**
 * The database an API test run uses. The SAME test files run three times (vitest projects in the root
 * vitest.config.ts): `edge-api` on the embedded client (what `npm start` uses), `edge-api:libsql` on stock
 * @libsql/client over a `file:` database (the reference the embedded client must match, and the driver
 * Turso uses), `edge-api:d1` on Cloudflare D1 inside workerd through drizzle-orm/d1 (the Workers path).
 */
export type TestDatabaseKind = 'embedded' | 'libsql' | 'd1';

declare module 'vitest' {
  interface ProvidedContext {
    /** Set per vitest project (root vitest.config.ts); absent means the embedded client. */
    testDatabase: TestDatabaseKind;
  }
}

/** The database of this run. Branch on it only where a test cannot run on one of them, and say why there. */
export const TEST_DATABASE: TestDatabaseKind =
  (inject('testDatabase') as TestDatabaseKind | undefined) ?? 'embedded';

export type OpenedTestDatabase = {
  db: Database;
  /** Like the Node entry, a long-lived handle keeps read caches; the Worker builds a handle per request and does not. */
  readCaches: boolean;
  /** Ends the handle (every later query fails) and frees its storage. */
  close(): void;
};

/** A fresh, migrated database of this run's kind, owned by one test app. */
export async function openTestDatabase(): Promise<OpenedTestDatabase> {
  // Imported on demand: the Node drivers cannot load in workerd, and `cloudflare:test` exists only there.
  if (TEST_DATABASE === 'd1') return (await import('./test-database.d1')).openD1TestDatabase();
  return (await import('./test-database.node')).openNodeTestDatabase(TEST_DATABASE);
}
