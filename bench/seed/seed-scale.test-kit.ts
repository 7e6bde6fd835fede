import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildConfig,
  createApp,
  createLibsqlDatabase,
  migrateLibsql,
  type Database,
  type Deps,
} from '@daily-tea/edge-api/tooling';

export type ScaleTestApp = {
  db: Database;
  /** The API on this database, as a same-site browser calls it (JSON body). */
  request(path: string, init: { method: string; json: unknown }): Promise<Response>;
  close(): void;
};

const ORIGIN = 'http://localhost';

/**
 * A fresh, migrated database file of the kind `npm run seed:scale` fills, and the app served on it: through the
 * embedded client (what the seeder uses for a file) or stock @libsql/client (the driver of a Turso URL).
 */
export async function openScaleTestApp(now: Date, driver: 'embedded' | 'libsql'): Promise<ScaleTestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'seed-scale-'));
  const { db, close } = createLibsqlDatabase(`file:${join(dir, 'scale.db')}`, undefined, {
    stockClient: driver === 'libsql',
  });
  await migrateLibsql(db);
  const deps: Deps = { db, config: buildConfig({ SEED_DEMO: 'false' }, () => 'test'), now: () => now };
  const app = createApp({ deps: () => deps });
  return {
    db,
    request: async (path, init) =>
      app.request(`${ORIGIN}${path}`, {
        method: init.method,
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify(init.json),
      }),
    close: () => {
      close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
