import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { DropReminderPayload } from '../../shared/src/contracts/push';
import { dropReminderPayload } from '../../shared/src/domain/reminder';
import {
  PHONE,
  launchBrowser,
  newPage,
  signUpViaApi,
  startServer,
  useSession,
  type TestServer,
} from './fixtures';

/**
 * The reminder in the browser: with the app's service worker registered, the profile switch is
 * offered and reports a failure beside itself; a push message delivered to the worker (DevTools'
 * ServiceWorker.deliverPushMessage, as a push service would) shows the day's notification.
 */
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the reminder at the drop in the browser', () => {
  it('offers the switch with the service worker, and the worker shows a pushed reminder', async () => {
    const { cookie } = await signUpViaApi(server.baseUrl, `remind_${Date.now().toString(36)}`);
    const page = await newPage(browser, server.baseUrl, PHONE, { serviceWorkers: 'allow' });
    await page.context().grantPermissions(['notifications'], { origin: server.baseUrl });
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/profile-setup');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.reload();
    const toggle = page.getByRole('switch', { name: 'Daily reminder' });
    await toggle.waitFor();
    await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // Offline, Chromium cannot reach its push service to create a subscription: the switch says so beside it
    // and stays off (the server side of subscribing is covered by the API tests with real key material).
    await toggle.click();
    const problem = page.getByTestId('reminder-toggle').getByRole('alert');
    await problem.waitFor({ timeout: 20_000 });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    // Plain words, never the browser's own error ("Registration failed - push service error").
    expect(await problem.textContent()).toBe(
      'This browser could not reach its notification service just now. Check your connection and try again later.',
    );
    await page.screenshot({ path: '/tmp/shots/reminder-toggle-phone.png' });

    // Deliver a reminder to the worker as a push service would, and read back the notification it shows.
    const cdp = await page.context().newCDPSession(page);
    const { registrations } = await new Promise<{
      registrations: { registrationId: string; scopeURL: string }[];
    }>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => resolve(e as never));
      void cdp.send('ServiceWorker.enable');
    });
    const registration = registrations.find((r) => r.scopeURL.startsWith(server.baseUrl))!;
    const payload: DropReminderPayload = dropReminderPayload('2026-11-24');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.baseUrl,
      registrationId: registration.registrationId,
      data: JSON.stringify(payload),
    });
    const shown = await page.waitForFunction(
      async () => {
        const reg = await navigator.serviceWorker.ready;
        const list = await reg.getNotifications();
        return list.length > 0
          ? list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }))
          : null;
      },
      undefined,
      { timeout: 15_000 },
    );
    expect(await shown.jsonValue()).toEqual([
      { title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/' } },
    ]);

    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
