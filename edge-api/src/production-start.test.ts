// @databases: embedded — starts the Node entry (`npm start`'s server) on database files, as an operator would.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer, type RunningServer } from './node/server';

/**
 * The production and host rules (product.md#running) against the real Node server, each item as a request from outside would make
 * it: production has no demo accounts (nor a way to get them), development passwords never listen beyond
 * loopback, and a foreign Host is answered 421 (DNS rebinding).
 */

const PRODUCTION = {
  NODE_ENV: 'production',
  ADMIN_PASSWORD: 'a-long-admin-secret',
  MARKETING_PASSWORD: 'a-long-marketing-secret',
  SESSION_SECRET: 'a-session-secret-for-the-test',
  WEB_DIST: '/nonexistent',
};
const port = () => String(20000 + Math.floor(Math.random() * 12000));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'daily-tea-prod-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function post(server: RunningServer, path: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.url },
    body: JSON.stringify(body),
  });
}

/** A GET with the Host header an attacker's page would send (fetch cannot set Host). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((ok, fail) => {
    request(url, { headers: { Host: host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => ok({ status: res.statusCode ?? 0, body }));
    })
      .on('error', fail)
      .end();
  });
}

describe('a production start', () => {
  it('refuses SEED_DEMO=true, and seeds no demo accounts by default', async () => {
    const databaseUrl = `file:${join(dir, 'fresh.db')}`;
    await expect(
      startNodeServer({ ...PRODUCTION, PORT: port(), DATABASE_URL: databaseUrl, SEED_DEMO: 'true' }),
    ).rejects.toThrow(/SEED_DEMO=true is refused with NODE_ENV=production/);
    const server = await startNodeServer({ ...PRODUCTION, PORT: port(), DATABASE_URL: databaseUrl });
    try {
      const login = await post(server, '/api/login', { username: 'demo_1', password: 'demo-password' });
      expect(login.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('removes the demo accounts an earlier development start seeded, and keeps a player who chose such a name', async () => {
    const databaseUrl = `file:${join(dir, 'seeded.db')}`;
    const dev = await startNodeServer({ PORT: port(), DATABASE_URL: databaseUrl, WEB_DIST: '/nonexistent' });
    try {
      expect((await post(dev, '/api/login', { username: 'demo_2', password: 'demo-password' })).status).toBe(
        200,
      );
      expect(
        (await post(dev, '/api/register', { username: 'demo_fan', password: 'my-own-password' })).status,
      ).toBe(201);
    } finally {
      await dev.close();
    }
    const prod = await startNodeServer({ ...PRODUCTION, PORT: port(), DATABASE_URL: databaseUrl });
    try {
      for (const username of ['demo_1', 'demo_2', 'demo_300']) {
        const res = await post(prod, '/api/login', { username, password: 'demo-password' });
        expect(res.status, username).toBe(401);
      }
      expect(
        (await post(prod, '/api/login', { username: 'demo_fan', password: 'my-own-password' })).status,
      ).toBe(200);
      // Their answers left the results with them: the admin's user list has no demo account.
      const unlock = await post(prod, '/api/admin/unlock', { password: PRODUCTION.ADMIN_PASSWORD });
      const { token } = (await unlock.json()) as { token: string };
      const users = await fetch(`${prod.url}/api/admin/users?limit=50&search=demo`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = JSON.stringify(await users.json());
      expect(body).toContain('demo_fan');
      expect(body).not.toMatch(/"demo_\d+"/);
    } finally {
      await prod.close();
    }
  }, 60_000);
});

describe('development passwords and hosts', () => {
  it('refuses to listen beyond loopback with the development passwords', async () => {
    await expect(
      startNodeServer({
        PORT: port(),
        HOST: '0.0.0.0',
        DATABASE_URL: `file:${join(dir, 'open.db')}`,
        SEED_DEMO: 'false',
      }),
    ).rejects.toThrow(/HOST=0\.0\.0\.0 .*needs ADMIN_PASSWORD/);
  });

  it('answers a rebinding Host with 421 on every path, and loopback and ALLOWED_HOSTS names', async () => {
    const server = await startNodeServer({
      PORT: port(),
      DATABASE_URL: `file:${join(dir, 'hosts.db')}`,
      SEED_DEMO: 'false',
      ALLOWED_HOSTS: 'dailytea.example',
      WEB_DIST: '/nonexistent',
    });
    try {
      const { port: p } = new URL(server.url);
      for (const path of ['/api/health', '/admin', '/api/admin/users']) {
        const res = await getWithHost(`${server.url}${path}`, `rebind.attacker.example:${p}`);
        expect(res.status, path).toBe(421);
        expect(JSON.parse(res.body)).toMatchObject({ message: expect.stringContaining('ALLOWED_HOSTS') });
      }
      for (const host of [`localhost:${p}`, `127.0.0.1:${p}`, 'dailytea.example']) {
        expect((await getWithHost(`${server.url}/api/health`, host)).status, host).toBe(200);
      }
    } finally {
      await server.close();
    }
  });
});
