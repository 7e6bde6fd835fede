// @databases: embedded, libsql — the test process hosts a real push service (node:http) and decrypts with node:crypto ECDH, which the D1 run's workerd lacks; the Worker's cron sending on D1 is the wrangler smoke test's.
import { dropReminderPayload, REMINDER_TTL_SECONDS } from '@daily-tea/shared/domain/reminder';
import { DropReminderPayloadSchema } from '@daily-tea/shared/contracts/push';
import webpush from 'web-push';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { mustAnswer, mustSelect, player, scheduleToday, type Today } from '../../routes/player/play.test-kit';
import { rowsWhere } from '../../test/factories';
import { createTestApp, type SignedInUser, type TestApp } from '../../test/harness';
import {
  newBrowserSubscription,
  startLocalPushService,
  verifyVapidAuthorization,
  type BrowserSubscription,
  type LocalPushService,
} from '../../test/push-service';
import { sendDropReminders } from './drop-reminders';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '@daily-tea/shared/domain/push-endpoints';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:reminders-test@dailytea.app' };
const at = (iso: string) => new Date(iso);

let now: Date;
let t: TestApp;
let push: LocalPushService;
let day: Today;

beforeEach(async () => {
  now = at('2026-05-20T08:00:00Z'); // UTC, drop at 09:00: still game day 2026-05-19
  // The local push service listens on 127.0.0.1: the list of push services is extended for this test only.
  t = await createTestApp({
    now: () => now,
    config: { dayStartHour: 9, vapid, pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS, '127.0.0.1'] },
  });
  push = await startLocalPushService();
  day = await scheduleToday(t, 2, '2026-05-20');
});
afterEach(async () => {
  t.close();
  await push.close();
});

