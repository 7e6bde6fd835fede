import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { createApp } from './app';
import { isClusterWorker, reportListening, runCluster } from './cluster';
import { createLibsqlDatabase, tuneEmbeddedDatabase } from './db/client';
import { migrateLibsql } from './db/migrate';
import { enableReadCaches } from './db/engine/read-caches';
import { buildConfig, EnvSchema, type Deps } from './env';
import { removeDemoAccounts } from './seed/demo-accounts';
import { seedDemo } from './seed/demo-seed';
import { isApiPath, securityHeaderLists, type SecurityHeaderList } from './security-headers';
import { startupGuide } from './startup-guide';
import { startCleanupTimer } from './services/cleanup';
import { withDevVapidKeys } from './services/push/dev-vapid-keys';
import { startReminderTimer } from './services/push/drop-reminders';

/** Node entry (product.md#running): parse env once, migrate, seed, serve the API and the web build on one origin. */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST = join(REPO_ROOT, 'player-web', 'dist');
/** DESIGN's `file:data/app.db`, anchored at the repository root whichever folder the process starts in. */
export const DEFAULT_DATABASE_URL = `file:${join(REPO_ROOT, 'data', 'app.db')}`;
/** Development VAPID keys, generated once (git-ignored like the development database). */
export const DEV_VAPID_KEYS_FILE = join(REPO_ROOT, 'data', 'vapid-dev-keys.json');

/** Embedded databases need their folder; remote URLs (libsql://, https://) need nothing. */
export function ensureDatabaseFolder(url: string): void {
  if (!url.startsWith('file:')) return;
  const path = url.startsWith('file://')
    ? fileURLToPath(url.split('?')[0]!)
    : url.slice('file:'.length).split('?')[0]!;
  if (path === ':memory:' || path === '') return;
  mkdirSync(dirname(resolve(path)), { recursive: true });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files the build precompresses (player-web/vite.config.ts `precompress`): they vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)(?:\.br|\.gz)?$/;

/**
 * Cache policy of the web build. Hashed files under /assets never change: a year, immutable. Icons are not
 * hashed but rarely change: a day. Everything else — index.html, the service worker (which must be checked
 * on every load so a deploy reaches players), the manifest — is revalidated every time.
 */
