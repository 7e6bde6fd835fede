import { fileURLToPath } from 'node:url';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Database } from './database';
import type * as schema from './schema';

/** drizzle-kit's output folder at the repository root; wrangler's D1 migrations read the same files. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle/migrations', import.meta.url));

/** Applies pending migrations (idempotent: drizzle records applied ones in __drizzle_migrations). */
export async function migrateLibsql(db: Database): Promise<void> {
  await migrate(db as unknown as LibSQLDatabase<typeof schema>, { migrationsFolder: MIGRATIONS_FOLDER });
}
