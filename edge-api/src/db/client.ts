import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { Database } from './database';
import * as schema from './schema';

/**
 * Node's side of the database seam: embedded libSQL for `file:` URLs, libSQL over the network for
 * `libsql://` / `https://` (Turso). Workers build their own client in worker.ts (D1 or libsql/web),
 * because @libsql/client's Node build pulls in native code workerd cannot load.
 */
export function createLibsqlDatabase(url: string, authToken?: string): { db: Database; close(): void } {
  const client = createClient(authToken ? { url, authToken } : { url });
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    close: () => client.close(),
  };
}