export function webCacheControl(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (/[\\/]icons[\\/]/.test(path)) return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * The web build with SPA fallback, served like a production web app: a file that exists is served with its
 * Content-Type and cache policy (`webCacheControl`), as the brotli or gzip file the build wrote beside it
 * when the request accepts one (Content-Encoding + Vary: Accept-Encoding); any other path without a file
 * extension gets index.html so client routes survive a reload; a missing asset, a precompressed file asked
 * for by name and dotfiles/Workers config files (`.assetsignore`, `_headers`) fall through to the JSON 404.
 */
export function webAssets(distDir: string): MiddlewareHandler<AppEnv> {
  const onFound = (path: string, c: Context<AppEnv>) => {
    c.header('Cache-Control', webCacheControl(path));
    if (COMPRESSIBLE.test(path)) c.header('Vary', 'Accept-Encoding');
  };
  const files = serveStatic<AppEnv>({ root: distDir, precompressed: true, onFound });
  const index = serveStatic<AppEnv>({ root: distDir, path: 'index.html', precompressed: true, onFound });
  return async (c, next) => {
    const { path } = c.req;
    if (/\.(?:br|gz)$/i.test(path) || /\/[._]/.test(path)) return next();
    const served = await files(c, async () => {});
    if (served) return served;
    if (/\.[a-z0-9]+$/i.test(path)) return next();
    return index(c, next);
  };
}

/** The path of a request target as Hono sees it: origin-form up to the query, absolute-form through URL. */
export function requestPath(target: string): string {
  if (target.startsWith('/')) {
    const query = target.indexOf('?');
    return query < 0 ? target : target.slice(0, query);
  }
  try {
    return new URL(target).pathname;
  } catch {
    return target;
  }
}

/**
 * Sets the security headers (security-headers.ts, read once from the Hono middleware) on Node's response
 * object before the app handles the request, replacing the middleware on this entry: Node writes them with the
 * app's own headers, which win where the app sets one (`Cache-Control` of an asset). Every response of this
 * server carries them, including a 500 the adapter writes itself.
 */
export function presetSecurityHeaders(lists: { api: SecurityHeaderList; app: SecurityHeaderList }) {
  return (listener: RequestListener): RequestListener =>
    (req, res) => {
      const list = isApiPath(requestPath(req.url ?? '/')) ? lists.api : lists.app;
      for (const [name, value] of list) res.setHeader(name, value);
      return listener(req, res);
    };
}

export type RunningServer = { url: string; close(): Promise<void> };

/** The host part of the URL the server prints: a wildcard address is reached through loopback. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

function warnNoWeb(webDist: string): void {
  console.warn(`[daily-tea] ${webDist} has no index.html: serving the API only (run "npm run build")`);
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
export function serverProcessCount(
  env: Record<string, string | undefined>,
  cores = availableParallelism(),
): number {
  const parsed = EnvSchema.parse(env);
  if (isMemoryDatabase(parsed.DATABASE_URL ?? DEFAULT_DATABASE_URL)) return 1;
  return parsed.WEB_CONCURRENCY ?? (parsed.NODE_ENV === 'production' ? cores : 1);
}

export type StartOptions = {
  /** Migrations and the demo seed already ran (the cluster primary does them once, before forking). */
  prepared?: boolean;
  /** Runs the guest cleanup and drop-reminder timers here (one process of a cluster does). Default true. */
  cleanup?: boolean;
};

/** The configured database, opened (its folder created) and tuned. */
async function openDatabase(env: Record<string, string | undefined>, config: Deps['config']) {
  const parsed = EnvSchema.parse(env);
  const databaseUrl = parsed.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  ensureDatabaseFolder(databaseUrl);
  const database = createLibsqlDatabase(databaseUrl, parsed.DATABASE_AUTH_TOKEN, {
    busyTimeoutMs: parsed.DATABASE_BUSY_TIMEOUT_MS,
  });
  const deps: Deps = { db: database.db, config, now: () => new Date(), background: () => undefined };
  await tuneEmbeddedDatabase(deps.db, databaseUrl);
  return { deps, close: database.close, port: parsed.PORT, host: parsed.HOST };
}

