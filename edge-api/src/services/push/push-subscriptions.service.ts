import type {
  PushConfig,
  PushSubscriptionInput,
  PushSubscriptionState,
  PushUnsubscribeInput,
} from '@daily-tea/shared/contracts/push';
import type { UserRow } from '../../app-env';
import {
  deletePushSubscription,
  hasPushSubscription,
  upsertPushSubscription,
} from '../../db/queries/push.queries';
import type { Deps } from '../../env';
import { BadRequestError, ConflictError } from '../../errors';
import { today } from '../play/today';

export const REMINDERS_OFF = 'Reminders are not available on this server';
export const ENDPOINT_NOT_HTTPS = 'The push endpoint must use https';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The server POSTs to subscription endpoints, so only https endpoints are accepted; plain http only to a
 * loopback address outside production (local push services in development and tests).
 */
function checkEndpoint(deps: Deps, endpoint: string): void {
  const url = new URL(endpoint);
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && !deps.config.isProduction && LOOPBACK.has(url.hostname)) return;
  throw new BadRequestError(ENDPOINT_NOT_HTTPS);
}

/** Whether reminders can be sent, and the VAPID public key browsers subscribe with. */
export function getPushConfig(deps: Deps): PushConfig {
  const vapid = deps.config.vapid;
  return { enabled: vapid !== null, publicKey: vapid?.publicKey ?? null };
}

/**
 * Turns the reminder at the drop on for this browser (its PushSubscription). Re-subscribing the same
 * endpoint replaces the keys; the first reminder is the next drop.
 */
export async function subscribePush(
  deps: Deps,
  user: UserRow,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionState> {
  if (!deps.config.vapid) throw new ConflictError(REMINDERS_OFF);
  checkEndpoint(deps, input.endpoint);
  await upsertPushSubscription(deps.db, {
    id: crypto.randomUUID(),
    userId: user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    lastSentDay: today(deps),
  });
  return { subscribed: true };
}

/** Turns reminders off for this browser; idempotent (an unknown endpoint is already off). */
export async function unsubscribePush(
  deps: Deps,
  user: UserRow,
  input: PushUnsubscribeInput,
): Promise<PushSubscriptionState> {
  await deletePushSubscription(deps.db, user.id, input.endpoint);
  return { subscribed: false };
}

/** Whether this browser's endpoint is subscribed for the player (the profile toggle's server truth). */
export async function pushSubscriptionState(
  deps: Deps,
  user: UserRow,
  endpoint: string,
): Promise<PushSubscriptionState> {
  return { subscribed: await hasPushSubscription(deps.db, user.id, endpoint) };
}
