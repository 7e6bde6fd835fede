// @databases: embedded — starts Node servers (sockets, X-Forwarded-For, HOST); the address functions are pure and the throttles run on every database in rate-limits.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer, type RunningServer } from '../node/server';
import { addressKey, nodeClientAddress } from './client-ip';

describe('nodeClientAddress', () => {
  it('ignores X-Forwarded-For without trusted proxies', () => {
    expect(nodeClientAddress('10.0.0.5', '1.2.3.4', 0)).toBe('10.0.0.5');
    expect(nodeClientAddress('10.0.0.5', undefined, 1)).toBe('10.0.0.5');
  });
  it('takes the address the outermost trusted proxy saw, whatever the client prepended', () => {
    expect(nodeClientAddress('10.0.0.5', '203.0.113.7', 1)).toBe('203.0.113.7');
    expect(nodeClientAddress('10.0.0.5', 'spoofed, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(nodeClientAddress('10.0.0.5', 'spoofed, 203.0.113.7, 10.0.0.9', 2)).toBe('203.0.113.7');
    // Fewer entries than trusted hops: the leftmost one (the request came through fewer proxies).
    expect(nodeClientAddress('10.0.0.5', '203.0.113.7', 3)).toBe('203.0.113.7');
  });
});

describe('addressKey', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and limits IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

/** Real servers: the socket address is what matters unless TRUST_PROXY says otherwise. */
describe('client address on the Node server', () => {
  let dir: string;
  const servers: RunningServer[] = [];
  const start = async (extra: Record<string, string>) => {
    const server = await startNodeServer({
      PORT: String(20000 + Math.floor(Math.random() * 12000)),
      DATABASE_URL: `file:${join(dir, `${servers.length}.db`)}`,
      SEED_DEMO: 'false',
      WEB_DIST: join(dir, 'no-web'),
      ...extra,
    });
    servers.push(server);
    return server;
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'daily-tea-ip-'));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  const wrongLogin = (server: RunningServer, forwardedFor: string) =>
    fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url, 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ username: 'someone', password: 'wrong-password' }),
    }).then((r) => r.status);

  it('ignores X-Forwarded-For by default: a client cannot pick a fresh throttle key per request', async () => {
    const server = await start({});
    for (let i = 0; i < 5; i++) expect(await wrongLogin(server, `198.51.100.${i}`)).toBe(401);
    expect(await wrongLogin(server, '198.51.100.99')).toBe(429);
  });

  it('with TRUST_PROXY=1 limits each forwarded client on its own', async () => {
    const server = await start({ TRUST_PROXY: '1' });
    for (let i = 0; i < 5; i++) expect(await wrongLogin(server, '198.51.100.1')).toBe(401);
    expect(await wrongLogin(server, '198.51.100.1')).toBe(429);
    // A client prepending a fake address is still keyed by what the proxy appended.
    expect(await wrongLogin(server, '1.1.1.1, 198.51.100.1')).toBe(429);
    expect(await wrongLogin(server, '198.51.100.2')).toBe(401);
  });

  it('listens on HOST (beyond loopback only with operator passwords of its own)', async () => {
    const server = await start({
      HOST: '0.0.0.0',
      ADMIN_PASSWORD: 'an-admin-password-of-its-own',
      MARKETING_PASSWORD: 'a-marketing-password-of-its-own',
    });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
