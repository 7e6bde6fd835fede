/**
 * The benchmark's yardstick: a bare Hono app with one route, served exactly like the real API
 * (@hono/node-server on 127.0.0.1, its own Node process). Every scenario is reported as a ratio to it.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.PORT ?? 0);
const app = new Hono();
app.get('/ping', (c) => c.json({ ok: true }));

const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  console.log(`ping listening on http://127.0.0.1:${info.port}`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.close(() => process.exit(0)));
