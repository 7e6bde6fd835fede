// @databases: embedded — holds the write lock of an embedded file from a second native connection under a real Node server (the lock wait is the embedded client's).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Libsql from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer, type RunningServer } from './node/server';

/**
 * On a real server: while another connection (a second process, a script) holds SQLite's
 * write lock, requests in this process keep being served; a write waits for the lock without blocking
 * anyone, and one that cannot get it in time answers 503 with Retry-After.
 */
describe('the Node server while another connection holds the write lock', () => {
  let dir: string;
  const servers: RunningServer[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-lock-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  async function serve(name: string, extra: Record<string, string> = {}) {
    const file = join(dir, `${name}.db`);
    const server = await startNodeServer({
      PORT: String(20000 + Math.floor(Math.random() * 12000)),
      DATABASE_URL: `file:${file}`,
      SEED_DEMO: 'false',
      WEB_DIST: join(dir, 'no-web'),
      ...extra,
    });
    servers.push(server);
    const reg = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ username: `lock_${name}`, password: 'password123' }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    return { server, file, cookie };
  }

  const holdLock = (file: string) => {
    const other = new Libsql(file);
    other.exec('BEGIN IMMEDIATE');
    return () => {
      other.exec('COMMIT');
      other.close();
    };
  };

  const timed = async (url: string, init?: RequestInit) => {
    const started = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started, res };
  };

  it('answers health and player reads in < 100 ms during a 3 s hold; the waiting write lands after', async () => {
    const { server, file, cookie } = await serve('hold');
    const release = holdLock(file);
    const releaseAt = performance.now() + 3000;
    const timer = setTimeout(release, 3000);
    try {
      const write = timed(`${server.url}/api/profile`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
        body: JSON.stringify({
          gender: 'female',
          ageBracket: '25-34',
          raceBracket: 'black',
          country: 'Kenya',
          city: 'Nairobi',
        }),
      });
      await new Promise((r) => setTimeout(r, 200)); // the write is now waiting for the lock
      const slowest: number[] = [];
      while (performance.now() < releaseAt - 300) {
        const health = await timed(`${server.url}/api/health`);
        const user = await timed(`${server.url}/api/user`, { headers: { Cookie: cookie } });
        const daily = await timed(`${server.url}/api/daily-topics`, { headers: { Cookie: cookie } });
        expect([health.status, user.status, daily.status]).toEqual([200, 200, 200]);
        slowest.push(Math.max(health.ms, user.ms, daily.ms));
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(slowest.length).toBeGreaterThan(5);
      // Typically single-digit ms; the median is held to 100 ms and no request may wait anywhere near the
      // lock's 3 s (a blocked event loop would make every one of them wait) — the shared 2-core test
      // machine can stall any single request by a few hundred ms.
      const sorted = [...slowest].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
      expect(sorted.at(-1)).toBeLessThan(1000);
      const written = await write;
      expect(written.status).toBe(200);
      expect(written.ms).toBeGreaterThan(2500); // it waited for the lock…
      const me = (await (await fetch(`${server.url}/api/user`, { headers: { Cookie: cookie } })).json()) as {
        city: string;
      };
      expect(me.city).toBe('Nairobi'); // …and then landed
    } finally {
      clearTimeout(timer);
      if (performance.now() < releaseAt) release();
    }
  }, 20_000);

  it('answers 503 with Retry-After when the lock is not free in time, and keeps serving', async () => {
    const { server, file, cookie } = await serve('busy', { DATABASE_BUSY_TIMEOUT_MS: '300' });
    const release = holdLock(file);
    try {
      const write = await timed(`${server.url}/api/profile`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
        body: JSON.stringify({
          gender: 'male',
          ageBracket: '18-24',
          raceBracket: 'white',
          country: null,
          city: null,
        }),
      });
      expect(write.status).toBe(503);
      expect(write.res.headers.get('Retry-After')).toBe('2');
      expect(write.ms).toBeLessThan(2000);
      const body = (await fetch(`${server.url}/api/health`)).status;
      expect(body).toBe(200);
    } finally {
      release();
    }
    const again = await fetch(`${server.url}/api/profile`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Origin: server.url, Cookie: cookie },
      body: JSON.stringify({
        gender: 'male',
        ageBracket: '18-24',
        raceBracket: 'white',
        country: null,
        city: null,
      }),
    });
    expect(again.status).toBe(200);
  }, 20_000);
});
