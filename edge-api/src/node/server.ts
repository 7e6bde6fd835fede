import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '../app';
import { enableReadCaches } from '../db/engine/read-caches';
import { configFrom, parseEnv, type Config, type Env } from '../env';
import { withDevVapidKeys } from '../services/push/dev-vapid-keys';
import { startBackgroundJobs } from './background-jobs';
import { migrateAndSeed, openDatabase } from './database';
import { nodeSecurityHeaders } from './security-headers';
import { nodeSettings } from './settings';
import { hasWebBuild, warnNoWeb, webAssets } from './static-files';

export type RunningServer = { url: string; config: Config; close(): Promise<void> };

export type StartOptions = {
  /** Migrations and the demo seed already ran (the cluster primary does them once, before forking). */
  prepared?: boolean;
  /** Runs the guest cleanup and drop-reminder timers here (one process of a cluster does). Default true. */
  cleanup?: boolean;
};

/** A token secret for a start without SESSION_SECRET (development; a cluster's primary picks one for all). */
const randomSecret = () => randomBytes(32).toString('base64url');

/**
 * The Node entry's config: development VAPID keys filled in (generated once into `vapidKeysFile`), and a warning
 * when the reminder at the drop is off.
 */
export function nodeConfig(env: Env, vapidKeysFile: string): Config {
  const config = configFrom(withDevVapidKeys(env, vapidKeysFile), randomSecret);
  if (!config.vapid) {
    console.warn('[daily-tea] VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY not set: the reminder at the drop is off');
  }
  return config;
}

/** The host part of the URL the server prints: a wildcard address is reached through loopback. */
export function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}

/** Starts one server process from a raw environment (`process.env`, or a test's), parsed here once. */
export function startNodeServer(
  raw: Record<string, string | undefined> = process.env,
  opts: StartOptions = {},
): Promise<RunningServer> {
  return serveNode(parseEnv(raw), opts);
}

/**
 * One server process: the database opened (migrated and seeded unless `prepared`), the timers, and the app with the
 * web build on one origin — @hono/node-server's listener on a plain `http` server.
 */
export async function serveNode(env: Env, opts: StartOptions = {}): Promise<RunningServer> {
  const settings = nodeSettings(env);
  const config = opts.prepared ? configFrom(env, randomSecret) : nodeConfig(env, settings.vapidKeysFile);
  const { deps, close: closeDatabase } = await openDatabase(settings.database, config);
  enableReadCaches(deps.db);
  if (!opts.prepared) await migrateAndSeed(deps);
  const stopJobs = opts.cleanup === false ? async () => {} : startBackgroundJobs(deps);

  const hasWeb = hasWebBuild(settings.webDist);
  // A cluster's primary warns once for all its processes.
  if (!hasWeb && !opts.prepared) warnNoWeb(settings.webDist);
  const app = createApp({
    deps: () => deps,
    securityHeaders: await nodeSecurityHeaders(config.secureCookies),
    ...(hasWeb ? { assets: webAssets(settings.webDist) } : {}),
  });

  const server = createServer(getRequestListener(app.fetch, { hostname: settings.host }));
  await new Promise<void>((listening) => server.listen(settings.port, settings.host, listening));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const url = `http://${urlHost(settings.host)}:${port}`;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((done) => {
      // Requests in flight and a background job's run finish before the database closes.
      const jobsStopped = stopJobs();
      server.close(() => {
        void jobsStopped.then(() => {
          closeDatabase();
          done();
        });
      });
      // Keep-alive connections would hold close() open; idle ones can go now.
      server.closeIdleConnections();
    }));
  return { url, config, close };
}
