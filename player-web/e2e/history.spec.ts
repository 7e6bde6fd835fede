import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolationsInBothThemes } from './axe';
import {
  launchBrowser,
  newPage,
  PHONE,
  signUpWithProfile,
  startServer,
  useSession,
  type TestServer,
} from './fixtures';

/**
 * A player's history, yesterday's topics and a dark mode (docs/decisions/0270-history-and-archive.md,
 * 0271-dark-mode.md): /stats after a day played, a past day from /archive played to its results under the past-day
 * banner, and the colour scheme chosen in the profile surviving a reload — each screen axe-checked in both themes
 * and screenshotted at 390 and 1440 px.
 */

let server: TestServer;
let browser: Browser;
const SHOTS = process.env.SCREENSHOT_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'daily-tea-shots', 'history');

type Question = { id: string; type: string; minValue: number | null; options: unknown[] };
type Topic = { id: string; title: string; isSelected: boolean; questions: Question[] };

async function api<T>(cookie: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: server.baseUrl, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const checkBothThemes = (page: Page, name: string) => expectNoAxeViolationsInBothThemes(page, name, SHOTS);

const newName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('history', () => {
  it('opens from the streak pill on a finished day, beside the way to past days, and shows the day played', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, newName('hist'));
    const { topics } = await api<{ topics: Topic[] }>(cookie, '/api/daily-topics');
    const played = topics.filter((t) => t.questions.length > 0).slice(0, 3);
    for (const topic of played) {
      await api(cookie, '/api/select-topic', 'POST', { topicId: topic.id });
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
    const answers = played.reduce((n, t) => n + t.questions.length, 0);

    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/');
    // Today is done: home offers past days.
    await page
      .getByTestId('archive-invite')
      .getByRole('link', { name: /Play past days/ })
      .waitFor();
    await page.getByTestId('header-streak').click();
    await page.waitForURL('**/stats');
    await page.getByRole('heading', { name: 'Your history', level: 1 }).waitFor();
    await page.getByTestId('calendar-summary').getByText('Played 1 of the last 90 days').waitFor();
    expect(await page.getByTestId('stats-streak').textContent()).toContain('1 day');
    expect(await page.getByTestId('stats-days').textContent()).toContain('1');
    expect(await page.getByTestId('stats-answers').textContent()).toContain(String(answers));
    const badges = await page.getByTestId('stats-badges').textContent();
    expect(badges).toMatch(/First Answer/i);
    expect(badges).toMatch(/Full House/i);
    expect(await page.locator('[data-testid="calendar"] [data-state="played"]').count()).toBe(1);
    await checkBothThemes(page, 'stats');
    await page.goto('/');
    await page.getByTestId('archive-invite').waitFor();
    await checkBothThemes(page, 'home-done');
    expect(page.errors).toEqual([]);
  });
});

describe('the archive', () => {
  it('lists past days, and a past day plays like today to its results, marked as a past day', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, newName('arch'));
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/archive');
    await page.getByRole('heading', { name: 'Past days', level: 1 }).waitFor();
    const days = page.getByTestId('archive-day');
    await days.first().waitFor();
    const today = (await api<{ date: string }>(cookie, '/api/daily-topics')).date;
    const listed = await page
      .locator('[data-testid="archive-day"] time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((d) => d !== null && d < today)).toBe(true);
    await checkBothThemes(page, 'archive');

    const date = listed[0]!;
    await days
      .first()
      .getByRole('link', { name: /^Open / })
      .click();
    await page.getByRole('heading', { name: /^Topics of /, level: 1 }).waitFor();
    await page.getByTestId('past-day-banner').waitFor();
    await checkBothThemes(page, 'archive-day');

    const { topics } = await api<{ topics: Topic[] }>(cookie, `/api/archive/${date}`);
    const topic = topics[0]!;
    await page.getByRole('button', { name: `Pick and start: ${topic.title}` }).click();
    await page.waitForURL(`**/archive/${date}/topics/${topic.id}`);
    await page.getByTestId('past-day-banner').waitFor();
    await page.getByText(`Question 1 of ${topic.questions.length}`).waitFor();
    await checkBothThemes(page, 'archive-question');
    for (const [i, q] of topic.questions.entries()) {
      await page.getByText(`Question ${i + 1} of ${topic.questions.length}`).waitFor();
      if (q.type === 'numeric') {
        await page.getByLabel(/Your answer/).fill(String(q.minValue ?? 1));
        await page.getByRole('button', { name: 'Submit' }).click();
      } else {
        await page.getByRole('group', { name: 'Answer options' }).getByRole('button').first().click();
      }
    }
    await page.waitForURL(`**/archive/${date}/topics/${topic.id}/results`);
    await page.getByTestId('past-day-banner').waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(1500);
    await checkBothThemes(page, 'archive-results');

    // Late: counted in results, no streak, the archive shows the answers.
    const stats = await api<{ currentStreak: number; daysPlayed: number; answers: number }>(
      cookie,
      '/api/me/stats',
    );
    expect(stats).toMatchObject({ currentStreak: 0, daysPlayed: 0, answers: topic.questions.length });
    const page1 = await api<{ days: { date: string; topics: { id: string; answered: number }[] }[] }>(
      cookie,
      '/api/archive',
    );
    const day = page1.days.find((d) => d.date === date)!;
    expect(day.topics.find((t) => t.id === topic.id)!.answered).toBe(topic.questions.length);
    expect(page.errors).toEqual([]);
  });
});

describe('dark mode', () => {
  it('follows the system by default, and the choice in the profile is saved and applied before the first paint', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, newName('dark'));
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    // The page's background painted on a 1×1 canvas (computed colours come as lab(), oklch() or rgb()).
    const isDark = () =>
      page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d')!;
        context.fillStyle = getComputedStyle(document.body).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return r! + g! + b! < 150;
      });

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(isDark).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(isDark).toBe(false);

    await page.goto('/profile-setup');
    const setting = page.getByTestId('theme-setting');
    await setting.waitFor();
    await checkBothThemes(page, 'profile-theme');
    await setting.getByText('Dark', { exact: true }).click();
    await expect.poll(isDark).toBe(true);
    await expect
      .poll(
        async () => (await api<{ preferences: { theme: string } }>(cookie, '/api/user')).preferences.theme,
      )
      .toBe('dark');

    // The system says light; the saved choice wins from the first frame on (the inline head script runs before the body).
    await page.emulateMedia({ colorScheme: 'light' });
    const firstFrame: string[] = [];
    await page.exposeFunction('recordFirstFrame', (value: string) => firstFrame.push(value));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const w = window as unknown as { recordFirstFrame: (v: string) => void };
        w.recordFirstFrame(
          `${document.documentElement.className}|${getComputedStyle(document.body).backgroundColor}`,
        );
      });
    });
    await page.reload();
    await page.getByTestId('theme-setting').waitFor();
    await expect.poll(isDark).toBe(true);
    expect(firstFrame[0]).toMatch(/^dark\|/);
    // Signed out, nothing but index.html's inline theme script can have put it there: the choice is remembered on the device.
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    await expect.poll(isDark).toBe(true);
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/profile-setup');
    await page.getByTestId('theme-setting').waitFor();
    expect(await page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);

    await page.getByTestId('theme-setting').getByText('System', { exact: true }).click();
    await expect.poll(isDark).toBe(false);
    await expect
      .poll(
        async () => (await api<{ preferences: { theme: string } }>(cookie, '/api/user')).preferences.theme,
      )
      .toBe('system');
    expect(page.errors).toEqual([]);
  });
});
