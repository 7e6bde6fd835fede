// @databases: embedded — tests the Node entry (files, processes, the web build); the API it serves runs on every database in the route tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer, type RunningServer } from './node';

describe('Node entry', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-node-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Daily Tea</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    server = await startNodeServer({
      PORT: String(20000 + Math.floor(Math.random() * 20000)),
      DATABASE_URL: `file:${join(dir, 'nested', 'folder', 'app.db')}`,
      SEED_DEMO: 'false',
      WEB_DIST: dist,
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1 and answers the API (database folder created and migrated)', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, timeZone: 'Africa/Johannesburg', dayStartHour: 9 });
    const reg = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ username: 'node_entry_user', password: 'password123' }),
    });
    expect(reg.status).toBe(201);
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(`${server.url}/api/user`, { headers: { Cookie: cookie } });
    expect(((await me.json()) as { username: string }).username).toBe('node_entry_user');
  });

  it('serves the web build with SPA fallback, and JSON 404 for unknown API paths and missing assets', async () => {
    const root = await fetch(`${server.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<title>Daily Tea</title>');
    const deep = await fetch(`${server.url}/profile-setup`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toContain('text/html');
    expect(await deep.text()).toContain('id="root"');
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(await asset.text()).toContain('console.log');
    const missingAsset = await fetch(`${server.url}/assets/missing.js`);
    expect(missingAsset.status).toBe(404);
    const api = await fetch(`${server.url}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });

  it('refuses oversize bodies with 413 whether their length is declared or streamed, and reads normal ones', async () => {
    const big = JSON.stringify({ username: 'a', password: 'x'.repeat(200_000) });
    const declared = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: 'Request body too large' });
    const bytes = new TextEncoder().encode(big);
    const streamed = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 16_384) controller.enqueue(bytes.subarray(i, i + 16_384));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const normal = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ username: 'node_entry_user', password: 'password123' }),
    });
    expect(normal.status).toBe(200);
  });
});
