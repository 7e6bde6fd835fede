import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLibsqlDatabase } from '../db/client';
import { migrateLibsql } from '../db/migrate';
import type { OpenedTestDatabase } from './test-database';

/** A migrated libSQL file in its own temp folder: through the embedded client or stock @libsql/client. */
export async function openNodeTestDatabase(kind: 'embedded' | 'libsql'): Promise<OpenedTestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `daily-tea-test-${kind}-`));
  const { db, close } = createLibsqlDatabase(`file:${join(dir, 'test.db')}`, undefined, {
    stockClient: kind === 'libsql',
  });
  await migrateLibsql(db);
  return {
    db,
    readCaches: true,
    close: () => {
      close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