async function subscribed(path: string): Promise<{ who: SignedInUser; browser: BrowserSubscription }> {
  const who = await player(t);
  const browser = newBrowserSubscription(`${push.origin}${path}`);
  const res = await t.request('/api/push/subscriptions', {
    method: 'POST',
    cookie: who.cookie,
    json: browser.json,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  expect(await res.json()).toEqual({ subscribed: true });
  return { who, browser };
}

const reminders = () => sendDropReminders(t.deps);

describe('the reminder at the drop, end to end through a real push service', () => {
  it('sends an encrypted, VAPID-signed reminder at the drop; skips who already played; deletes 410s', async () => {
    const alice = await subscribed('/push/alice');
    const bob = await subscribed('/push/bob');
    const gone = await subscribed('/push/gone');
    const early = await subscribed('/push/early-bird');
    push.respond('/push/gone', 410);

    // Before the drop nothing is due.
    now = at('2026-05-20T08:59:00Z');
    expect(await reminders()).toEqual({ day: null, sent: 0, skipped: 0, removed: 0, failed: 0 });
    expect(push.received).toEqual([]);

    // The early bird plays the new day in its first seconds, before the sender runs.
    now = at('2026-05-20T09:00:20Z');
    const topic = day.topics[0]!;
    await mustSelect(t, early.who.cookie, topic.id);
    await mustAnswer(t, early.who.cookie, {
      questionId: day.questions.get(topic.id)![0]!.id,
      selectedOptionId: 'opt-1',
    });

    now = at('2026-05-20T09:00:40Z');
    expect(await reminders()).toEqual({ day: '2026-05-20', sent: 2, skipped: 1, removed: 1, failed: 0 });
    expect(push.received.map((r) => r.path).sort()).toEqual(['/push/alice', '/push/bob', '/push/gone']);

    const expected = dropReminderPayload('2026-05-20');
    for (const [path, browser] of [
      ['/push/alice', alice.browser],
      ['/push/bob', bob.browser],
    ] as const) {
      const request = push.received.find((r) => r.path === path)!;
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers['content-type']).toBe('application/octet-stream');
      expect(Number(request.headers.ttl)).toBe(REMINDER_TTL_SECONDS);
      expect(request.headers.urgency).toBe('normal');
      expect(request.headers.topic).toBe('daily-drop');
      // The body is ciphertext: the payload's text does not appear in it.
      expect(request.body.includes(Buffer.from(expected.title))).toBe(false);
      const payload = DropReminderPayloadSchema.parse(JSON.parse(browser.decrypt(request.body)));
      expect(payload).toEqual(expected);
      expect(payload.url).toBe('/');
      const claims = verifyVapidAuthorization(request.headers.authorization, vapid.publicKey);
      expect(claims.aud).toBe(push.origin);
      expect(claims.sub).toBe(vapid.subject);
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    }
    // One browser's key cannot read another's message.
    const bobsRequest = push.received.find((r) => r.path === '/push/bob')!;
    expect(() => alice.browser.decrypt(bobsRequest.body)).toThrow();

    // The 410 subscription is gone; the others stay.
    const rows = await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.userId, [
      alice.who.user.id,
      bob.who.user.id,
      gone.who.user.id,
      early.who.user.id,
    ]);
    expect(rows.map((r) => r.endpoint).sort()).toEqual(
      [`${push.origin}/push/alice`, `${push.origin}/push/bob`, `${push.origin}/push/early-bird`].sort(),
    );

    // A day's reminder goes out once, however often the timer fires.
    now = at('2026-05-20T09:01:40Z');
    expect(await reminders()).toMatchObject({ day: '2026-05-20', sent: 0, skipped: 0 });
    expect(push.received).toHaveLength(3);
  });

  it('never sends a day twice when runs overlap (several processes, overlapping cron runs)', async () => {
    const paths = Array.from({ length: 7 }, (_, i) => `/push/p${i}`);
    for (const path of paths) await subscribed(path);
    now = at('2026-05-20T09:00:05Z');
    const runs = await Promise.all([
      sendDropReminders(t.deps, { batchSize: 2 }),
      sendDropReminders(t.deps, { batchSize: 3 }),
      sendDropReminders(t.deps, { batchSize: 1 }),
    ]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(paths.length);
    expect(push.received.map((r) => r.path).sort()).toEqual([...paths].sort());
  });

  it('catches up for a while after the drop, then waits for the next one', async () => {
    const carol = await subscribed('/push/carol');
    now = at('2026-05-20T11:55:00Z'); // under three hours after the drop: still sent
    expect(await reminders()).toMatchObject({ day: '2026-05-20', sent: 1 });
    now = at('2026-05-21T12:30:00Z'); // three and a half hours after the next drop: too late, not sent
    expect(await reminders()).toEqual({ day: null, sent: 0, skipped: 0, removed: 0, failed: 0 });
    now = at('2026-05-22T09:00:01Z');
    expect(await reminders()).toMatchObject({ day: '2026-05-22', sent: 1 });
    const messages = push.received
      .filter((r) => r.path === '/push/carol')
      .map((r) => JSON.parse(carol.browser.decrypt(r.body)));
    expect(messages.map((m: { date: string }) => m.date)).toEqual(['2026-05-20', '2026-05-22']);
  });

  it('subscribing after the drop waits for the next drop; unsubscribing stops reminders', async () => {
    now = at('2026-05-20T09:30:00Z');
    const dave = await subscribed('/push/dave');
    expect(await reminders()).toMatchObject({ day: '2026-05-20', sent: 0 });
    now = at('2026-05-21T09:00:30Z');
    expect(await reminders()).toMatchObject({ day: '2026-05-21', sent: 1 });
    const off = await t.request('/api/push/subscriptions', {
      method: 'DELETE',
      cookie: dave.who.cookie,
      json: { endpoint: dave.browser.json.endpoint },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ subscribed: false });
    now = at('2026-05-22T09:00:30Z');
    expect(await reminders()).toMatchObject({ day: '2026-05-22', sent: 0 });
    expect(push.received).toHaveLength(1);
  });

  it('counts an unreachable or failing push service as failed without throwing', async () => {
    await subscribed('/push/broken');
    push.respond('/push/broken', 500);
    const who = await player(t);
    const dead = newBrowserSubscription('http://127.0.0.1:9/push/nobody-listens');
    expect(
      (await t.request('/api/push/subscriptions', { method: 'POST', cookie: who.cookie, json: dead.json }))
        .status,
    ).toBe(201);
    now = at('2026-05-20T09:00:05Z');
    expect(await reminders()).toEqual({ day: '2026-05-20', sent: 0, skipped: 0, removed: 0, failed: 2 });
  });

  it('checks every endpoint again before sending: one no longer allowed is deleted, never sent to', async () => {
    const kept = await subscribed('/push/kept');
    await subscribed('/push/dropped-from-the-list');
    // Stored by an older release that took any URL: a metadata address.
    const stale = await player(t);
    await t.db.insert(pushSubscriptions).values({
      id: 'stale',
      userId: stale.user.id,
      endpoint: 'https://169.254.169.254/latest/meta-data/',
      p256dh: kept.browser.json.keys.p256dh,
      auth: kept.browser.json.keys.auth,
      lastSentDay: '2026-05-19',
    });
    const requested: string[] = [];
    const spy: typeof fetch = (input, init) => {
      requested.push(String(input));
      return fetch(input, init);
    };
    now = at('2026-05-20T09:00:05Z');
    const run = await sendDropReminders(t.deps, { fetch: spy });
    expect(run).toEqual({ day: '2026-05-20', sent: 2, skipped: 0, removed: 1, failed: 0 });
    expect(requested.some((url) => url.includes('169.254.169.254'))).toBe(false);
    expect(await rowsWhere(t.db, pushSubscriptions, pushSubscriptions.id, 'stale')).toEqual([]);

    // With the local service taken off the list, its subscriptions are deleted at the next drop, unsent.
    t.deps.config = { ...t.deps.config, pushEndpointHosts: [...DEFAULT_PUSH_ENDPOINT_HOSTS] };
    push.received.length = 0;
    now = at('2026-05-21T09:00:05Z');
    expect(await reminders()).toEqual({ day: '2026-05-21', sent: 0, skipped: 0, removed: 2, failed: 0 });
    expect(push.received).toEqual([]);
  });

  it('sends nothing when no VAPID keys are configured', async () => {
    await subscribed('/push/x');
    now = at('2026-05-20T09:00:05Z');
    expect(await sendDropReminders({ ...t.deps, config: { ...t.deps.config, vapid: null } })).toEqual({
      day: null,
      sent: 0,
      skipped: 0,
      removed: 0,
      failed: 0,
    });
  });
});
