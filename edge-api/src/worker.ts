import type { D1Database, ExecutionContext, Fetcher, ScheduledController } from '@cloudflare/workers-types';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { createApp } from './app';
import { createWorkerDatabase } from './db/client.worker';
import { buildConfig, type Config, type Deps } from './env';
import { seedDemo } from './seed/demo-seed';
import { cleanupExpired } from './services/cleanup';
import { sendDropReminders } from './services/push/drop-reminders';

/** The cron of wrangler.toml that also runs the guest cleanup; every cron sends due reminders. (The Worker module exports handlers only.) */
const CLEANUP_CRON = '*/15 * * * *';
/** Reminder batches per cron run (bounded CPU per invocation; the next run, 5 minutes later, continues). */
const REMINDER_BATCHES_PER_RUN = 20;

/** Workers entry (product.md#running): same app as Node; deps built per request from the bindings. */

export type WorkerBindings = {
  DB?: D1Database;
  ASSETS?: Fetcher;
} & Partial<
  Record<
    | 'DATABASE_URL'
    | 'DATABASE_AUTH_TOKEN'
    | 'ADMIN_PASSWORD'
    | 'MARKETING_PASSWORD'
    | 'SESSION_SECRET'
    | 'APP_TIMEZONE'
    | 'DAY_START_HOUR'
    | 'SEED_DEMO'
    | 'NODE_ENV'
    | 'OPERATOR_ORIGINS'
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'ACCOUNT_LIMIT_PER_HOUR',
    string
  >
>;

function stringVars(env: WorkerBindings): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) if (typeof v === 'string') out[k] = v;
  return out;
}

/**
 * Operator tokens are signed with SESSION_SECRET and must verify in every isolate, so the fallback is
 * not random per isolate: in development (production refuses to start without SESSION_SECRET) it is
 * derived from the operator passwords — whoever knows them can obtain a token anyway.
 */
function devSessionSecret(vars: Record<string, string | undefined>): string {
  return `daily-tea-dev-secret|${vars.ADMIN_PASSWORD ?? ''}|${vars.MARKETING_PASSWORD ?? ''}`;
}

// Parsing the environment once per isolate (bindings do not change within one).
const configs = new WeakMap<object, Config>();
function configFor(env: WorkerBindings): Config {
  let config = configs.get(env);
  if (!config) {
    const vars = stringVars(env);
    config = buildConfig(vars, () => devSessionSecret(vars));
    configs.set(env, config);
  }
  return config;
}

/**
 * `https` requests (every deployed Worker) get Secure cookies even when NODE_ENV is not set there;
 * `wrangler dev` over plain http keeps them usable on 127.0.0.1.
 */
function depsFor(env: WorkerBindings, requestUrl?: string): Deps {
  const config = configFor(env);
  const https = requestUrl?.startsWith('https:') ?? false;
  return {
    db: createWorkerDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN, d1: env.DB }),
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
    return new Response(res.body, res);
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
