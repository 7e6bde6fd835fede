import { z } from 'zod';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '@daily-tea/shared/domain/push-endpoints';
import type { Database } from './db/database';

/**
 * Default new accounts per address per hour (docs/decisions/0131-throttles.md): a carrier-grade NAT shares
 * one public address among at most a few hundred subscribers, each of whom creates at most one guest a day
 * (guest sessions last 24 hours) and registers once; a scripted flood creates thousands a minute.
 */
export const DEFAULT_ACCOUNT_LIMIT_PER_HOUR = 200;

/** A host name or IPv4 address, or a bracketed IPv6 address — without a port. */
const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/** Host values every instance answers (product.md#running): the loopback names a local browser uses. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Whether `npm start` listening on `host` is reachable from this machine only. */
export function isLoopbackAddress(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/**
 * The environment, one schema for both entries: parsed once at the runtime boundary (Node's start, once per
 * Worker isolate) — never read from process.env or the bindings at request time. product.md#running lists every
 * variable and its default; the Worker's bindings type is derived from it (worker.ts).
 */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8787),
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  MARKETING_PASSWORD: z.string().min(1).optional(),
  SESSION_SECRET: z.string().min(1).optional(),
  APP_TIMEZONE: z
    .string()
    .default('Africa/Johannesburg')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'APP_TIMEZONE must be an IANA time zone'),
  DAY_START_HOUR: z.coerce.number().int().min(0).max(23).default(9),
  /** Unset: true in development, false in production (buildConfig). */
  SEED_DEMO: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : !['false', '0', 'no', 'off'].includes(v.toLowerCase()))),
  NODE_ENV: z.string().optional(),
  /** Node only: server processes of `npm start` (default one per core in production, one in development). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Guest sign-ins + registrations per client address per hour; 0 = no limit (load tests). */
  ACCOUNT_LIMIT_PER_HOUR: z.coerce.number().int().min(0).default(DEFAULT_ACCOUNT_LIMIT_PER_HOUR),
  /** Node: reverse-proxy hops whose X-Forwarded-For entries are trusted for the client address (0 = none). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? '').trim().toLowerCase();
      if (['', '0', 'false', 'off', 'no'].includes(value)) return 0;
      if (['true', 'on', 'yes'].includes(value)) return 1;
      if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be a number of proxy hops (0-10), true or false',
      });
      return z.NEVER;
    }),
  /** Node, embedded database: how long a write waits for SQLite's lock (held by another process) before 503. */
  DATABASE_BUSY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  /** Node: the address `npm start` listens on. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Host names (no ports) the server answers besides loopback's; any other Host header gets 421. */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const hosts = (v ?? '')
        .split(',')
        .map((h) => h.trim().toLowerCase().replace(/\.$/, ''))
        .filter(Boolean);
      const bad = hosts.find((h) => !HOST_NAME.test(h));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `ALLOWED_HOSTS takes host names without ports or schemes, comma-separated ("${bad}" is not one)`,
        });
        return z.NEVER;
      }
      return hosts;
    }),
  /** Host suffixes push subscription endpoints may point at (comma separated); default: the public push services. */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const hosts = v
        .split(',')
        .map((h) => h.trim().toLowerCase().replace(/^\./, ''))
        .filter(Boolean);
      const bad = hosts.find((h) => !HOST_NAME.test(h));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `PUSH_ENDPOINT_HOSTS takes host names without ports or schemes, comma-separated ("${bad}" is not one)`,
        });
        return z.NEVER;
      }
      return hosts;
    }),
  /** Extra allowed CORS origins for the bearer-token routes (comma separated), besides the desktop app's. */
  OPERATOR_ORIGINS: z.string().optional(),
  /** Web Push (VAPID) keys of the reminder at the drop, base64url as `web-push generate-vapid-keys` prints them. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Contact of the sender for push services: a `mailto:` or `https:` URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https: URL')
    .optional(),
  /** Node: the web build folder to serve (default player-web/dist; tests point it elsewhere). */
  WEB_DIST: z.string().min(1).optional(),
  /** Node, development: where the generated VAPID keys are kept (default data/vapid-dev-keys.json). */
  VAPID_KEYS_FILE: z.string().min(1).optional(),
  /** Node cluster, set by the primary for each server process it forks: the database is migrated and seeded. */
  DAILY_TEA_PREPARED: z
    .string()
    .optional()
    .transform((v) => v === '1'),
  /** Node cluster, set by the primary: this server process runs the cleanup and reminder timers. */
  DAILY_TEA_CLEANUP: z
    .string()
    .optional()
    .transform((v) => v === '1'),
});

/** The environment, parsed and typed: what both entries read, never `process.env` or bindings directly. */
export type Env = z.output<typeof EnvSchema>;

/** Parses the environment once, at an entry's boundary (Node's start, a Worker isolate's first request). */
export function parseEnv(raw: Record<string, unknown>): Env {
  return EnvSchema.parse(raw);
}

/**
 * Variables only the Node entry reads: where it listens, how many processes, its files and the cluster's own
 * hand-over. Every other variable of EnvSchema is also a Worker binding (worker.ts `WorkerBindings`).
 */
export const NODE_ONLY_VARS = [
  'PORT',
  'HOST',
  'WEB_CONCURRENCY',
  'TRUST_PROXY',
  'DATABASE_BUSY_TIMEOUT_MS',
  'WEB_DIST',
  'VAPID_KEYS_FILE',
  'DAILY_TEA_PREPARED',
  'DAILY_TEA_CLEANUP',
] as const satisfies readonly (keyof Env)[];

