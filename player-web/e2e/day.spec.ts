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
 * The player's day as a habit: product.md's question flow by default, guess the crowd offered once and
 * in the profile, and the screens that lead from one topic to the next and to the day's finish.
 */

let server: TestServer;
let browser: Browser;
const SHOTS = process.env.SCREENSHOT_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'daily-tea-shots', 'day');

type Question = { id: string; type: string; minValue: number | null };
type Topic = { id: string; title: string; questions: Question[] };

async function api<T>(cookie: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: server.baseUrl, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

async function both(page: Page, name: string) {
  await shot(page, `${name}-390`);
  const size = page.viewportSize()!;
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await shot(page, `${name}-1440`);
  await page.setViewportSize(size);
}

async function answerViaApi(cookie: string, q: Question) {
  await api(
    cookie,
    '/api/answers',
    'POST',
    q.type === 'numeric'
      ? { questionId: q.id, numericValue: q.minValue ?? 1 }
      : { questionId: q.id, selectedOptionId: 'opt-1' },
  );
}

const newName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the product's question flow by default", () => {
  it('a new player: a choice submits after ~300 ms and the next question shows ~500 ms after success, with no step between', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, newName('flow'));
    const me = await api<{ preferences: { guessTheCrowd: boolean } }>(cookie, '/api/user');
    expect(me.preferences.guessTheCrowd).toBe(false);
    const { topics } = await api<{ topics: Topic[] }>(cookie, '/api/daily-topics');
    // Two multiple-choice questions in a row (the ones before them answered through the API).
    const pairAt = (t: Topic) =>
      t.questions.findIndex(
        (q, i) => q.type === 'multiple_choice' && t.questions[i + 1]?.type === 'multiple_choice',
      );
    const topic = topics.find((t) => pairAt(t) >= 0)!;
    expect(topic).toBeDefined();
    const first = pairAt(topic);
    await api(cookie, '/api/select-topic', 'POST', { topicId: topic.id });
    for (const q of topic.questions.slice(0, first)) await answerViaApi(cookie, q);

    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto(`/topics/${topic.id}`);
    await page.getByText(`Question ${first + 1} of ${topic.questions.length}`).waitFor();
    // Anything like a guess step showing at any moment is caught, not just at the end.
    await page.evaluate(() => {
      const w = window as unknown as { sawGuess: boolean };
      w.sawGuess = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="guess-step"]')) w.sawGuess = true;
      }).observe(document.body, { subtree: true, childList: true });
    });

    let postedAt = 0;
    let answeredAt = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/answers')) postedAt = Date.now();
    });
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/api/answers')) answeredAt = Date.now();
    });
    const tappedAt = Date.now();
    await page.getByRole('group', { name: 'Answer options' }).getByRole('button').nth(1).click();
    await page.getByText(`Question ${first + 2} of ${topic.questions.length}`).waitFor({ timeout: 10_000 });
    const shownAt = Date.now();

    expect(postedAt - tappedAt).toBeGreaterThanOrEqual(280);
    expect(postedAt - tappedAt).toBeLessThan(1500);
    expect(answeredAt).toBeGreaterThan(0);
    expect(shownAt - answeredAt).toBeGreaterThanOrEqual(480);
    expect(shownAt - answeredAt).toBeLessThan(3000);
    expect(await page.evaluate(() => (window as unknown as { sawGuess: boolean }).sawGuess)).toBe(false);
    const stored = await api<{ topics: Topic[] }>(cookie, '/api/daily-topics');
    expect(
      (stored.topics.find((t) => t.id === topic.id)!.questions[first] as { userAnswer: unknown }).userAnswer,
    ).toEqual({ selectedOptionId: 'opt-2', numericValue: null });
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('offers guessing once on the first results, and the profile switches it', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, newName('offer'));
    const { topics } = await api<{ topics: Topic[] }>(cookie, '/api/daily-topics');
    const topic = topics.find((t) => t.questions.length > 0)!;
    await api(cookie, '/api/select-topic', 'POST', { topicId: topic.id });
    for (const q of topic.questions) await answerViaApi(cookie, q);

    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto(`/topics/${topic.id}/results`);
    const offer = page.getByTestId('guess-offer');
    await offer.getByText('Want to guess the crowd next time?').waitFor();
    await both(page, 'guess-offer');
    await offer.getByRole('button', { name: 'Turn on guessing' }).click();
    await offer.getByText('Guessing is on from your next answer').waitFor();
    await expect
      .poll(
        async () => (await api<{ preferences: { guessTheCrowd: boolean } }>(cookie, '/api/user')).preferences,
      )
      .toMatchObject({ guessTheCrowd: true });

    // Offered once: the next results do not ask again.
    await page.reload();
    await page.locator('[data-results-view]').waitFor();
    await page.getByRole('heading', { name: topic.title }).waitFor();
    expect(await page.getByTestId('guess-offer').count()).toBe(0);

    // The profile's switch shows the preference and turns it off.
    await page.goto('/profile-setup');
    const setting = page.getByTestId('guess-setting');
    const toggle = setting.getByRole('switch', { name: 'Guess the crowd' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect
      .poll(
        async () => (await api<{ preferences: { guessTheCrowd: boolean } }>(cookie, '/api/user')).preferences,
      )
      .toMatchObject({ guessTheCrowd: false });
    const box = (await toggle.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await both(page, 'profile-settings');
    await expectNoAxeViolations(page, 'profile with settings');
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
