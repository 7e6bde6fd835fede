import { createHash } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { HEAD_SCRIPTS } from '@daily-tea/shared/head-scripts';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import type { AppEnv } from './app-env';
import type { Deps } from './env';

/**
 * Security headers on every response (product.md#running, OWASP Secure Headers Project), through Hono's
 * secureHeaders. The web app's Content-Security-Policy admits only what the app loads: its own scripts (and the
 * page's two inline head scripts, by hash),
 * styles, workers (service worker) and manifest from this origin, images from here plus `data:`/`blob:`
 * (the inline icon, and the share-card and marketing PNGs html2canvas-pro renders and downloads), fonts
 * from here (the app uses system fonts), API calls to this origin. Styles also allow inline `style`
 * attributes and elements: React and html2canvas-pro's cloned capture document set them (scripts stay
 * strict). No framing anywhere (`frame-ancestors 'none'`, X-Frame-Options DENY). API responses get
 * `default-src 'none'` and `Cache-Control: no-store` (they carry personal data and tokens), and only the headers
 * that act on a JSON response (API_ONLY). HSTS only where cookies are Secure (production, or https on Workers).
 * The same middleware covers the static assets on Node (served through the app) and on Workers (every
 * request runs the Worker first, wrangler.toml).
 */

/**
 * index.html's two inline `<head>` scripts (colour scheme, results preloads; shared/src/head-scripts.ts), admitted by
 * the SHA-256 of their texts, hashed from the same list the build writes into the page (docs/decisions/0275-boot-path.md).
 */
const INLINE_SCRIPT_HASHES = HEAD_SCRIPTS.map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

const APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const API_CSP = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

/**
 * An API response is JSON, never a document: it carries the OWASP REST Security Cheat Sheet's set (no-store,
 * CSP `default-src 'none'; frame-ancestors 'none'`, nosniff, X-Frame-Options DENY, HSTS; Content-Type from the
 * route) plus Referrer-Policy and Cross-Origin-Resource-Policy. secureHeaders' document-only headers are left off
 * it: they act on a page a browser renders, and each one costs every API response a validated header and its
 * bytes (ADR 0308).
 */
const API_ONLY: Partial<SecureHeadersOptions> = {
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
  permissionsPolicy: {},
};

export const HSTS = 'max-age=63072000; includeSubDomains';

const common: Partial<SecureHeadersOptions> = {
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xContentTypeOptions: true,
  permissionsPolicy: { camera: false, microphone: false, geolocation: false, payment: false, usb: false },
};

function variants(options: Partial<SecureHeadersOptions>) {
  return {
    https: secureHeaders({ ...common, ...options, strictTransportSecurity: HSTS }),
    http: secureHeaders({ ...common, ...options, strictTransportSecurity: false }),
  };
}

const app = variants({ contentSecurityPolicy: APP_CSP });
const api = variants({ contentSecurityPolicy: API_CSP, ...API_ONLY });

/** The API's paths (their own policy and `no-store`); the same test on every runtime. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** Registered first in createApp, so it also covers error, 404 and asset responses. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const onApi = isApiPath(c.req.path);
  const set = onApi ? api : app;
  const apply = c.get('deps').config.secureCookies ? set.https : set.http;
  await apply(c, async () => {
    await next();
    if (onApi && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
};

export type SecurityHeaderList = readonly (readonly [name: string, value: string])[];

/**
 * What `securityHeaders` puts on a response that sets none of these headers itself, for API paths and for
 * everything else — read once from the middleware above (Hono's secureHeaders stays the one source of the
 * values), so the Node server can set them on its response object (node/security-headers.ts). Adding them
 * to each response afterwards costs a web `Headers` object, a dozen validated `set`s and a sorted copy back to
 * Node's plain headers: about half the CPU of a small API response (ADR 0134). A header the app sets itself
 * still wins there, as `Cache-Control` does here.
 */
export async function securityHeaderLists(
  secure: boolean,
): Promise<{ api: SecurityHeaderList; app: SecurityHeaderList }> {
  const probe = new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('deps', { config: { secureCookies: secure } } as Deps);
      await next();
    })
    .use('*', securityHeaders)
    .all('*', (c) => c.body(null, 204));
  const listOf = async (path: string) => [...(await probe.request(path)).headers] as [string, string][];
  return { api: await listOf('/api/probe'), app: await listOf('/probe') };
}
