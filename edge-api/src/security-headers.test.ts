import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAD_SCRIPTS } from '@daily-tea/shared/head-scripts';
import { createApp } from './app';
import { securityHeaderLists, type SecurityHeaderList } from './security-headers';
import { createTestApp, type TestApp } from './test/harness';
import { expectedSecurityHeaders, securityHeadersOf } from './test/security-header-sets';

/** Security headers on every response the app makes (product.md#running). */
describe('security headers', () => {
  let t: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    production = await createTestApp({ config: { isProduction: true, secureCookies: true } });
  });
  afterAll(() => {
    t.close();
    production.close();
  });

  const common = (res: Response) => {
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  };

  it('API responses (success, 401, 404, 400) carry them, with no-store and default-src none', async () => {
    const guest = await t.guest();
    for (const res of [
      await t.request('/api/health'),
      await t.request('/api/user', { cookie: guest.cookie }),
      await t.request('/api/user'),
      await t.request('/api/no-such-route'),
      await t.request('/api/login', {
        method: 'POST',
        body: '{"x":',
        headers: { 'Content-Type': 'application/json' },
      }),
    ]) {
      common(res);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('Strict-Transport-Security')).toBeNull();
    }
  });

  it('the web app gets its own strict policy (scripts from this origin only)', async () => {
    const app = createApp({
      deps: () => t.deps,
      assets: async (c) => c.html('<!doctype html><div id="root"></div>'),
    });
    const res = await app.request('/admin');
    common(res);
    const csp = res.headers.get('Content-Security-Policy')!;
    expect(csp).toContain("default-src 'self'");
    // Its own scripts, and index.html's inline head scripts by the hash of each (shared/src/head-scripts.ts).
    const hashes = HEAD_SCRIPTS.map(
      (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    );
    expect(csp).toContain(`script-src 'self' ${hashes.join(' ')};`);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('lists exactly what the middleware adds, for the Node server to set itself (node/security-headers.ts)', async () => {
    const guest = await t.guest();
    for (const [app, secure] of [
      [t, false],
      [production, true],
    ] as const) {
      const lists = await securityHeaderLists(secure);
      const api = await app.request('/api/user', { cookie: guest.cookie });
      const added = (res: Response, list: SecurityHeaderList) =>
        Object.fromEntries([...res.headers].filter(([name]) => list.some(([n]) => n === name)));
      expect(added(api, lists.api)).toEqual(Object.fromEntries(lists.api));
      expect(Object.fromEntries(lists.api)).toMatchObject({
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
      });
      const page = await createApp({
        deps: () => app.deps,
        assets: async (c) => c.html('<p>app</p>'),
      }).request('/admin');
      expect(added(page, lists.app)).toEqual(Object.fromEntries(lists.app));
      expect(lists.app.some(([name]) => name === 'cache-control')).toBe(false);
      expect(lists.api.some(([name]) => name === 'strict-transport-security')).toBe(secure);
    }
  });

  it('API responses carry exactly the REST set, pages also the document headers (development and production)', async () => {
    for (const [app, secure] of [
      [t, false],
      [production, true],
    ] as const) {
      const guest = await app.guest();
      for (const res of [
        await app.request('/api/health'),
        await app.request('/api/user', { cookie: guest.cookie }),
        await app.request('/api/daily-topics', { cookie: guest.cookie }),
        await app.request('/api/user'),
        await app.request('/api/no-such-route'),
      ]) {
        expect(securityHeadersOf(res.headers), res.url).toEqual(expectedSecurityHeaders('api', secure));
      }
      const page = await createApp({
        deps: () => app.deps,
        assets: async (c) => c.html('<p>app</p>'),
      }).request('/admin');
      expect(securityHeadersOf(page.headers)).toEqual(expectedSecurityHeaders('page', secure));
    }
  });

  it('adds HSTS in production only', async () => {
    const res = await production.request('/api/health');
    common(res);
    expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
  });
});
