import cluster, { type Worker } from 'node:cluster';

/**
 * Several server processes behind one port (node:cluster): the primary forks them, the kernel's connections
 * are handed out round-robin, and every process runs the whole app on its own event loop and its own
 * database connection (SQLite's WAL lets them read in parallel; writes queue on its lock). Used by the Node
 * entry in production (one process per core) and by the benchmark's bare-Hono yardstick, so both are served
 * the same way.
 */

type Listening = { type: 'daily-tea:listening'; url: string };

/** Worker side: tells the primary this process accepts connections at `url`. */
export function reportListening(url: string): void {
  if (cluster.isWorker && process.send)
    process.send({ type: 'daily-tea:listening', url } satisfies Listening);
}

export type ClusterOptions = {
  processes: number;
  /** Extra environment of the i-th process (0-based); a replacement gets the same as the one it replaces. */
  envFor?: (index: number) => Record<string, string>;
  /** Called once, when every process listens. */
  onListening?: (url: string) => void;
  log?: (line: string) => void;
};

/**
 * Primary side: forks the processes (re-running this entry, which must call reportListening once serving),
 * replaces one that dies after start-up, stops everything on SIGTERM/SIGINT (each process closes gracefully)
 * and exits when the last one has. A process that dies before listening aborts the start (exit 1).
 */
export function runCluster(opts: ClusterOptions): void {
  const log = opts.log ?? ((line: string) => console.log(line));
  const indexOf = new Map<Worker, number>();
  const listening = new Set<number>();
  let started = false;
  let stopping = false;

  const fork = (index: number) => {
    const worker = cluster.fork(opts.envFor?.(index) ?? {});
    indexOf.set(worker, index);
    worker.on('message', (message: Partial<Listening>) => {
      if (message?.type !== 'daily-tea:listening' || typeof message.url !== 'string') return;
      listening.add(index);
      if (!started && listening.size === opts.processes) {
        started = true;
        opts.onListening?.(message.url);
      }
    });
  };

  const stop = (signal: NodeJS.Signals, code: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const worker of indexOf.keys()) if (!worker.isDead()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 10_000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker);
    indexOf.delete(worker);
    if (index === undefined) return;
    const crashed = signal !== null || code !== 0;
    if (!started && crashed && !stopping) {
      log(`[daily-tea] server process ${index + 1} failed to start (${signal ?? `exit ${code}`}): stopping`);
      stop('SIGTERM', 1);
    } else if (crashed && !stopping) {
      log(`[daily-tea] server process ${index + 1} died (${signal ?? `exit ${code}`}): starting a new one`);
      fork(index);
    }
    if (indexOf.size === 0) process.exit(process.exitCode ?? 0);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log(`[daily-tea] ${signal}: shutting down ${opts.processes} server processes`);
      stop(signal, 0);
    });
  }
  for (let i = 0; i < opts.processes; i++) fork(i);
}

export const isClusterWorker = () => cluster.isWorker;