/** The variables a Worker reads from its bindings (string vars and secrets), derived from EnvSchema. */
export type WorkerVarName = Exclude<keyof Env, (typeof NODE_ONLY_VARS)[number]>;
export const WORKER_VARS = Object.keys(EnvSchema.shape).filter(
  (name) => !(NODE_ONLY_VARS as readonly string[]).includes(name),
) as WorkerVarName[];

export type Config = {
  timeZone: string;
  dayStartHour: number;
  adminPassword: string;
  marketingPassword: string;
  /** HMAC key for admin/marketing bearer tokens. */
  sessionSecret: string;
  seedDemo: boolean;
  isProduction: boolean;
  /** Cookies are Secure in production only (plain-http localhost would drop them). */
  secureCookies: boolean;
  /** Origins allowed cross-origin on bearer-token routes only (desktop console). */
  operatorOrigins: string[];
  /** Web Push keys; null = reminders off (no keys configured). */
  vapid: VapidConfig | null;
  /** New accounts (guests + registrations) per client address per hour; 0 = unlimited. */
  accountLimitPerHour: number;
  /** Node: trusted reverse-proxy hops in front of the server (X-Forwarded-For); 0 = use the socket address. */
  trustProxy: number;
  /** Host header values (no port, lower case) the server answers; any other gets 421 (DNS rebinding). */
  allowedHosts: string[];
  /** Host suffixes push subscription endpoints may point at (shared/src/domain/push-endpoints.ts). */
  pushEndpointHosts: string[];
};

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };
/** Sender contact when VAPID_SUBJECT is not set. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:hello@dailytea.app';

export const DEV_ADMIN_PASSWORD = 'admin-dev';
export const DEV_MARKETING_PASSWORD = 'marketing-dev';

/**
 * Builds the config. Refuses: in production, development passwords, a missing SESSION_SECRET and SEED_DEMO=true
 * (production never has the demo accounts, whose password is published); on an address other than loopback
 * (HOST), the development passwords.
 */
export function buildConfig(raw: Record<string, string | undefined>, randomSecret: () => string): Config {
  return configFrom(parseEnv(raw), randomSecret);
}

/** The config of an environment already parsed (parseEnv); the rules of buildConfig. */
export function configFrom(env: Env, randomSecret: () => string): Config {
  const isProduction = env.NODE_ENV === 'production';
  const adminPassword = env.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD;
  const marketingPassword = env.MARKETING_PASSWORD ?? DEV_MARKETING_PASSWORD;
  const devPasswords = (why: string) => {
    if (!env.ADMIN_PASSWORD || adminPassword === DEV_ADMIN_PASSWORD)
      throw new Error(`${why} needs ADMIN_PASSWORD (not the development default)`);
    if (!env.MARKETING_PASSWORD || marketingPassword === DEV_MARKETING_PASSWORD)
      throw new Error(`${why} needs MARKETING_PASSWORD (not the development default)`);
  };
  if (isProduction) {
    devPasswords('NODE_ENV=production');
    if (!env.SESSION_SECRET) throw new Error('NODE_ENV=production needs SESSION_SECRET');
    if (env.SEED_DEMO === true)
      throw new Error(
        'SEED_DEMO=true is refused with NODE_ENV=production: production never has the demo accounts (their password is published)',
      );
  }
  if (!isLoopbackAddress(env.HOST)) {
    devPasswords(`HOST=${env.HOST} (reachable from other machines)`);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  return {
    timeZone: env.APP_TIMEZONE,
    dayStartHour: env.DAY_START_HOUR,
    adminPassword,
    marketingPassword,
    sessionSecret: env.SESSION_SECRET ?? randomSecret(),
    seedDemo: env.SEED_DEMO ?? !isProduction,
    isProduction,
    secureCookies: isProduction,
    accountLimitPerHour: env.ACCOUNT_LIMIT_PER_HOUR,
    trustProxy: env.TRUST_PROXY,
    allowedHosts: [...LOOPBACK_HOSTS, ...(env.ALLOWED_HOSTS ?? [])],
    pushEndpointHosts: env.PUSH_ENDPOINT_HOSTS ?? [...DEFAULT_PUSH_ENDPOINT_HOSTS],
    operatorOrigins: [
      'app://daily-tea',
      'file://',
      ...(env.OPERATOR_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ],
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? {
            publicKey: env.VAPID_PUBLIC_KEY,
            privateKey: env.VAPID_PRIVATE_KEY,
            subject: env.VAPID_SUBJECT ?? DEFAULT_VAPID_SUBJECT,
          }
        : null,
  };
}

/** Per-request (Workers) or per-process (Node) services handed to every handler. */
export type Deps = {
  db: Database;
  config: Config;
  /** The clock, injectable for tests (game day, streaks, expiry). */
  now: () => Date;
  /**
   * The operator acting on this request — a staff member's name, or `owner` — set by requireAdmin and
   * requireMarketing (auth/require-operator.ts); every audit entry names it (product.md#operators).
   */
  actor?: string;
  /**
   * Runs bookkeeping that must not hold a response — a player's read never waits for a write lock (the day's
   * funnel marks, services/play/funnel.ts): Workers hand it to waitUntil, Node lets it finish on its own.
   * Absent (tests), the work is awaited in the request, so what it wrote is there when the request ends.
   */
  background?: (work: Promise<void>) => void;
};
