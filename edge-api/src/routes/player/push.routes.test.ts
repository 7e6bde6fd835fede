import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import {
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  ENDPOINT_NOT_A_PUSH_SERVICE,
  ENDPOINT_NOT_HTTPS,
  ENDPOINT_TOO_LONG,
  MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT,
} from '@daily-tea/shared/domain/push-endpoints';
import { REMINDERS_OFF } from '../../services/push/push-subscriptions.service';
import { rowsWhere } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { json, player } from './play.test-kit';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@dailytea.app' };

const b64u = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** A browser's PushSubscription.toJSON() shape with random key material (these tests never decrypt). */
function newBrowserSubscription(endpoint: string) {
  const p256dh = crypto.getRandomValues(new Uint8Array(65));
  p256dh[0] = 4;
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: b64u(p256dh), auth: b64u(crypto.getRandomValues(new Uint8Array(16))) },
    },
  };
}
let t: TestApp;
beforeEach(async () => {
  // push.example.com stands for a push service; 127.0.0.1 for the local one (the list extended for tests only).
  t = await createTestApp({
    config: { vapid, pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS, 'push.example.com', '127.0.0.1'] },
  });
});
afterEach(() => t.close());

const subscribe = (cookie: string | undefined, body: unknown, origin?: string) =>
  t.request('/api/push/subscriptions', { method: 'POST', cookie, json: body, ...(origin ? { origin } : {}) });

