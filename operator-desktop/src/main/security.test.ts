import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAppUrlCheck } from './ipc';
import { serveRendererFile } from './renderer-files';
import {
  APP_ORIGIN,
  contentSecurityPolicy,
  guardWebContents,
  SECURE_WEB_PREFERENCES,
  type GuardedContents,
} from './security';
import { makeTempDir } from './main.test-kit';

describe('window security', () => {
  it('keeps isolation and the sandbox on and Node out of the renderer', () => {
    expect(SECURE_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
  });

  it('admits only the app itself and the configured API in the CSP', () => {
    const csp = contentSecurityPolicy('https://api.dailytea.app/base');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' https://api.dailytea.app");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('denies navigation away, new windows and webviews', () => {
    const listeners = new Map<
      string,
      (event: { preventDefault(): void; url: string }, url: string) => void
    >();
    let openHandler: ((d: { url: string }) => { action: 'deny' }) | undefined;
    const contents = {
      on: (name: string, listener: never) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => (openHandler = handler),
    } as unknown as GuardedContents;
    const openExternal = vi.fn();
    guardWebContents(contents, createAppUrlCheck(`${APP_ORIGIN}/index.html`), openExternal);

    const attempt = (name: string, url: string) => {
      const event = { preventDefault: vi.fn(), url };
      listeners.get(name)?.(event, url);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(attempt('will-navigate', 'https://evil.example/')).toBe(true);
    expect(attempt('will-redirect', 'file:///etc/passwd')).toBe(true);
    expect(attempt('will-navigate', `${APP_ORIGIN}/index.html#/settings`)).toBe(false);
    expect(attempt('will-attach-webview', 'x')).toBe(true);
    expect(openHandler?.({ url: 'https://dailytea.app' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://dailytea.app');
    expect(openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('serveRendererFile', () => {
  async function rendererDir() {
    const dir = await makeTempDir();
    const root = join(dir, 'renderer');
    await mkdir(join(root, 'assets'), { recursive: true });
    await writeFile(join(root, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(root, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(dir, 'secret.txt'), 'secret');
    return { dir, root };
  }

  it('serves files with their type and the CSP, and index.html for routes', async () => {
    const { root } = await rendererDir();
    const js = await serveRendererFile(root, `${APP_ORIGIN}/assets/app.js`, 'csp');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect(js.headers.get('content-security-policy')).toBe('csp');
    const route = await serveRendererFile(root, `${APP_ORIGIN}/settings`, 'csp');
    expect(await route.text()).toContain('<title>x</title>');
  });

  it('never answers outside the renderer folder', async () => {
    const { dir, root } = await rendererDir();
    expect((await serveRendererFile(root, `${APP_ORIGIN}/../secret.txt`, 'csp')).status).toBe(404);
    expect((await serveRendererFile(root, `${APP_ORIGIN}/%2e%2e/secret.txt`, 'csp')).status).toBe(404);
    await symlink(join(dir, 'secret.txt'), join(root, 'assets', 'link.txt'));
    expect((await serveRendererFile(root, `${APP_ORIGIN}/assets/link.txt`, 'csp')).status).toBe(404);
    expect((await serveRendererFile(root, `${APP_ORIGIN}/assets/missing.js`, 'csp')).status).toBe(404);
  });
});
