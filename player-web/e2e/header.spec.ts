import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import {
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  signUpWithProfile,
  startServer,
  useSession,
  type TestServer,
} from './fixtures';

/**
 * The player header on every player screen (docs/decisions/0282-phone-header-menu.md): on a phone the player's name,
 * place and date keep their width and Friends, how to play and Logout sit in a menu (Headless UI, keyboard and
 * screen-reader ready, 44 px rows); on a wide screen they stay in the header. Screenshots of each screen's header
 * at 390 and 1440 px in both themes.
 */

let server: TestServer;
let browser: Browser;
const SHOTS = process.env.SCREENSHOT_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'daily-tea-shots', 'header');

type Question = { id: string; type: string; minValue: number | null };
type Topic = { id: string; questions: Question[] };

async function api<T>(cookie: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: server.baseUrl, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Picks `topic` (today's, or a past day's with `date`) and answers all its questions. */
async function playTopic(cookie: string, topic: Topic, date?: string) {
  await api(cookie, date ? `/api/archive/${date}/select-topic` : '/api/select-topic', 'POST', {
    topicId: topic.id,
  });
  for (const q of topic.questions)
    await api(
      cookie,
      '/api/answers',
      'POST',
      q.type === 'numeric'
        ? { questionId: q.id, numericValue: q.minValue ?? 1 }
        : { questionId: q.id, selectedOptionId: 'opt-1' },
    );
}

/** True when the element shows its whole text (nothing cut with an ellipsis). */
const showsWhole = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().width > 0);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('player header', () => {
  it('keeps the name, place and streak whole on every screen at 390 px, with the rest in a menu; inline at 1440 px', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // A long but ordinary name (16 characters) and a two-part place.
    const username = `nokuthula_${Math.random().toString(36).slice(2, 8)}`;
    const { cookie } = await signUpWithProfile(server.baseUrl, username);
    const { topics } = await api<{ topics: Topic[] }>(cookie, '/api/daily-topics');
    const today = topics.find((t) => t.questions.length > 0)!;
    await playTopic(cookie, today);
    const { days } = await api<{ days: { date: string; topics: { id: string }[] }[] }>(
      cookie,
      '/api/archive',
    );
    const past = days[0]!;
    const pastTopic = (await api<{ topics: Topic[] }>(cookie, `/api/archive/${past.date}`)).topics.find(
      (t) => t.questions.length > 0,
    )!;
    await playTopic(cookie, pastTopic, past.date);

    const screens: [string, string][] = [
      ['home', '/'],
      ['question', `/topics/${today.id}`],
      ['results', `/topics/${today.id}/results`],
      ['stats', '/stats'],
      ['archive', '/archive'],
      ['past-day', `/archive/${past.date}`],
      ['past-results', `/archive/${past.date}/topics/${pastTopic.id}/results`],
      ['friends', '/friends'],
    ];
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    const banner = page.getByRole('banner');
    for (const [name, path] of screens) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByTestId('header-date').waitFor();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        for (const viewport of [PHONE, DESKTOP]) {
          await page.setViewportSize(viewport);
          const phone = viewport === PHONE;
          await (phone ? banner.getByTestId('header-menu') : banner.getByTestId('header-friends')).waitFor();
          expect(await banner.getByTestId('header-menu').count()).toBe(phone ? 1 : 0);
          expect(await banner.getByRole('button', { name: 'Logout' }).count()).toBe(phone ? 0 : 1);
          expect(await page.getByTestId('header-username').textContent()).toBe(username);
          expect(await showsWhole(page, 'header-username'), `${name}: name cut at ${viewport.width}`).toBe(
            true,
          );
          expect(await showsWhole(page, 'header-location'), `${name}: place cut at ${viewport.width}`).toBe(
            true,
          );
          expect(await showsWhole(page, 'header-date'), `${name}: date cut at ${viewport.width}`).toBe(true);
          const box = (await page.locator('header[data-player-header]').boundingBox())!;
          await page.screenshot({
            path: join(SHOTS, `${name}-${colorScheme}-${viewport.width}.png`),
            clip: { x: 0, y: 0, width: viewport.width, height: box.height + 8 },
          });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(PHONE);
    }
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('opens the phone menu by touch and keyboard: Friends, how to play and Logout, 44 px rows, axe clean', async () => {
    const { cookie } = await signUpWithProfile(
      server.baseUrl,
      `menu_${Math.random().toString(36).slice(2, 8)}`,
    );
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/stats');
    await page.getByRole('heading', { level: 1, name: 'Your history' }).waitFor();
    const button = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // The menu's code waits until it is wanted: it never competes with the screen's first requests.
    const fetched = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/header-menu-')),
      );
    expect(await fetched()).toBe(false);

    // Keyboard: focus fetches it and hands the focus to it; Enter opens it with the first item focused, arrows
    // move, Escape closes back onto the button.
    await button.focus();
    await page.waitForFunction(() => document.activeElement?.id.startsWith('headlessui-menu-button'));
    expect(await fetched()).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const items = menu.getByRole('menuitem');
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining('Friends'),
      expect.stringContaining('How to play'),
      expect.stringContaining('Logout'),
    ]);
    for (const item of await items.all())
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expectNoAxeViolations(page, `header menu open (${colorScheme})`);
      await page.screenshot({ path: join(SHOTS, `menu-open-${colorScheme}-390.png`) });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.textContent?.includes('How to play'));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'header-menu');

    // Touch: Friends opens the Friends screen.
    await button.click();
    await page.getByRole('menuitem', { name: 'Friends' }).click();
    await page.waitForURL(/\/friends$/);
    await page.getByRole('heading', { level: 1, name: 'Friends' }).waitFor();

    // How to play shows its card on home, with the focus on it.
    await button.click();
    await page.getByRole('menuitem', { name: 'How to play' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByTestId('how-to-play').waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'how-to-play');

    // Logout signs out.
    await button.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
