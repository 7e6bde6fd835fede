/**
 * The benchmark's yardstick: a bare Hono app with one route, served exactly like the real API
 * (@hono/node-server on 127.0.0.1, in as many processes as the API runs: WEB_CONCURRENCY). Every scenario is
 * reported as a ratio to it.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { isClusterWorker, reportListening, runCluster } from '@daily-tea/edge-api/tooling';

const port = Number(process.env.PORT ?? 0);
const processes = Number(process.env.WEB_CONCURRENCY ?? 1);

if (processes > 1 && !isClusterWorker()) {
  runCluster({
    processes,
    onListening: (url) => console.log(`ping listening on ${url} (${processes} processes)`),
  });
} else {
  const app = new Hono();
  app.get('/ping', (c) => c.json({ ok: true }));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
    const url = `http://127.0.0.1:${info.port}`;
    reportListening(url);
    if (!isClusterWorker()) console.log(`ping listening on ${url}`);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => server.close(() => process.exit(0)));
}
