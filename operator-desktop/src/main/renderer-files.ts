/**
 * Serves the built renderer over app://daily-tea. Only files inside the renderer folder are ever answered
 * (no `..` escapes, no symlinks out), every response carries the Content-Security-Policy, and unknown paths
 * fall back to index.html so the console's client-side routes survive a reload.
 */
import { readFile, realpath } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { isInside } from './export-writer';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export async function serveRendererFile(rootDir: string, requestUrl: string, csp: string): Promise<Response> {
  const headers = (type: string) => ({
    'content-type': type,
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  });
  const root = await realpath(rootDir);
  const pathname = decodeURIComponent(new URL(requestUrl).pathname);
  const wanted = normalize(join(root, pathname));
  const candidates = extname(pathname) === '' ? [join(root, 'index.html')] : [wanted];
  for (const candidate of candidates) {
    try {
      const real = await realpath(candidate);
      if (!isInside(root, real)) break;
      const body = await readFile(real);
      return new Response(body, {
        status: 200,
        headers: headers(CONTENT_TYPES[extname(real)] ?? 'application/octet-stream'),
      });
    } catch {
      // Missing files fall through to the 404 below.
    }
  }
  return new Response('Not found', { status: 404, headers: headers('text/plain; charset=utf-8') });
}
