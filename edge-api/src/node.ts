import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from './env';
import { isClusterWorker, reportListening, runCluster } from './node/cluster';
import { migrateAndSeed, withDatabase } from './node/database';
import { serveNode, nodeConfig } from './node/server';
import { nodeSettings, serverProcessCount } from './node/settings';
import { closeOnSignals } from './node/shutdown';
import { printStartupGuide } from './node/startup-guide';
import { hasWebBuild, warnNoWeb } from './node/static-files';

/**
 * Node entry (product.md#running): the environment parsed once, then one server process — or, with several
 * (WEB_CONCURRENCY, one per core in production), a cluster primary that migrates and seeds once and forks them.
 * Each job is a module of ./node: settings, database, server, security headers, static files, cluster, shutdown
 * and the start-up guide.
 */
async function main() {
  const env = parseEnv(process.env);
  if (isClusterWorker()) {
    const running = await serveNode(env, {
      prepared: env.DAILY_TEA_PREPARED,
      cleanup: env.DAILY_TEA_CLEANUP,
    });
    closeOnSignals(running.close);
    reportListening(running.url);
    return;
  }
  const settings = nodeSettings(env);
  const processes = serverProcessCount(env);
  if (processes === 1) {
    const running = await serveNode(env);
    closeOnSignals(running.close);
    console.log(`Daily Tea is running at ${running.url}`);
    await printStartupGuide(settings.database, running.config, running.url);
    return;
  }
  // Cluster primary: validate the environment, pick the one token secret every process shares (operator
  // tokens must verify whichever process a request reaches), migrate and seed once, then fork.
  const config = nodeConfig(env, settings.vapidKeysFile);
  await withDatabase(settings.database, config, migrateAndSeed);
  if (!hasWebBuild(settings.webDist)) warnNoWeb(settings.webDist);
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
      void printStartupGuide(settings.database, config, url);
    },
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error('[daily-tea] failed to start:', err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