describe('push subscriptions', () => {
  it('gives the VAPID public key to signed-in players only', async () => {
    expect((await t.request('/api/push/config')).status).toBe(401);
    const { cookie } = await player(t);
    expect(await json(await t.request('/api/push/config', { cookie }))).toEqual({
      enabled: true,
      publicKey: vapid.publicKey,
    });
  });

  it('subscribes, reports and unsubscribes this browser; re-subscribing replaces the keys', async () => {
    const { cookie, user } = await player(t);
    const browser = newBrowserSubscription('https://push.example.com/send/abc');
    const state = (endpoint: string) =>
      t.request(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`, { cookie });
    expect(await json(await state(browser.json.endpoint))).toEqual({ subscribed: false });
    expect((await subscribe(cookie, browser.json)).status).toBe(201);
    expect(await json(await state(browser.json.endpoint))).toEqual({ subscribed: true });
    const renewed = newBrowserSubscription(browser.json.endpoint);
    expect((await subscribe(cookie, renewed.json)).status).toBe(201);
    const rows = await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: renewed.json.keys.p256dh, auth: renewed.json.keys.auth });

    const off = () =>
      t.request('/api/push/subscriptions', {
        method: 'DELETE',
        cookie,
        json: { endpoint: browser.json.endpoint },
      });
    expect(await json(await off())).toEqual({ subscribed: false });
    expect(await json(await off())).toEqual({ subscribed: false });
    expect(await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, user.id)).toEqual([]);
  });

  it('moves an endpoint to the player now signed in on that browser; nobody else can turn it off', async () => {
    const first = await player(t);
    const second = await player(t);
    const browser = newBrowserSubscription('https://push.example.com/send/shared');
    await subscribe(first.cookie, browser.json);
    await subscribe(second.cookie, browser.json);
    expect(await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, first.user.id)).toEqual([]);
    await t.request('/api/push/subscriptions', {
      method: 'DELETE',
      cookie: first.cookie,
      json: { endpoint: browser.json.endpoint },
    });
    expect(await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, second.user.id)).toHaveLength(
      1,
    );
  });

  it('refuses bad subscriptions with a clear 400, strangers with 401, foreign origins with 403', async () => {
    const { cookie } = await player(t);
    const good = newBrowserSubscription('https://push.example.com/send/x').json;
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: 'not a url' }, 'endpoint must be a URL'],
      [{ ...good, keys: { ...good.keys, p256dh: 'short' } }, 'keys.p256dh is too short'],
      [{ ...good, keys: { ...good.keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' } }, 'keys.auth must be base64url'],
      [{ endpoint: good.endpoint }, 'keys: Invalid input: expected object, received undefined'],
      [{ ...good, endpoint: 'http://push.example.com/send/x' }, ENDPOINT_NOT_HTTPS],
      [{ ...good, endpoint: 'ftp://push.example.com/x' }, ENDPOINT_NOT_HTTPS],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ message });
    }
    const malformed = await t.request('/api/push/subscriptions', {
      method: 'POST',
      cookie,
      body: '{nope',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await subscribe(undefined, good)).status).toBe(401);
    expect((await subscribe(cookie, good, 'https://evil.example')).status).toBe(403);
  });

  it('refuses endpoints that point inside or off the push services (SSRF), over 1,000 characters, or not https', async () => {
    // As a server runs by default: the public push services only.
    t.deps.config = { ...t.deps.config, pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS] };
    const { cookie, user } = await player(t);
    const inside = [
      'https://10.0.0.1/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]:8443/push',
      'https://0x7f000001:8443/push',
      'https://localhost/push',
      'https://127.0.0.1:9999/push',
      'https://push.example.com.evil.example/push',
      'https://evil.example/push',
    ];
    for (const endpoint of inside) {
      const res = await subscribe(cookie, newBrowserSubscription(endpoint).json);
      expect(res.status, endpoint).toBe(400);
      expect(await res.json()).toMatchObject({ message: ENDPOINT_NOT_A_PUSH_SERVICE });
    }
    const long = await subscribe(
      cookie,
      newBrowserSubscription(`https://fcm.googleapis.com/fcm/send/${'a'.repeat(1_000)}`).json,
    );
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ message: ENDPOINT_TOO_LONG });
    const http = await subscribe(cookie, newBrowserSubscription('http://fcm.googleapis.com/fcm/send/a').json);
    expect(await http.json()).toMatchObject({ message: ENDPOINT_NOT_HTTPS });
    expect(await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, user.id)).toEqual([]);
    // The public push services themselves are fine.
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect((await subscribe(cookie, newBrowserSubscription(endpoint).json)).status, endpoint).toBe(201);
    }
  });

  it('keeps at most 5 subscriptions per account: a new one replaces the oldest', async () => {
    const { cookie, user } = await player(t);
    const endpoints = Array.from({ length: 8 }, (_, i) => `https://push.example.com/send/browser-${i}`);
    for (const endpoint of endpoints) {
      expect((await subscribe(cookie, newBrowserSubscription(endpoint).json)).status).toBe(201);
    }
    const rows = await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, user.id);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      endpoints.slice(-MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT).sort(),
    );
    // Concurrent subscribes cannot exceed it either.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        subscribe(cookie, newBrowserSubscription(`https://push.example.com/send/burst-${i}`).json),
      ),
    );
    expect(
      (await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, user.id)).length,
    ).toBeLessThanOrEqual(MAX_PUSH_SUBSCRIPTIONS_PER_ACCOUNT);
  });

  it('accepts plain http only to a loopback push service, and never in production', async () => {
    const { cookie } = await player(t);
    expect((await subscribe(cookie, newBrowserSubscription('http://127.0.0.1:9999/p').json)).status).toBe(
      201,
    );
    t.deps.config = { ...t.deps.config, isProduction: true };
    const res = await subscribe(cookie, newBrowserSubscription('http://127.0.0.1:9999/q').json);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: ENDPOINT_NOT_HTTPS });
  });

  it('says so when the server has no VAPID keys', async () => {
    t.deps.config = { ...t.deps.config, vapid: null };
    const { cookie } = await player(t);
    expect(await json(await t.request('/api/push/config', { cookie }))).toEqual({
      enabled: false,
      publicKey: null,
    });
    const res = await subscribe(cookie, newBrowserSubscription('https://push.example.com/send/y').json);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: REMINDERS_OFF });
  });

  it('deletes a player’s subscriptions with the player', async () => {
    const { cookie, user } = await player(t);
    await subscribe(cookie, newBrowserSubscription('https://push.example.com/send/z').json);
    const token = await t.adminToken();
    expect((await t.request(`/api/admin/users/${user.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, user.id)).toEqual([]);
  });
});
