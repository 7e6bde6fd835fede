/// <reference types="@cloudflare/vitest-pool-workers/types" />
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { applyD1Migrations, env } from 'cloudflare:test';
import { createWorkerDatabase } from '../db/client.worker';
import type { OpenedTestDatabase } from './test-database';

/**
 * D1 inside workerd (vitest-pool-workers), through the Worker's own seam (`createWorkerDatabase`: drizzle-orm/d1
 * with its batch fix). The `edge-api:d1` project binds TEST_DB_SLOTS local D1 databases (TEST_DB_0, …) and the
 * drizzle/migrations files as TEST_MIGRATIONS (read by wrangler's own migration reader). Each test app takes a
 * free slot, empties it if an earlier app used it, and applies the migrations, so test apps that are open at the
 * same time never share data — as with the Node runs' one temp file per app.
 */
type D1Migration = { name: string; queries: string[] };
type TestBindings = { TEST_DB_SLOTS: number; TEST_MIGRATIONS: D1Migration[] } & Record<string, unknown>;

const bindings = env as unknown as TestBindings;
const open = new Set<number>();

export async function openD1TestDatabase(): Promise<OpenedTestDatabase> {
  let slot = 0;
  while (open.has(slot)) slot++;
  if (slot >= bindings.TEST_DB_SLOTS) {
    throw new Error(
      `More than ${bindings.TEST_DB_SLOTS} test apps open at once: close some, or raise TEST_DB_SLOTS in vitest.config.ts`,
    );
  }
  open.add(slot);
  try {
    const d1 = bindings[`TEST_DB_${slot}`] as D1Database;
    await emptyDatabase(d1);
    await applyD1Migrations(d1 as never, bindings.TEST_MIGRATIONS);
    let closed = false;
    return {
      db: createWorkerDatabase({ d1: closable(d1, () => closed) }),
      readCaches: false,
      close: () => {
        if (closed) return;
        closed = true;
        open.delete(slot);
      },
    };
  } catch (err) {
    open.delete(slot);
    throw err;
  }
}

/** Drops every table, view and trigger (a slot may hold an earlier app's database). */
async function emptyDatabase(d1: D1Database): Promise<void> {
  const { results } = await d1
    .prepare(
      `SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'`,
    )
    .all<{ type: string; name: string }>();
  if (results.length === 0) return;
  const order = { trigger: 0, view: 1, table: 2 } as Record<string, number>;
  const drops = [...results]
    .sort((a, b) => order[a.type]! - order[b.type]!)
    .map(({ type, name }) =>
      d1.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name.replaceAll('"', '""')}"`),
    );
  // Foreign keys are checked at the end of the batch, when every table is gone.
  await d1.batch([d1.prepare('PRAGMA defer_foreign_keys = on'), ...drops]);
}

/**
 * The binding as a handle that can be closed like a libSQL client: after close() every query fails — as D1 fails,
 * asynchronously, when a statement runs or a batch is sent (preparing and binding never throw). An earlier
 * version threw from prepare(), which D1 never does: the throw surfaced inside the Worker's batch fix
 * (client.worker.ts) before its first await, and the workers pool reported it as an unhandled rejection although
 * the request answered 500 — so app.test.ts's error-masking test had to skip D1.
 */
function closable(d1: D1Database, isClosed: () => boolean): D1Database {
  const closedError = () => new Error('D1_ERROR: the test database handle is closed');
  const fails = () => Promise.reject(closedError());
  const closedStatement = (): D1PreparedStatement => {
    const statement = { bind: () => statement, first: fails, run: fails, all: fails, raw: fails };
    return statement as unknown as D1PreparedStatement;
  };
  return {
    prepare: (query: string) => (isClosed() ? closedStatement() : d1.prepare(query)),
    batch: (statements: Parameters<D1Database['batch']>[0]) => (isClosed() ? fails() : d1.batch(statements)),
    exec: (query: string) => (isClosed() ? fails() : d1.exec(query)),
    dump: () => (isClosed() ? fails() : d1.dump()),
    withSession: (constraint?: string) => {
      if (isClosed()) throw closedError();
      return d1.withSession(constraint as never);
    },
  } as D1Database;
}
