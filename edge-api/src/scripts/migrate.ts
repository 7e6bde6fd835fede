import { createLibsqlDatabase } from '../db/client';
import { migrateLibsql } from '../db/migrate';
import { EnvSchema } from '../env';
import { ensureDatabaseFolder } from '../node/database';
import { DEFAULT_DATABASE_URL } from '../node/settings';

/**
 * `npm run db:migrate`: applies drizzle/migrations to DATABASE_URL (default the embedded file) —
 * the step to run against Turso before deploying the Worker. `npm start` migrates on its own.
 */
async function main() {
  const env = EnvSchema.parse(process.env);
  const url = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  ensureDatabaseFolder(url);
  const { db, close } = createLibsqlDatabase(url, env.DATABASE_AUTH_TOKEN);
  try {
    await migrateLibsql(db);
    console.log(`Migrations applied to ${url.replace(/\/\/[^@/]*@/, '//')}`);
  } finally {
    close();
  }
}

main().catch((err: unknown) => {
  console.error('Migration failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
