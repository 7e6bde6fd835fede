import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Env } from '../env';

/** What the Node entry reads from the environment (parsed once, env.ts), with its defaults resolved. */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const WEB_DIST = join(REPO_ROOT, 'player-web', 'dist');
/** DESIGN's `file:data/app.db`, anchored at the repository root whichever folder the process starts in. */
export const DEFAULT_DATABASE_URL = `file:${join(REPO_ROOT, 'data', 'app.db')}`;
/** Development VAPID keys, generated once (git-ignored like the development database). */
export const DEV_VAPID_KEYS_FILE = join(REPO_ROOT, 'data', 'vapid-dev-keys.json');

export type NodeSettings = {
  port: number;
  host: string;
  database: { url: string; authToken: string | undefined; busyTimeoutMs: number };
  /** The web build folder (served when it has an index.html). */
  webDist: string;
  vapidKeysFile: string;
};

export function nodeSettings(env: Env): NodeSettings {
  return {
    port: env.PORT,
    host: env.HOST,
    database: {
      url: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
      authToken: env.DATABASE_AUTH_TOKEN,
      busyTimeoutMs: env.DATABASE_BUSY_TIMEOUT_MS,
    },
    webDist: env.WEB_DIST ?? WEB_DIST,
    vapidKeysFile: env.VAPID_KEYS_FILE ?? DEV_VAPID_KEYS_FILE,
  };
}

/** In-memory databases are private to a process, so they always get exactly one. */
function isMemoryDatabase(url: string): boolean {
  return (
    url === ':memory:' || url.startsWith('file::memory:') || url === 'file:' || url.includes('mode=memory')
  );
}

/**
 * Server processes of `npm start`: WEB_CONCURRENCY when set; otherwise one per core in production (each
 * process is one event loop — one core — and SQLite serves them all from one file) and one in development.
 */
export function serverProcessCount(env: Env, cores = availableParallelism()): number {
  if (isMemoryDatabase(env.DATABASE_URL ?? DEFAULT_DATABASE_URL)) return 1;
  return env.WEB_CONCURRENCY ?? (env.NODE_ENV === 'production' ? cores : 1);
}
