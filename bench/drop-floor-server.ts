/**
 * The drop's floor (bench/drop.ts `runDropFloor`): a server that answers each call of the 9 AM drop at once with
 * the reply the real API gave it (status, headers and body recorded from one player-day: DROP_RECORDING, a JSON
 * file) — no session, no validation, no database. Served exactly like the real API and the ping yardstick
 * (@hono/node-server on 127.0.0.1, in WEB_CONCURRENCY processes), so what it costs per player-day is what the
 * API spends before it does any of its own work.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { isClusterWorker, reportListening, runCluster } from '@daily-tea/edge-api/tooling';
import type { DropRecording } from './drop';

const port = Number(process.env.PORT ?? 0);
const processes = Number(process.env.WEB_CONCURRENCY ?? 1);

if (processes > 1 && !isClusterWorker()) {
  runCluster({
    processes,
    onListening: (url) => console.log(`drop floor listening on ${url} (${processes} processes)`),
  });
} else {
  const recording = JSON.parse(readFileSync(process.env.DROP_RECORDING!, 'utf8')) as DropRecording;
  const replay = (name: string) => {
    const reply = recording[name];
    if (!reply) throw new Error(`the recording has no reply for ${name}`);
    // A plain object of headers: @hono/node-server writes it to the socket as it is (as node.ts does its headers).
    const headers: Record<string, string | string[]> = {};
    for (const [header, value] of reply.headers) {
      const seen = headers[header];
      headers[header] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
    }
    return async (c: Context) => {
      // The API reads every body it is sent; so does the floor (it parses nothing).
      if (c.req.method !== 'GET') await c.req.text();
      // Node's writeHead takes the object as it is; an array value repeats its header (Set-Cookie).
      return new Response(reply.body, { status: reply.status, headers: headers as unknown as HeadersInit });
    };
  };
  const app = new Hono();
  app.post('/api/guest-login', replay('POST /api/guest-login'));
  app.get('/api/user', replay('GET /api/user'));
  app.put('/api/profile', replay('PUT /api/profile'));
  app.get('/api/daily-topics', replay('GET /api/daily-topics'));
  app.post('/api/select-topic', replay('POST /api/select-topic'));
  app.post('/api/answers', replay('POST /api/answers'));
  app.get('/api/questions/:id/results', replay('GET /api/questions/:id/results'));
  app.get('/api/user/badges', replay('GET /api/user/badges'));
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
    const url = `http://127.0.0.1:${info.port}`;
    reportListening(url);
    if (!isClusterWorker()) console.log(`drop floor listening on ${url}`);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => server.close(() => process.exit(0)));
}
