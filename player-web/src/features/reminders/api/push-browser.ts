import type { PushSubscriptionInput } from '@daily-tea/shared/contracts/push';

/**
 * The browser's side of the reminder at the drop: feature detection, the notification permission and this
 * browser's PushSubscription through the app's service worker. The only code touching the Push API.
 */

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

/**
 * Push works here: the APIs exist and the app's service worker (which shows the notification) is registered.
 * Without a registration nothing would display a reminder, so nothing is offered.
 */
export async function pushReady(): Promise<boolean> {
  if (!pushSupported()) return false;
  try {
    return (await navigator.serviceWorker.getRegistration()) !== undefined;
  } catch {
    return false;
  }
}

export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** The service worker registration, or null when none controls this origin (yet). */
async function registration(timeoutMs = 4000): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs)),
  ]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** base64url VAPID key → the bytes PushManager.subscribe wants. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const raw = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export class ReminderError extends Error {}

/**
 * Asks for permission (from the player's tap) and subscribes this browser with the server's VAPID key.
 * Returns the subscription as the API takes it.
 */
/** A push service that does not answer makes the browser wait ~35 s: give up sooner, and say so. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export async function subscribeBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new ReminderError(
      permission === 'denied'
        ? 'Notifications are blocked for Daily Tea. Allow them in your browser’s site settings to get reminders.'
        : 'Reminders need your permission to show a notification.',
    );
  }
  const reg = await registration();
  if (!reg)
    throw new ReminderError('Reminders are not ready in this browser yet. Reload the page and try again.');
  const existing = await reg.pushManager.getSubscription();
  let subscription: PushSubscription;
  try {
    subscription =
      existing ??
      (await withTimeout(
        reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
        SUBSCRIBE_TIMEOUT_MS,
      ));
  } catch {
    // The browser's push service refused, could not be reached or did not answer (offline, blocked): plain words,
    // never the browser's own message.
    throw new ReminderError(
      'This browser could not reach its notification service just now. Check your connection and try again later.',
    );
  }
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth)
    throw new ReminderError('This browser gave an incomplete subscription.');
  return {
    endpoint: json.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
  };
}

/** Drops this browser's subscription; returns its endpoint (to tell the server), or null if there was none. */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const endpoint = subscription.endpoint;
  await subscription.unsubscribe();
  return endpoint;
}
