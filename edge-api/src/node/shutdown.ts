import { isClusterWorker } from './cluster';

/**
 * Stops the server gracefully on SIGTERM/SIGINT (or, in a cluster, when the primary goes away): `close` lets
 * requests in flight finish and closes the database; a close that hangs is cut after 10 s (exit 1).
 */
export function closeOnSignals(close: () => Promise<void>): void {
  let stopping = false;
  const shutdown = (why: string) => {
    if (stopping) return;
    stopping = true;
    if (!isClusterWorker()) console.log(`[daily-tea] ${why}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  if (isClusterWorker()) process.once('disconnect', () => shutdown('primary gone'));
}