async function migrateAndSeed(deps: Deps): Promise<void> {
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

/** Migrates and seeds the database once, before any server process starts. */
async function prepareDatabase(
  env: Record<string, string | undefined>,
  config: Deps['config'],
): Promise<void> {
  const { deps, close } = await openDatabase(env, config);
  try {
    await migrateAndSeed(deps);
  } finally {
    close();
  }
}

/** Prints where to go and who to sign in as (startup-guide.ts); a failure here never stops the server. */
async function printStartupGuide(env: Record<string, string | undefined>, url: string): Promise<void> {
  try {
    const config = buildConfig(env, () => 'unused');
    const { deps, close } = await openDatabase(env, config);
    try {
      console.log(`\n${(await startupGuide(deps, url)).join('\n')}\n`);
    } finally {
      close();
    }
  } catch (err) {
    console.warn('[daily-tea] could not read the demo status:', err instanceof Error ? err.message : err);
  }
}

/** `env.WEB_DIST` overrides the web build folder (tests). */
export async function startNodeServer(
  env: Record<string, string | undefined> = process.env,
  opts: StartOptions = {},
): Promise<RunningServer> {
  const config = buildConfig(
    opts.prepared ? env : withDevVapidKeys(env, env.VAPID_KEYS_FILE ?? DEV_VAPID_KEYS_FILE),
    () => randomBytes(32).toString('base64url'),
  );
  const { deps, close: closeDatabase, port: configuredPort, host } = await openDatabase(env, config);
  enableReadCaches(deps.db);
  if (!opts.prepared) await migrateAndSeed(deps);
  const stopCleanup = opts.cleanup === false ? () => {} : startCleanupTimer(deps);
  const stopReminders = opts.cleanup === false ? () => {} : startReminderTimer(deps);
  if (!config.vapid && !opts.prepared) {
    console.warn('[daily-tea] VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY not set: the reminder at the drop is off');
  }

  const webDist = env.WEB_DIST ?? WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  // A cluster's primary warns once for all its processes.
  if (!hasWeb && !opts.prepared) warnNoWeb(webDist);
  const app = createApp({
    deps: () => deps,
    presetSecurityHeaders: true,
    ...(hasWeb ? { assets: webAssets(webDist) } : {}),
  });
  const withSecurityHeaders = presetSecurityHeaders(await securityHeaderLists(config.secureCookies));

  // serve() of @hono/node-server, with the headers set before its listener runs.
  const server: ServerType = createServer(
    withSecurityHeaders(getRequestListener(app.fetch, { hostname: host })),
  );
  await new Promise<void>((listening) => server.listen(configuredPort, host, listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : configuredPort;
  const url = `http://${urlHost(host)}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((done) => {
      stopCleanup();
      stopReminders();
      server.close(() => {
        closeDatabase();
        done();
      });
      // Keep-alive connections would hold close() open; idle ones can go now.
      (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    }));
  return { url, close };
}

/** Serves in this process until SIGTERM/SIGINT (or, in a cluster, until the primary goes away). */
async function serveHere(opts: StartOptions): Promise<RunningServer> {
  const running = await startNodeServer(process.env, opts);
  let stopping = false;
  const shutdown = (why: string) => {
    if (stopping) return;
    stopping = true;
    if (!isClusterWorker()) console.log(`[daily-tea] ${why}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  if (isClusterWorker()) process.once('disconnect', () => shutdown('primary gone'));
  return running;
}

async function main() {
  if (isClusterWorker()) {
    const running = await serveHere({
      prepared: process.env.DAILY_TEA_PREPARED === '1',
      cleanup: process.env.DAILY_TEA_CLEANUP === '1',
    });
    reportListening(running.url);
    return;
  }
  const processes = serverProcessCount(process.env);
  if (processes === 1) {
    const running = await serveHere({});
    console.log(`Daily Tea is running at ${running.url}`);
    await printStartupGuide(process.env, running.url);
    return;
  }
  // Cluster primary: validate the environment, pick the one token secret every process shares (operator
  // tokens must verify whichever process a request reaches), migrate and seed once, then fork.
  const env = withDevVapidKeys(process.env, process.env.VAPID_KEYS_FILE ?? DEV_VAPID_KEYS_FILE);
  const config = buildConfig(env, () => randomBytes(32).toString('base64url'));
  if (!config.vapid)
    console.warn('[daily-tea] VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY not set: the reminder at the drop is off');
  await prepareDatabase(env, config);
  const webDist = process.env.WEB_DIST ?? WEB_DIST;
  if (!existsSync(join(webDist, 'index.html'))) warnNoWeb(webDist);
  runCluster({
    processes,
    envFor: (index) => ({
      SESSION_SECRET: config.sessionSecret,
      // Every process signs with the same VAPID keys (generated once in development).
      ...(config.vapid
        ? { VAPID_PUBLIC_KEY: config.vapid.publicKey, VAPID_PRIVATE_KEY: config.vapid.privateKey }
        : {}),
      DAILY_TEA_PREPARED: '1',
      DAILY_TEA_CLEANUP: index === 0 ? '1' : '0',
    }),
    onListening: (url) => {
      console.log(`Daily Tea is running at ${url} (${processes} server processes)`);
      void printStartupGuide(process.env, url);
    },
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error('[daily-tea] failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
