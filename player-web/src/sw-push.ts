/// <reference lib="webworker" />
import { DropReminderPayloadSchema, type DropReminderPayload } from '@daily-tea/shared/contracts/push';

/**
 * The reminder at the drop in the service worker: shows the server's Web Push message as a
 * notification, and on click focuses an open Daily Tea window (navigating it to the message's URL) or opens
 * one. Only same-origin URLs are opened. No network access and no eval, so it runs under the app's strict CSP.
 */

const FALLBACK_TITLE = 'Daily Tea';

function payloadOf(event: PushEvent): DropReminderPayload | null {
  try {
    const parsed = DropReminderPayloadSchema.safeParse(event.data?.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Same-origin path of `url`, or '/' for anything else (a push can never send the player off-site). */
export function sameOriginUrl(url: unknown, origin: string): string {
  try {
    const target = new URL(typeof url === 'string' ? url : '/', origin);
    return target.origin === origin ? target.href : new URL('/', origin).href;
  } catch {
    return new URL('/', origin).href;
  }
}

export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const payload = payloadOf(event);
    // Browsers require a notification for every push (userVisibleOnly); an unreadable one still says who sent it.
    const title = payload?.title ?? FALLBACK_TITLE;
    event.waitUntil(
      sw.registration.showNotification(title, {
        body: payload?.body ?? 'New topics are here.',
        tag: payload?.tag ?? 'daily-drop',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        data: { url: payload?.url ?? '/' },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url, sw.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          if (open.url !== url) await open.navigate(url).catch(() => undefined);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
