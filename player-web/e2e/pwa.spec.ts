import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  launchBrowser,
  newPage,
  PHONE,
  signUpViaApi,
  startServer,
  useSession,
  type TestServer,
} from './fixtures';

/**
 * Installable and honest on a phone: the web app manifest and its icons, the service worker's app shell
 * (a reload without network shows the app's own offline screen, and no API response is ever cached), and
 * toasts that never cover the primary button of the screen at 390×844.
 */

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ ACCOUNT_LIMIT_PER_HOUR: '0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function profiledPlayer(): Promise<string> {
  const { cookie } = await signUpViaApi(server.baseUrl, `pwa_${Math.random().toString(36).slice(2, 10)}`);
  const res = await fetch(`${server.baseUrl}/api/profile`, {
    method: 'PUT',
    headers: { Cookie: cookie, Origin: server.baseUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      gender: 'female',
      ageBracket: '35-44',
      raceBracket: 'indian',
      country: 'South Africa',
      city: 'Durban',
    }),
  });
  if (!res.ok) throw new Error(`profile: ${res.status}`);
  return cookie;
}

const overlaps = async (a: Locator, b: Locator) => {
  const [x, y] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
};

describe('installable app', () => {
  it('serves a web app manifest with the brand, a start URL and 192/512 icons, plain and maskable', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const res = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Daily Tea',
      short_name: 'Daily Tea',
      start_url: '/',
      display: 'standalone',
      theme_color: '#5f22c8',
    });
    for (const [sizes, purpose] of [
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['192x192', 'maskable'],
      ['512x512', 'maskable'],
    ]) {
      const icon = manifest.icons.find((i) => i.sizes === sizes && i.purpose === purpose);
      expect(icon, `${sizes} ${purpose}`).toBeDefined();
      const png = await fetch(`${server.baseUrl}${icon!.src}`);
      expect(png.headers.get('content-type')).toBe('image/png');
      const bytes = new Uint8Array(await png.arrayBuffer());
      // PNG signature, then the IHDR width and height.
      expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      const view = new DataView(bytes.buffer);
      expect(`${view.getUint32(16)}x${view.getUint32(20)}`).toBe(sizes);
    }
    expect((await fetch(`${server.baseUrl}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  it('reloads without a network into the cached app shell with an offline screen, never a cached API answer', async () => {
    const cookie = await profiledPlayer();
    const page = await newPage(browser, server.baseUrl, PHONE, { serviceWorkers: 'allow' });
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: "Today's Topics" }).waitFor();
    // The worker installs after the first load and takes control of the page (clientsClaim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.getByTestId('topic-card').first().waitFor();
    // Chromium's own installability check (what Android and desktop Chrome use to offer "Install app").
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito ("in-incognito"); nothing about the app itself may be missing.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
    expect(installabilityErrors.length).toBeLessThanOrEqual(1);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'You’re offline' }).waitFor();
    expect(await page.getByTestId('offline').textContent()).toContain('needs a connection');
    // Deep links boot from the same shell.
    await page.goto('/topics/anything/results');
    await page.getByRole('heading', { level: 1, name: 'You’re offline' }).waitFor();

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const req of await (await caches.open(name)).keys()) urls.push(req.url);
      return urls;
    });
    expect(cached.some((u) => new URL(u).pathname === '/index.html')).toBe(true);
    expect(cached.filter((u) => new URL(u).pathname.startsWith('/api/'))).toEqual([]);

    // Back online, "Try again" picks up where the player was.
    await page.context().setOffline(false);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: "Today's Topics" }).waitFor();
    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: "Today's Topics" }).waitFor();
    await page.context().close();
  });
});

describe('toasts on a 390×844 phone', () => {
  async function expectClear(page: Page, toast: Locator, button: Locator) {
    await toast.waitFor();
    await page.waitForTimeout(300); // the slide-in transition
    expect(await overlaps(toast, button)).toBe(false);
  }

  it('keep clear of Sign In, Create Account, the numeric Submit and the profile button, and leave with their screen', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await page.goto('/auth');
    await page.getByLabel('Username').first().fill('nobody_here');
    await page.getByLabel('Password').first().fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await expectClear(
      page,
      page.locator('[data-variant="destructive"]'),
      page.getByRole('button', { name: 'Sign In', exact: true }).last(),
    );

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('Username').last().fill('demo_1');
    await page.getByLabel('Password').last().fill('password123');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectClear(
      page,
      page.locator('[data-variant="destructive"]').filter({ hasText: 'Registration failed' }),
      page.getByRole('button', { name: 'Create Account' }),
    );

    const cookie = await profiledPlayer();
    await useSession(page, server.baseUrl, cookie);
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: server.baseUrl, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const { topics } = (await (
      await fetch(`${server.baseUrl}/api/daily-topics`, { headers: { Cookie: cookie } })
    ).json()) as {
      topics: { id: string; questions: { id: string; type: string; maxValue: number | null }[] }[];
    };
    const numericTopic = topics.find((t) => t.questions.some((q) => q.type === 'numeric'))!;
    expect(numericTopic).toBeDefined();
    const at = numericTopic.questions.findIndex((q) => q.type === 'numeric');
    await post('/api/select-topic', { topicId: numericTopic.id });
    for (const q of numericTopic.questions.slice(0, at))
      await post('/api/answers', { questionId: q.id, selectedOptionId: 'opt-1' });
    await page.goto(`/topics/${numericTopic.id}`);
    await page.getByRole('spinbutton').fill(String((numericTopic.questions[at]!.maxValue ?? 100) + 1000));
    await page.getByRole('button', { name: 'Submit' }).click();
    // Beside the input only (ADR 0241: no toast repeating it over the heading), clear of Submit…
    const inline = page.getByRole('alert').filter({ hasText: 'Number too large' });
    await expectClear(page, inline, page.getByRole('button', { name: 'Submit' }));
    expect(await page.locator('[data-variant="destructive"]').count()).toBe(0);
    // …and gone once the player leaves the screen.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: "Today's Topics" }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Number too large' }).count()).toBe(0);

    expect(page.errors).toEqual([]);
    await page.context().close();

    const guest = await newPage(browser, server.baseUrl, PHONE);
    await guest.goto('/auth');
    await guest.getByRole('button', { name: 'Continue as Guest' }).click();
    await guest.waitForURL('**/profile-setup');
    const done = guest.getByRole('button', { name: "All Set! Let's Go" });
    await done.click();
    await expectClear(
      guest,
      guest.locator('[data-variant="destructive"]').filter({ hasText: 'Required fields missing' }),
      done,
    );
    await guest.context().close();
  });
});
