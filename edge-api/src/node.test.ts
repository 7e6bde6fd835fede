// @databases: embedded — tests the Node entry (files, processes, the web build); the API it serves runs on every database in the route tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { get, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer, type RunningServer } from './node/server';
import { securityHeaderLists, type SecurityHeaderList } from './security-headers';
import { expectedSecurityHeaders, securityHeadersOf } from './test/security-header-sets';

/** A GET that leaves the body as sent (fetch would decode Content-Encoding). */
function raw(url: string, acceptEncoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((ok, fail) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', fail);
  });
}

describe('Node entry', () => {
  let dir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-node-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Daily Tea</title><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
    // A precompressed build (player-web/vite.config.ts `precompress`): .br and .gz beside each file.
    const big = `console.log(${JSON.stringify('tea '.repeat(500))})`;
    for (const [file, body] of [
      [join(dist, 'assets', 'vendor-def456.js'), big],
      [join(dist, 'index.html'), '<!doctype html><title>Daily Tea</title><div id="root"></div>'],
      [join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})'],
    ] as const) {
      writeFileSync(file, body);
      writeFileSync(`${file}.br`, brotliCompressSync(body));
      writeFileSync(`${file}.gz`, gzipSync(body));
    }
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Daily Tea"}');
    writeFileSync(join(dist, '_headers'), '/assets/*\n  Cache-Control: immutable');
    server = await startNodeServer({
      PORT: String(20000 + Math.floor(Math.random() * 12000)),
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
    expect(await api.json()).toMatchObject({ message: 'Not found' });
  });

  it('serves precompressed brotli or gzip by Accept-Encoding, with Vary, Content-Type and the cache policy', async () => {
    const url = `${server.url}/assets/vendor-def456.js`;
    const br = await raw(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toContain('tea tea');
    expect(br.body.byteLength).toBeLessThan(200);

    const gz = await raw(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('tea tea');

    const plain = await raw(url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString().length).toBeGreaterThan(2000);

    // index.html (and every client route that falls back to it): compressed, always revalidated.
    for (const path of ['/', '/topics/abc/results']) {
      const page = await raw(`${server.url}${path}`, 'br');
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.body).toString()).toContain('id="root"');
    }
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toContain('javascript');
    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');

    // Precompressed files by name and Workers' config file are not part of the site.
    expect((await fetch(`${server.url}/assets/vendor-def456.js.br`)).status).toBe(404);
    expect((await fetch(`${server.url}/_headers`)).status).toBe(404);
  });

  it('sets the security headers on every response itself, as the middleware would (API: no-store; assets keep their cache policy)', async () => {
    const lists = await securityHeaderLists(false);
    const expectAll = (res: Response, list: SecurityHeaderList) => {
      for (const [name, value] of list) expect(res.headers.get(name), name).toBe(value);
    };
    const signedOut = await fetch(`${server.url}/api/user`);
    expect(signedOut.status).toBe(401);
    for (const res of [
      await fetch(`${server.url}/api/health`),
      signedOut,
      await fetch(`${server.url}/api/does-not-exist?x=1`),
    ]) {
      expectAll(res, lists.api);
      expect(securityHeadersOf(res.headers)).toEqual(expectedSecurityHeaders('api', false));
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const page = await fetch(`${server.url}/profile-setup?from=mail`);
    expectAll(page, lists.app);
    expect(securityHeadersOf(page.headers)).toEqual(expectedSecurityHeaders('page', false));
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Each header once, whatever the app also wrote.
    const { headers } = await raw(`${server.url}/api/health`, 'identity');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
  });

  it("picks the API's or the app's headers by the path Hono reads (query left out, /apis is not the API)", async () => {
    const apiPolicy = "default-src 'none'; frame-ancestors 'none'";
    const api = await fetch(`${server.url}/api?x=1`);
    expect(api.headers.get('content-security-policy')).toBe(apiPolicy);
    const notApi = await fetch(`${server.url}/apis`);
    expect(notApi.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('refuses oversize bodies with 413 whether their length is declared or streamed, and reads normal ones', async () => {
    const big = JSON.stringify({ username: 'a', password: 'x'.repeat(200_000) });
    const declared = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ message: 'Request body too large' });
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
