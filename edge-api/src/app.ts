import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { AppEnv } from './app-env';
import { hostCheck } from './auth/host-check.middleware';
import { originCheck } from './auth/origin.middleware';
import { sessionMiddleware } from './auth/session.middleware';
import type { Deps } from './env';
import { errorBody, handleError } from './errors';
import { MatchCacheRouter } from './match-cache-router';
import { adminRoutes } from './routes/admin/index';
import { authRoutes } from './routes/auth.routes';
import { healthRoutes } from './routes/health.routes';
import { methodologyRoutes } from './routes/methodology.routes';
import { marketingRoutes } from './routes/marketing.routes';
import { playerRoutes } from './routes/player/index';
import { securityHeaders } from './security-headers';

/** Largest accepted request body; every real payload (answers, schedules, imports) is far smaller. */
export const MAX_BODY_BYTES = 64 * 1024;

export type CreateAppOptions = {
  /** Services for this request: built once per process on Node, per request on Workers. */
  deps: (c: Context<AppEnv>) => Deps | Promise<Deps>;
  /** Serves the web build for non-/api GETs (Node); Workers serve assets before the app runs. */
  assets?: MiddlewareHandler<AppEnv>;
  /**
   * Replaces the `securityHeaders` middleware with the runtime's own way of setting the same headers, registered
   * first (Node: node/security-headers.ts sets them on its response object). Workers and tests use the middleware.
   */
  securityHeaders?: MiddlewareHandler<AppEnv>;
};

/** CORS for the bearer-token routes only, admitting the desktop console's (and configured) origins. */
const operatorCors: MiddlewareHandler<AppEnv> = cors({
  origin: (origin, c: Context<AppEnv>) =>
    c.get('deps').config.operatorOrigins.includes(origin) ? origin : null,
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: ['Authorization', 'Content-Type'],
  maxAge: 600,
});

/** The one Hono app behind both entries (node.ts, worker.ts). */
export function createApp(opts: CreateAppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ router: new MatchCacheRouter() });

  if (opts.securityHeaders) app.use('*', opts.securityHeaders);
  app.use('*', (c, next) => {
    c.set('user', null);
    c.set('session', null);
    c.set('operator', null);
    const deps = opts.deps(c);
    // Node's deps are built once and handed out as they are; a Worker builds them per request.
    if (!(deps instanceof Promise)) {
      c.set('deps', deps);
      return next();
    }
    return deps.then((built) => {
      c.set('deps', built);
      return next();
    });
  });
  if (!opts.securityHeaders) app.use('*', securityHeaders);
  app.use('*', hostCheck);
  app.use('/api/admin/*', operatorCors);
  app.use('/api/marketing/*', operatorCors);
  const tooLarge = (c: Context<AppEnv>) => c.json(errorBody('Request body too large', 'body_too_large'), 413);
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge });
  // GET/HEAD carry no body, and a declared Content-Length (which the HTTP parser enforces) is checked
  // from the header alone — the same rule as Hono's bodyLimit, without touching `c.req.raw.body`, which
  // makes @hono/node-server build a full web Request and stream the body through it. Chunked or
  // undeclared bodies still go through the streaming check.
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('Content-Length');
    if (length !== undefined && /^\d+$/.test(length) && c.req.header('Transfer-Encoding') === undefined) {
      return Number(length) > MAX_BODY_BYTES ? Promise.resolve(tooLarge(c)) : next();
    }
    return limitBody(c, next);
  });
  app.use('/api/*', sessionMiddleware);
  app.use('/api/*', originCheck);

  app.route('/api', healthRoutes);
  app.route('/api', methodologyRoutes);
  app.route('/api', authRoutes);
  app.route('/api', playerRoutes);
  app.route('/api/admin', adminRoutes);
  app.route('/api/marketing', marketingRoutes);

  const assets = opts.assets;
  if (assets) {
    app.on(['GET', 'HEAD'], '*', (c, next) =>
      c.req.path === '/api' || c.req.path.startsWith('/api/') ? next() : assets(c, next),
    );
  }
  app.notFound((c) => c.json(errorBody('Not found', 'not_found'), 404));
  app.onError(handleError);
  return app;
}
