import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import type { Database } from './database';
import { createEmbeddedClient, type EmbeddedClientOptions } from './engine/embedded/client';
import * as schema from './schema';

/**
 * Node's side of the database seam: embedded libSQL for `file:` URLs, libSQL over the network for
 * `libsql://` / `https://` (Turso). Workers build their own client in worker.ts (D1 or libsql/web),
 * because @libsql/client's Node build pulls in native code workerd cannot load.
 */
export function createLibsqlDatabase(
  url: string,
  authToken?: string,
  opts: {
    /**
     * `file:` through @libsql/client's own file driver instead of the embedded client: the reference the
     * embedded client must match (the API suite runs on both; see docs/decisions/0151-embedded-client-place.md).
     */
    stockClient?: boolean;
  } & EmbeddedClientOptions = {},
): { db: Database; close(): void } {
  // Embedded: one connection with a prepared-statement cache, so the per-connection PRAGMAs below hold for
  // every statement, and lock waits that never block the event loop; remote: @libsql/client over HTTP.
  const client =
    url.startsWith('file:') && !opts.stockClient
      ? createEmbeddedClient(
          url,
          opts.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: opts.busyTimeoutMs },
        )
      : createClient({ url, ...(authToken ? { authToken } : {}) });
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    close: () => client.close(),
  };
}

/**
 * Production settings for an embedded database (no-ops for Turso, which manages its own): write-ahead log so
 * readers never wait for a writer and a commit is one sequential append; synchronous=NORMAL (durable across
 * application crashes, the standard WAL pairing); a 64 MiB page cache so hot indexes stay in memory, and no
 * memory map — with one, SQLite looks every page up in the WAL's index before its own cache, so each page a read
 * touches cost more the more the WAL held (the results read 14 → 24 µs at ~6,000 WAL pages; ADR 0306); a checkpoint every 10 000 WAL pages (~40 MiB) instead of SQLite's 1 000, so the pages every
 * answer touches (counters, index roots) are copied into the database file once per many commits — the 9 AM
 * drop's profile spent 14 % of the server's CPU in COMMIT (auto-checkpoints included) at 1 000 pages and 9 % at
 * 10 000. No busy timeout here: SQLite's would block the event loop while another process holds the
 * write lock; the embedded client waits for it asynchronously instead (EmbeddedClientOptions.busyTimeoutMs).
 */
export async function tuneEmbeddedDatabase(db: Database, url: string): Promise<void> {
  if (!url.startsWith('file:') || url.includes(':memory:')) return;
  for (const pragma of [
    'PRAGMA journal_mode = WAL',
    'PRAGMA synchronous = NORMAL',
    'PRAGMA cache_size = -65536',
    'PRAGMA mmap_size = 0',
    'PRAGMA temp_store = MEMORY',
    'PRAGMA wal_autocheckpoint = 10000',
  ]) {
    await db.run(sql.raw(pragma));
  }
}
