import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webpush from 'web-push';

/**
 * Development VAPID keys (Node only): when neither VAPID key is set and NODE_ENV is not production, a key
 * pair is generated once, kept in `file` (beside the development database, git-ignored) and printed, so
 * browsers subscribed in development stay valid across restarts. Production takes its keys from the
 * environment only. Returns the environment to start with (keys filled in when they were generated/loaded).
 */
export function withDevVapidKeys<
  E extends {
    VAPID_PUBLIC_KEY?: string | undefined;
    VAPID_PRIVATE_KEY?: string | undefined;
    NODE_ENV?: string | undefined;
  },
>(env: E, file: string, log: (line: string) => void = console.log): E {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY || env.NODE_ENV === 'production') return env;
  let keys: { publicKey: string; privateKey: string } | undefined;
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
      if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
        keys = { publicKey: stored.publicKey, privateKey: stored.privateKey };
      }
    } catch {
      keys = undefined;
    }
  }
  if (!keys) {
    keys = webpush.generateVAPIDKeys();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
    log(`[daily-tea] generated development Web Push (VAPID) keys in ${file}:`);
    log(`  VAPID_PUBLIC_KEY=${keys.publicKey}`);
    log(`  VAPID_PRIVATE_KEY=${keys.privateKey}`);
    log('  Set both (and VAPID_SUBJECT) in the environment for production.');
  }
  return { ...env, VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}
