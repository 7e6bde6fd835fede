// @databases: embedded — starts a Node server and aborts a request on its socket; the error mapping itself is runtime-independent.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { startNodeServer, type RunningServer } from './node/server';

/** Client mistakes and aborts are one quiet line; real 5xx keep their stack. */
describe('logs', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-logs-'));
    server = await startNodeServer({
      PORT: String(20000 + Math.floor(Math.random() * 12000)),
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      SEED_DEMO: 'false',
      WEB_DIST: join(dir, 'no-web'),
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => vi.restoreAllMocks());

  /** Sends the head and part of a chunked body, then drops the connection. */
  const abortMidBody = (path: string) =>
    new Promise<void>((done) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{"use\r\n`,
        );
        setTimeout(() => {
          socket.destroy();
          setTimeout(done, 300);
        }, 100);
      });
    });

  it('logs a client abort as one info line, never as an unhandled error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    await abortMidBody('/api/login');
    expect(error).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]).toEqual(['[api] client aborted POST /api/login']);
  });

  it('logs a malformed body as one debug line and answers 400', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    const res = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: '{"username":',
    });
    expect(res.status).toBe(400);
    expect(error).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledTimes(1);
    expect(String(debug.mock.calls[0]![0])).toMatch(/^\[api\] 400 POST \/api\/login: /);
  });

  it('keeps the stack of a real server error and masks its message', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = createApp({
      deps: () => {
        throw new Error('database exploded');
      },
    });
    const res = await app.request('/api/health');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ message: 'Something went wrong' });
    expect(error).toHaveBeenCalledTimes(1);
    const logged = error.mock.calls[0]![1] as Error;
    expect(logged).toBeInstanceOf(Error);
    expect(logged.stack).toContain('database exploded');
  });
});
