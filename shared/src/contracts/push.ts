import './jitless'; // first: browsers build schemas without eval (CSP)
import { z } from 'zod';
import { ENDPOINT_TOO_LONG, PUSH_ENDPOINT_MAX } from '../domain/push-endpoints';

/**
 * The reminder at the drop: Web Push subscriptions of a player's browsers and the payload the
 * service worker shows. One schema per thing, shared by the API, its client and the service worker.
 */

/** base64url without padding (the encoding PushSubscription.toJSON() gives its keys). */
const base64Url = (what: string, min: number, max: number) =>
  z
    .string()
    .min(min, `${what} is too short`)
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} must be base64url`);

/** GET /api/push/config: whether reminders can be sent, and the VAPID public key to subscribe with. */
export const PushConfigSchema = z.object({ enabled: z.boolean(), publicKey: z.string().nullable() });
export type PushConfig = z.infer<typeof PushConfigSchema>;

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON() (expirationTime is ignored). */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url({ message: 'endpoint must be a URL' }).max(PUSH_ENDPOINT_MAX, ENDPOINT_TOO_LONG),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes → 87 characters) and a 16-byte auth secret (22 characters).
    p256dh: base64Url('keys.p256dh', 80, 100),
    auth: base64Url('keys.auth', 16, 44),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: the endpoint of the browser turning reminders off. */
export const PushUnsubscribeInputSchema = z.object({
  endpoint: z.url({ message: 'endpoint must be a URL' }).max(2048, 'endpoint is too long'),
});
export type PushUnsubscribeInput = z.infer<typeof PushUnsubscribeInputSchema>;

export const PushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionState = z.infer<typeof PushSubscriptionStateSchema>;

/** What the service worker receives (decrypted) and shows as a notification; `url` opens on click. */
export const DropReminderPayloadSchema = z.object({
  kind: z.literal('daily-drop'),
  date: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type DropReminderPayload = z.infer<typeof DropReminderPayloadSchema>;
