import { entryPreloadLink } from './entry-preload';
import type { D1Database, ExecutionContext, Fetcher, ScheduledController } from '@cloudflare/workers-types';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { createApp } from './app';
import { createWorkerDatabase } from './db/client.worker';
import {
  configFrom,
  parseEnv,
  WORKER_VARS,
  type Config,
  type Deps,
  type Env,
  type WorkerVarName,
} from './env';
import { seedDemo } from './seed/demo-seed';
import { cleanupExpired } from './services/cleanup';
import { sendDropReminders } from './services/push/drop-reminders';

/** The cron of wrangler.toml that also runs the guest cleanup; every cron sends due reminders. (The Worker module exports handlers only.) */
const CLEANUP_CRON = '*/15 * * * *';
/** Reminder batches per cron run (bounded CPU per invocation; the next run, 5 minutes later, continues). */
const REMINDER_BATCHES_PER_RUN = 20;

/** Workers entry (product.md#running): same app as Node; deps built per request from the bindings. */

type WorkerResources = { DB: D1Database; ASSETS: Fetcher };
/** The Worker's resource bindings and the wrangler.toml section that binds each (worker-bindings.test.ts). */
export const WORKER_RESOURCES = {
  DB: 'd1_databases',
  ASSETS: 'assets',
} as const satisfies Record<keyof WorkerResources, string>;

/**
 * The Worker's bindings: its resources (local D1 when DATABASE_URL is unset, the web build) and every variable of
 * EnvSchema a Worker reads (env.ts `WorkerVarName`, derived from the one schema; wrangler.toml's [vars] or secrets).
 */
export type WorkerBindings = Partial<WorkerResources> & Partial<Record<WorkerVarName, string>>;

function stringVars(env: WorkerBindings): Partial<Record<WorkerVarName, string>> {
  const out: Partial<Record<WorkerVarName, string>> = {};
  for (const name of WORKER_VARS) {
    const value = env[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * Operator tokens are signed with SESSION_SECRET and must verify in every isolate, so the fallback is
 * not random per isolate: in development (production refuses to start without SESSION_SECRET) it is
 * derived from the operator passwords — whoever knows them can obtain a token anyway.
 */
function devSessionSecret(vars: Partial<Record<WorkerVarName, string>>): string {
  return `daily-tea-dev-secret|${vars.ADMIN_PASSWORD ?? ''}|${vars.MARKETING_PASSWORD ?? ''}`;
}

// The environment parsed once per isolate (bindings do not change within one).
const parsed = new WeakMap<object, { env: Env; config: Config }>();
function settingsOf(bindings: WorkerBindings): { env: Env; config: Config } {
  let settings = parsed.get(bindings);
  if (!settings) {
    const vars = stringVars(bindings);
    const env = parseEnv(vars);
    settings = { env, config: configFrom(env, () => devSessionSecret(vars)) };
    parsed.set(bindings, settings);
  }
  return settings;
}

/**
 * `https` requests (every deployed Worker) get Secure cookies even when NODE_ENV is not set there;
 * `wrangler dev` over plain http keeps them usable on 127.0.0.1.
 */
function depsFor(bindings: WorkerBindings, requestUrl?: string): Deps {
  const { env, config } = settingsOf(bindings);
  const https = requestUrl?.startsWith('https:') ?? false;
  return {
    db: createWorkerDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, d1: bindings.DB }),
    config: https && !config.secureCookies ? { ...config, secureCookies: true } : config,
    now: () => new Date(),
  };
}

// The demo seed is idempotent (a no-op once topics exist); one attempt per isolate keeps its check off
// every request after the first.
let seeding: Promise<void> | undefined;
function seedOnce(deps: Deps): Promise<void> {
  seeding ??= seedDemo(deps).catch((err: unknown) => {
    seeding = undefined;
    console.error('[worker] demo seed failed', err);
  });
  return seeding;
}

const app = createApp({
  deps: async (c: Context<AppEnv>) => {
    const env = c.env as WorkerBindings;
    const deps: Deps = {
      ...depsFor(env, c.req.url),
      background: (work) => {
        try {
          (c.executionCtx as unknown as ExecutionContext).waitUntil(work);
        } catch {
          // No execution context (a test calling app.fetch without one): the work runs on its own.
        }
      },
    };
    if (deps.config.seedDemo) await seedOnce(deps);
    return deps;
  },
  // Every request runs the Worker first (wrangler.toml), so static files get the app's security headers
  // too; their headers are copied into a mutable response for the middleware to add to.
  assets: async (c, next) => {
    const assets = (c.env as WorkerBindings).ASSETS;
    if (!assets) return next();
    const res = (await assets.fetch(c.req.raw as never)) as unknown as Response;
    const copy = new Response(res.body, res);
    const preload = entryPreloadLink(c.req.path);
    if (preload && copy.headers.get('Content-Type')?.startsWith('text/html'))
      copy.headers.set('Link', preload);
    return copy;
  },
});

export default {
  fetch: (request: Request, env: WorkerBindings, ctx: ExecutionContext) =>
    app.fetch(request, env, ctx as never),
  /**
   * Cron triggers (wrangler.toml): every 5 minutes the reminder at the drop sends what is due;
   * every 15 minutes the guest cleanup runs too (product.md#accounts).
   */
  scheduled: (controller: ScheduledController, env: WorkerBindings, ctx: ExecutionContext) => {
    const deps = depsFor(env);
    ctx.waitUntil(
      sendDropReminders(deps, { maxBatches: REMINDER_BATCHES_PER_RUN }).then((r) => {
        if (r.day)
          console.log(
            `[reminders] ${r.day}: sent=${r.sent} skipped=${r.skipped} removed=${r.removed} failed=${r.failed}`,
          );
      }),
    );
    if (controller.cron !== CLEANUP_CRON && controller.cron !== '') return;
    ctx.waitUntil(
      cleanupExpired(deps).then((r) => {
        console.log(
          `[cleanup] guests=${r.guestsDeleted} sessions=${r.sessionsDeleted} throttles=${r.throttlesDeleted}`,
        );
      }),
    );
  },
};
