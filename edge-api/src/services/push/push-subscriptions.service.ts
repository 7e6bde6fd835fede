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
import {
  MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT,
  pushEndpointProblem,
} from '@daily-tea/shared/domain/push-endpoints';
import type { Deps } from '../../env';
import { BadRequestError, ConflictError } from '../../errors';
import { today } from '../play/today';

export const REMINDERS_OFF = 'Reminders are not available on this server';

/**
 * Why the server must not send to `endpoint` under this config, or null (shared/src/domain/push-endpoints.ts):
 * only the push services of PUSH_ENDPOINT_HOSTS; plain http only to a loopback host listed there outright,
 * outside production (the local push service of the tests).
 */
export function endpointProblem(deps: Pick<Deps, 'config'>, endpoint: string): string | null {
  return pushEndpointProblem(endpoint, deps.config.pushEndpointHosts, !deps.config.isProduction);
}

/** Whether reminders can be sent, and the VAPID public key browsers subscribe with. */
export function getPushConfig(deps: Deps): PushConfig {
  const vapid = deps.config.vapid;
  return { enabled: vapid !== null, publicKey: vapid?.publicKey ?? null };
}

/**
 * Turns the reminder at the drop on for this browser (its PushSubscription). Re-subscribing the same
 * endpoint replaces the keys; the first reminder is the next drop. An account holds at most
 * MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT: a new one replaces the oldest.
 */
export async function subscribePush(
  deps: Deps,
  user: UserRow,
  input: PushSubscriptionInput,
): Promise<PushSubscriptionState> {
  if (!deps.config.vapid) throw new ConflictError(REMINDERS_OFF);
  const problem = endpointProblem(deps, input.endpoint);
  if (problem) throw new BadRequestError(problem);
  await upsertPushSubscription(deps.db, MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT, {
    id: crypto.randomUUID(),
    userId: user.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    lastSentDay: today(deps),
    createdAt: deps.now(),
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
