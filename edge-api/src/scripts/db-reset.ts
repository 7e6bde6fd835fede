import { existsSync, rmSync } from 'node:fs';
import { createLibsqlDatabase, tuneEmbeddedDatabase } from '../db/client';
import { embeddedPath } from '../db/engine/embedded/client';
import { migrateLibsql } from '../db/migrate';
import { buildConfig, EnvSchema } from '../env';
import { ensureDatabaseFolder } from '../node/database';
import { DEFAULT_DATABASE_URL } from '../node/settings';
import { seedDemo } from '../seed/demo-seed';
import { startupGuide } from '../node/startup-guide';

/**
 * `npm run db:reset`: deletes the local database file (DATABASE_URL, default data/app.db) and recreates it —
 * migrated and seeded with the demo (today's dates: today and the next 6 days scheduled, the demo community's
 * answers for today). For the demo whose week has run out. Only ever a local `file:` database, never in
 * production, never Turso. Stop `npm start` first: a running server keeps the deleted file open.
 */
async function main() {
  const env = EnvSchema.parse(process.env);
  const url = env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (env.NODE_ENV === 'production') throw new Error('db:reset refuses to run with NODE_ENV=production');
  if (!url.startsWith('file:') || url.includes(':memory:')) {
    throw new Error(
      `db:reset only recreates a local file database (DATABASE_URL=file:…), not ${url.split('?')[0]}`,
    );
  }
  const path = embeddedPath(url);
  for (const file of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(file)) rmSync(file);
  ensureDatabaseFolder(url);

  const config = { ...buildConfig(process.env, () => 'unused'), seedDemo: true };
  const { db, close } = createLibsqlDatabase(url);
  try {
    await tuneEmbeddedDatabase(db, url);
    await migrateLibsql(db);
    const deps = { db, config, now: () => new Date() };
    await seedDemo(deps);
    console.log(`Recreated ${path} with the demo. Start it with \`npm start\`:\n`);
    console.log((await startupGuide(deps, `http://127.0.0.1:${env.PORT}`)).join('\n'));
  } finally {
    close();
  }
}

main().catch((err: unknown) => {
  console.error('db:reset failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
