import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { entryPreloadLink } from '../entry-preload';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files the build precompresses (player-web/vite.config.ts `precompress`): they vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)(?:\.br|\.gz)?$/;

/**
 * Cache policy of the web build. Hashed files under /assets never change: a year, immutable. Icons are not
 * hashed but rarely change: a day. Everything else — index.html, the service worker (which must be checked
 * on every load so a deploy reaches players), the manifest — is revalidated every time.
 */
export function webCacheControl(path: string): string {
  if (/[\\/]assets[\\/]/.test(path)) return IMMUTABLE;
  if (/[\\/]icons[\\/]/.test(path)) return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * The web build with SPA fallback, served like a production web app: a file that exists is served with its
 * Content-Type and cache policy (`webCacheControl`), as the brotli or gzip file the build wrote beside it
 * when the request accepts one (Content-Encoding + Vary: Accept-Encoding); any other path without a file
 * extension gets index.html so client routes survive a reload; a missing asset, a precompressed file asked
 * for by name and dotfiles/Workers config files (`.assetsignore`, `_headers`) fall through to the JSON 404.
 */
export function webAssets(distDir: string): MiddlewareHandler<AppEnv> {
  const onFound = (path: string, c: Context<AppEnv>) => {
    c.header('Cache-Control', webCacheControl(path));
    if (COMPRESSIBLE.test(path)) c.header('Vary', 'Accept-Encoding');
  };
  const files = serveStatic<AppEnv>({ root: distDir, precompressed: true, onFound });
  const index = serveStatic<AppEnv>({ root: distDir, path: 'index.html', precompressed: true, onFound });
  return async (c, next) => {
    const { path } = c.req;
    if (/\.(?:br|gz)$/i.test(path) || /\/[._]/.test(path)) return next();
    const served = await files(c, async () => {});
    if (served) return served;
    if (/\.[a-z0-9]+$/i.test(path)) return next();
    const preload = entryPreloadLink(path);
    if (preload) c.header('Link', preload);
    return index(c, next);
  };
}

/** Whether `webDist` holds a build to serve; the API runs without one. */
export function hasWebBuild(webDist: string): boolean {
  return existsSync(join(webDist, 'index.html'));
}

export function warnNoWeb(webDist: string): void {
  console.warn(`[daily-tea] ${webDist} has no index.html: serving the API only (run "npm run build")`);
}
