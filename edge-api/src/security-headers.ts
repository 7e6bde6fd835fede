import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
import type { AppEnv } from './app-env';

/**
 * Security headers on every response (DESIGN §2, OWASP Secure Headers Project), through Hono's
 * secureHeaders. The web app's Content-Security-Policy admits only what the app loads: its own scripts,
 * styles, workers (service worker) and manifest from this origin, images from here plus `data:`/`blob:`
 * (the inline icon, and the share-card and marketing PNGs html2canvas-pro renders and downloads), fonts
 * from here (the app uses system fonts), API calls to this origin. Styles also allow inline `style`
 * attributes and elements: React and html2canvas-pro's cloned capture document set them (scripts stay
 * strict). No framing anywhere (`frame-ancestors 'none'`, X-Frame-Options DENY). API responses get
 * `default-src 'none'` and `Cache-Control: no-store` (they carry personal data and tokens).
 * HSTS only where cookies are Secure (production, or https on Workers).
 * The same middleware covers the static assets on Node (served through the app) and on Workers (every
 * request runs the Worker first, wrangler.toml).
 */

const APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
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

export const HSTS = 'max-age=63072000; includeSubDomains';

const common: Partial<SecureHeadersOptions> = {
  xFrameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  xContentTypeOptions: true,
  permissionsPolicy: { camera: false, microphone: false, geolocation: false, payment: false, usb: false },
};

function variants(csp: typeof APP_CSP | typeof API_CSP) {
  return {
    https: secureHeaders({ ...common, contentSecurityPolicy: csp, strictTransportSecurity: HSTS }),
    http: secureHeaders({ ...common, contentSecurityPolicy: csp, strictTransportSecurity: false }),
  };
}

const app = variants(APP_CSP);
const api = variants(API_CSP);

const isApi = (path: string) => path === '/api' || path.startsWith('/api/');

/** Registered first in createApp, so it also covers error, 404 and asset responses. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const onApi = isApi(c.req.path);
  const set = onApi ? api : app;
  const apply = c.var.deps.config.secureCookies ? set.https : set.http;
  await apply(c, async () => {
    await next();
    if (onApi && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
};
