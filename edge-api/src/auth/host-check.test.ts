import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { hostNameOf, MISDIRECTED_HOST } from './host-check.middleware';

/** DNS rebinding (product.md#running): only loopback names and ALLOWED_HOSTS are answered; the same app runs on Workers. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({
    config: { allowedHosts: ['localhost', '127.0.0.1', '[::1]', 'dailytea.example'] },
  });
});
afterEach(() => t.close());

const withHost = (host: string, path = '/api/health', init: RequestInit = {}) =>
  t.app.request(`http://${host}${path}`, { ...init, headers: { Host: host, ...init.headers } });

describe('Host check', () => {
  it('answers 421 {message} for a foreign Host, on the API, the operator unlock and any other path', async () => {
    for (const [path, init] of [
      ['/api/health', {}],
      ['/admin', {}],
      [
        '/api/admin/unlock',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://rebind.attacker.example:8787' },
          body: JSON.stringify({ password: 'admin-dev' }),
        },
      ],
    ] as const) {
      const res = await withHost('rebind.attacker.example:8787', path, init);
      expect(res.status, path).toBe(421);
      expect(await res.json()).toMatchObject({ message: MISDIRECTED_HOST });
    }
  });

  it('answers loopback names with any port, and the configured host names', async () => {
    for (const host of ['localhost:8787', '127.0.0.1:8787', '[::1]:8787', 'LOCALHOST', 'dailytea.example']) {
      expect((await withHost(host)).status, host).toBe(200);
    }
    // Neither a longer name ending in an allowed one nor an allowed name's subdomain.
    for (const host of ['evil-dailytea.example', 'www.dailytea.example', 'localhost.attacker.example']) {
      expect((await withHost(host)).status, host).toBe(421);
    }
  });

  it('reads the host name of a Host value', () => {
    expect(hostNameOf('Example.COM:443')).toBe('example.com');
    expect(hostNameOf('[::1]:8787')).toBe('[::1]');
    expect(hostNameOf('localhost.')).toBe('localhost');
  });
});
