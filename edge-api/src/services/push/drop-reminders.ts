import { dropReminderPayload, reminderDueDay, REMINDER_TTL_SECONDS } from '@daily-tea/shared/domain/reminder';
import webpush from 'web-push';
import {
  claimSubscriptionsForDay,
  deletePushSubscriptionsByIds,
  findUsersWhoPlayed,
  type ClaimedSubscription,
} from '../../db/queries/push.queries';
import { markReminders } from '../../db/queries/analytics.queries';
import type { Deps, VapidConfig } from '../../env';
import { endpointProblem } from './push-subscriptions.service';

/**
 * The reminder at the drop (decision 0172). At DAY_START_HOUR in APP_TIMEZONE — run every minute by
 * one process of the Node cluster, by the cron trigger on Workers — every subscription not yet handled for the
 * new game day is claimed in batches and sent a Web Push message (VAPID, aes128gcm through `web-push`),
 * except to players who have already played that day. Subscriptions the push service answers 404/410 are
 * gone for good and deleted. Runs off the request path; every await yields to the event loop.
 */

/** Subscriptions claimed per statement. */
export const REMINDER_BATCH_SIZE = 100;
/** Requests in flight at once. */
export const REMINDER_CONCURRENCY = 20;
/** A push service that has not answered by then counts as failed. */
export const REMINDER_REQUEST_TIMEOUT_MS = 10_000;
/** Node: how often the timer looks for due reminders. */
export const REMINDER_CHECK_INTERVAL_MS = 60_000;
/** Collapses an undelivered reminder with a newer one at the push service (Topic header). */
const REMINDER_TOPIC = 'daily-drop';

export type ReminderRun = {
  /** The game day whose reminders were handled; null when none is due (or reminders are off). */
  day: string | null;
  sent: number;
  /** Claimed but not sent: the player had already played that day. */
  skipped: number;
  /** Deleted after a 404/410 from the push service. */
  removed: number;
  /** Other errors (5xx, timeouts, network); not retried for that day. */
  failed: number;
};

export type ReminderOptions = {
  /** The HTTP client (tests may pass their own; defaults to the runtime's fetch). */
  fetch?: typeof fetch;
  batchSize?: number;
  concurrency?: number;
  /** Bounds the work of one run (Workers CPU limits); the next run continues with what is left. */
  maxBatches?: number;
};

type Outcome = 'sent' | 'gone' | 'failed';

/** Encrypts and POSTs one message (web-push builds the request; fetch sends it on Node and Workers alike). */
async function sendOne(
  doFetch: typeof fetch,
  vapid: VapidConfig,
  sub: ClaimedSubscription,
  payload: string,
): Promise<Outcome> {
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: REMINDER_TTL_SECONDS,
        urgency: 'normal',
        topic: REMINDER_TOPIC,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(details.headers)) {
      // fetch computes the length of the body itself.
      if (k.toLowerCase() !== 'content-length') headers[k] = String(v);
    }
    const res = await doFetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(REMINDER_REQUEST_TIMEOUT_MS),
      // A push service answers itself; a redirect would lead the request somewhere the endpoint check never saw.
      redirect: 'manual',
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Runs `task` over `items` with at most `limit` in flight. */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Sends the due reminders of the current game day (see the module comment). Safe to run concurrently. */
export async function sendDropReminders(deps: Deps, opts: ReminderOptions = {}): Promise<ReminderRun> {
  const run: ReminderRun = { day: null, sent: 0, skipped: 0, removed: 0, failed: 0 };
  const vapid = deps.config.vapid;
  if (!vapid) return run;
  const day = reminderDueDay(deps.now(), deps.config.timeZone, deps.config.dayStartHour);
  if (!day) return run;
  run.day = day;
  const doFetch = opts.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const payload = JSON.stringify(dropReminderPayload(day));
  const batchSize = opts.batchSize ?? REMINDER_BATCH_SIZE;
  const maxBatches = opts.maxBatches ?? Number.POSITIVE_INFINITY;
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimSubscriptionsForDay(deps.db, day, batchSize);
    if (claimed.length === 0) break;
    const played = await findUsersWhoPlayed(
      deps.db,
      claimed.map((s) => s.userId),
      day,
    );
    // Checked again before each send: a row stored before the current PUSH_ENDPOINT_HOSTS (or by an older
    // release) that no longer passes is deleted, never sent to.
    const refused = claimed.filter((s) => endpointProblem(deps, s.endpoint) !== null).map((s) => s.id);
    run.removed += await deletePushSubscriptionsByIds(deps.db, refused);
    const targets = claimed.filter((s) => !played.has(s.userId) && !refused.includes(s.id));
    run.skipped += claimed.length - targets.length - refused.length;
    const outcomes = await inPool(targets, opts.concurrency ?? REMINDER_CONCURRENCY, (s) =>
      sendOne(doFetch, vapid, s, payload),
    );
    const gone = targets.filter((_, i) => outcomes[i] === 'gone').map((s) => s.id);
    run.removed += await deletePushSubscriptionsByIds(deps.db, gone);
    run.sent += outcomes.filter((o) => o === 'sent').length;
    // The day's funnel: everyone claimed had opted in; who was sent it, and when.
    await markReminders(deps.db, {
      date: day,
      optedIn: claimed.map((s) => s.userId),
      sentTo: targets.filter((_, i) => outcomes[i] === 'sent').map((s) => s.userId),
      at: deps.now().getTime(),
    });
    run.failed += outcomes.filter((o) => o === 'failed').length;
    if (claimed.length < batchSize) break;
  }
  return run;
}
