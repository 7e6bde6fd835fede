import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLibsqlDatabase, tuneEmbeddedDatabase } from '../db/client';
import { migrateLibsql } from '../db/migrate';
import type { Config, Deps } from '../env';
import { removeDemoAccounts } from '../seed/demo-accounts';
import { seedDemo } from '../seed/demo-seed';
import type { NodeSettings } from './settings';

/** Embedded databases need their folder; remote URLs (libsql://, https://) need nothing. */
export function ensureDatabaseFolder(url: string): void {
  if (!url.startsWith('file:')) return;
  const path = url.startsWith('file://')
    ? fileURLToPath(url.split('?')[0]!)
    : url.slice('file:'.length).split('?')[0]!;
  if (path === ':memory:' || path === '') return;
  mkdirSync(dirname(resolve(path)), { recursive: true });
}

/** The configured database, opened (its folder created) and tuned, with the services built on it. */
export async function openDatabase(
  settings: NodeSettings['database'],
  config: Config,
): Promise<{ deps: Deps; close: () => void }> {
  ensureDatabaseFolder(settings.url);
  const database = createLibsqlDatabase(settings.url, settings.authToken, {
    busyTimeoutMs: settings.busyTimeoutMs,
  });
  const deps: Deps = { db: database.db, config, now: () => new Date(), background: () => undefined };
  await tuneEmbeddedDatabase(deps.db, settings.url);
  return { deps, close: database.close };
}

/** Migrations, then the demo accounts removed (production) or the demo seeded (when configured). */
export async function migrateAndSeed(deps: Deps): Promise<void> {
  await migrateLibsql(deps.db);
  if (deps.config.isProduction) {
    const removed = await removeDemoAccounts(deps);
    if (removed > 0) {
      console.warn(
        `[daily-tea] production: removed ${removed} demo accounts (demo_…, published password) an earlier start had seeded`,
      );
    }
  }
  if (deps.config.seedDemo) await seedDemo(deps);
}

/** Runs `work` on a connection of its own, closed afterwards. */
export async function withDatabase<T>(
  settings: NodeSettings['database'],
  config: Config,
  work: (deps: Deps) => Promise<T>,
): Promise<T> {
  const { deps, close } = await openDatabase(settings, config);
  try {
    return await work(deps);
  } finally {
    close();
  }
}
