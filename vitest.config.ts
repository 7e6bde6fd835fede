import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API suites. Browser (end-to-end) suites run from scripts/test.mjs after a build.
 *
 * The edge-api files run three times, once per database (edge-api/src/test/test-database.ts): `edge-api` on the
 * embedded client, `edge-api:libsql` on stock @libsql/client, `edge-api:d1` on D1 inside workerd. A file that
 * cannot run on all three says so in itself with `@databases: <kinds> — <why>` (see edge-api/src/test/harness.ts).
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const EDGE_TESTS = 'src/**/*.test.ts';
/** Every project: a test fails when it logs console.error it did not expect (vitest.setup.ts). */
const SETUP = [`${root}vitest.setup.ts`];

/** Imports that only load on Node: one of them in a file of the D1 run crashes workerd (a segfault, no message). */
const NODE_ONLY_IMPORT =
  /from\s+['"](@libsql\/client(\/[^'"]*)?|libsql|drizzle-orm\/libsql(\/[^'"]*)?|node:(child_process|cluster|fs|os|http|net)|(\.\.?\/)+(db\/)?(engine\/)?(embedded\/)?(client|migrate))['"]/;

/**
 * edge-api test files whose `@databases:` comment leaves out `kind`. A file without the comment runs on all three;
 * one that imports a Node-only module without it stops the run here with what to do, instead of crashing workerd.
 */
function filesNotOn(kind: 'embedded' | 'libsql' | 'd1'): string[] {
  const files = readdirSync(`${root}edge-api/src`, { recursive: true, encoding: 'utf8' });
  return files
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `src/${file}`)
    .filter((file) => {
      const text = readFileSync(`${root}edge-api/${file}`, 'utf8');
      const declared = /@databases:\s*([a-z0-9, ]+)/.exec(text);
      if (declared === null && NODE_ONLY_IMPORT.test(text)) {
        throw new Error(
          `edge-api/${file} imports a Node-only module (${NODE_ONLY_IMPORT.exec(text)![1]}), so it cannot run in the D1 run (workerd). ` +
            `Use the harness (createTestApp) instead, or declare where it runs and why on its first line, e.g. ` +
            `"// @databases: embedded — <why>" (see edge-api/src/test/harness.ts).`,
        );
      }
      return declared !== null && !declared[1]!.split(/[\s,]+/).includes(kind);
    });
}

/** The Worker's runtime settings, read from wrangler.toml so the tests run on what `wrangler deploy` ships. */
function wranglerSetting(key: string): string {
  const match = new RegExp(`^${key}\\s*=\\s*(.+)$`, 'm').exec(readFileSync(`${root}wrangler.toml`, 'utf8'));
  if (!match) throw new Error(`wrangler.toml has no ${key}`);
  return match[1]!.trim();
}

/** D1 databases bound for the D1 run: one per test app open at the same time (a file opens at most a few). */
const D1_SLOTS = 6;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './shared',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: SETUP,
        },
      },
      {
        // Pure models and hooks of the player app. A file that renders declares `// @vitest-environment jsdom`.
        test: {
          name: 'player-web',
          root: './player-web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: SETUP,
        },
      },
      {
        test: {
          name: 'edge-api',
          root: './edge-api',
          include: [EDGE_TESTS],
          exclude: filesNotOn('embedded'),
          environment: 'node',
          testTimeout: 30000,
          setupFiles: SETUP,
          provide: { testDatabase: 'embedded' },
        },
      },
      {
        test: {
          name: 'edge-api:libsql',
          root: './edge-api',
          include: [EDGE_TESTS],
          exclude: filesNotOn('libsql'),
          environment: 'node',
          testTimeout: 30000,
          setupFiles: SETUP,
          provide: { testDatabase: 'libsql' },
        },
      },
      {
        plugins: [
          cloudflareTest(async () => ({
            miniflare: {
              compatibilityDate: JSON.parse(wranglerSetting('compatibility_date')) as string,
              compatibilityFlags: JSON.parse(wranglerSetting('compatibility_flags')) as string[],
              d1Databases: Object.fromEntries(
                Array.from({ length: D1_SLOTS }, (_, i) => [`TEST_DB_${i}`, `test-db-${i}`]),
              ),
              bindings: {
                TEST_DB_SLOTS: D1_SLOTS,
                TEST_MIGRATIONS: await readD1Migrations(`${root}drizzle/migrations`),
              },
            },
          })),
        ],
        test: {
          name: 'edge-api:d1',
          root: './edge-api',
          include: [EDGE_TESTS],
          exclude: filesNotOn('d1'),
          testTimeout: 30000,
          setupFiles: SETUP,
          provide: { testDatabase: 'd1' },
        },
      },
      {
        test: {
          name: 'tooling',
          root: '.',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          setupFiles: SETUP,
        },
      },
      {
        test: {
          name: 'operator-desktop',
          root: './operator-desktop',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: SETUP,
        },
      },
    ],
  },
});
