import { createClient, type InStatement } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/database';
import * as schema from '../db/schema';

export type StatementPlan = { sql: string; plan: string[] };

/**
 * A database on a temporary file (migrate it in `beforeAll`) whose every statement — batched ones included — is captured
 * at the libSQL client, so `plansOf` can explain what a data-layer call really ran, with its parameters.
 * EXPLAIN of an INSERT … RETURNING leaves its statement open on that connection (libsql), which would break the
 * next batch's COMMIT: plans are explained on a second connection to the same file.
 */
export function openPlanDatabase(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const client = createClient({ url: `file:${join(dir, 'plans.db')}` });
  const explainer = createClient({ url: `file:${join(dir, 'plans.db')}` });
  const captured: { sql: string; args: unknown[] }[] = [];
  const record = (stmt: InStatement) => {
    if (typeof stmt === 'string') captured.push({ sql: stmt, args: [] });
    else captured.push({ sql: stmt.sql, args: (stmt.args ?? []) as unknown[] });
  };
  const execute = client.execute.bind(client);
  const batch = client.batch.bind(client);
  client.execute = ((stmt: InStatement) => (record(stmt), execute(stmt))) as typeof client.execute;
  client.batch = ((stmts: InStatement[], mode?: 'write') => (
    stmts.forEach(record),
    batch(stmts, mode)
  )) as typeof client.batch;
  const db = drizzle(client, { schema }) as unknown as Database;

  return {
    db,
    /** Runs fixture SQL without capturing it. */
    execute,
    /** The plan of every statement `run` executes (transaction control left out). */
    async plansOf(run: () => Promise<unknown>): Promise<StatementPlan[]> {
      // WAL, as the app's embedded database: a read the explainer leaves open (explaining a write that fires
      // the FTS5 triggers of migration 0015 does) cannot block the next write's commit.
      await execute('PRAGMA journal_mode = WAL');
      captured.length = 0;
      await run();
      const out: StatementPlan[] = [];
      for (const q of captured.splice(0)) {
        if (/^(BEGIN|COMMIT|ROLLBACK)/i.test(q.sql.trim())) continue;
        const res = await explainer.execute({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, args: q.args as never[] });
        out.push({ sql: q.sql, plan: res.rows.map((r) => String(r.detail)) });
      }
      return out;
    },
    close() {
      client.close();
      explainer.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The plan lines of `plans` that match `fullScan` (a `SCAN <table>` without `USING … INDEX`). */
export function fullScans(plans: StatementPlan[], fullScan: RegExp): string[] {
  return plans.flatMap((p) => p.plan).filter((line) => fullScan.test(line));
}
