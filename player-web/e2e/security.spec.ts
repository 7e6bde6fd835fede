/**
 * Security headers as a browser meets them: the real `npm start` server's pages, assets and API
 * carry the CSP and its companions, the app runs under that CSP without a violation (newPage collects
 * them), and a page on another origin cannot frame the app.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, startServer, type TestServer } from './fixtures';

describe('security headers', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const expectHeaders = (res: Response) => {
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  };

  it('are on the page, its hashed assets and the API (no-store there)', async () => {
    const page = await fetch(`${server.baseUrl}/`);
    expectHeaders(page);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    // The page's inline head scripts (colour scheme, results preloads: ADR 0275), each admitted by its hash.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(2);
    for (const script of inline)
      expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    const asset = /(?:src|href)="(\/assets\/[^"]+)"/.exec(html)?.[1];
    expect(asset, 'index.html references a hashed asset').toBeDefined();
    const assetRes = await fetch(`${server.baseUrl}${asset}`);
    expect(assetRes.status).toBe(200);
    expectHeaders(assetRes);
    for (const path of ['/api/health', '/api/user', '/admin']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      expectHeaders(res);
      if (path.startsWith('/api/')) expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('lets the app run without a CSP violation and refuses a cross-origin frame', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page.waitForURL(/\/profile-setup$/);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(page.errors).toEqual([]);

    // Another origin (fulfilled by the browser itself) frames /admin: the frame must stay empty.
    const framer = 'http://framer.example/';
    await page.route(framer, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>framer</title><iframe id="victim" src="${server.baseUrl}/admin"></iframe>`,
      }),
    );
    await page.goto(framer);
    const victim = page.frameLocator('#victim');
    // Control: a frame the browser may show renders; the app's frame does not.
    await page.evaluate(() => {
      const control = document.createElement('iframe');
      control.id = 'control';
      control.srcdoc = '<h1>allowed</h1>';
      document.body.append(control);
    });
    await page.frameLocator('#control').getByRole('heading', { name: 'allowed' }).waitFor();
    await page.waitForTimeout(1500);
    const frame = page
      .frames()
      .find((f) => f.name() === '' && f !== page.mainFrame() && f.url() !== 'about:srcdoc');
    // Chromium replaces a frame refused by frame-ancestors with its error page.
    expect(frame?.url()).toBe('chrome-error://chromewebdata/');
    expect(await victim.getByRole('heading', { name: 'Admin Access Required' }).count()).toBe(0);
    await page.context().close();
  });
});
