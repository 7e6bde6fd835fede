import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import type { DailyQuestion, DailyTopicsResponse, QuestionResults } from '../../shared/src/contracts/daily';
import {
  citySection,
  countrySection,
  trendView,
} from '../src/features/results/components/trend-places-model';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  startServer,
  useSession,
  type TestServer,
  revealResults,
} from './fixtures';

/**
 * Trends and places on the results card, against the real server with the demo database: the
 * first topic of the day was also asked 14 and 7 days ago, and demo_1 (the demo's regular) played all three
 * days — a player sees the days they played (ADR 0230) — so demo_1 sees an "Over time" chart with three
 * dates, and "By Country" and "In {city}" sections. Every figure on screen is checked
 * against the API's own numbers; screenshots at 390×844 and 1440×900.
 */

const SHOTS = '/tmp/shots';
let server: TestServer;
let browser: Browser;

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Origin: server.baseUrl, Accept: 'application/json' };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(username: string, password: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
    body: JSON.stringify({ username, password }),
  });
  const session = /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!res.ok || !session) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return `session=${session}`;
}

async function checkTrend(card: Locator, question: DailyQuestion, results: QuestionResults) {
  const userOption = question.type === 'numeric' ? null : (question.userAnswer?.selectedOptionId ?? null);
  const view = trendView(question, results, userOption)!;
  expect(view.columns).toHaveLength(3);
  const trend = card.locator('[data-trend]');
  await expect(trend.locator('[data-trend-chart]').count()).resolves.toBe(1);
  const headers = trend.locator('thead th[data-date]');
  expect(await headers.count()).toBe(3);
  const t = results.trend!;
  // Columns of the wire format: a date below the threshold has its total and null figures.
  const shown = (i: number) =>
    (question.type === 'multiple_choice' ? t.counts?.[i] : t.averages?.[i]) != null;
  for (const [i, date] of t.dates.entries()) {
    const text = await headers.nth(i).innerText();
    expect(view.columns[i]!.date).toBe(date);
    expect(text).toContain(view.columns[i]!.label);
    expect(text).toContain(
      shown(i) ? `n = ${t.totals[i]!.toLocaleString('en-GB')}` : `${t.totals[i]} (too few)`,
    );
  }
  if (question.type === 'multiple_choice') {
    for (const [s, series] of view.series.entries()) {
      const cells = trend.locator(`tr[data-series-row="${series.id}"] td`);
      expect(await cells.count()).toBe(3);
      for (const k of t.dates.keys()) {
        const counts = t.counts?.[k];
        const expected = counts ? Math.round(((counts[s] ?? 0) / t.totals[k]!) * 100) : null;
        expect(await cells.nth(k).getAttribute('data-pct')).toBe(expected === null ? '' : String(expected));
      }
    }
  } else {
    const cells = trend.locator('tr[data-series-row="average"] td');
    for (const k of t.dates.keys()) {
      const average = t.averages?.[k] ?? null;
      expect(await cells.nth(k).getAttribute('data-average')).toBe(average === null ? '' : String(average));
    }
  }
  expect(await trend.locator('[data-trend-summary]').innerText()).toBe(view.summary);
}

async function checkPlaces(card: Locator, question: DailyQuestion, results: QuestionResults) {
  const userOption = question.type === 'numeric' ? null : (question.userAnswer?.selectedOptionId ?? null);
  const country = countrySection(question, results, userOption);
  const box = card.locator('[data-place="country"]');
  expect(await box.getByRole('heading', { name: 'By Country' }).count()).toBe(1);
  expect(country.available).toBe(true);
  expect(await box.locator('[data-group]').count()).toBe(results.places.byCountry.groups.length);
  for (const [i, group] of results.places.byCountry.groups.entries()) {
    const row = box.locator('[data-group]').nth(i);
    expect(await row.getAttribute('data-group-total')).toBe(String(group.total));
    expect(await row.innerText()).toContain(group.isOther ? 'Other countries' : group.label);
  }
  const city = citySection(question, results, userOption)!;
  const cityBox = card.locator('[data-place="city"]');
  expect(await cityBox.getByRole('heading', { name: city.title }).count()).toBe(1);
  if (city.available) {
    expect(await cityBox.locator('[data-group="city"]').getAttribute('data-group-total')).toBe(
      String(results.places.city!.total),
    );
    expect(await cityBox.locator('[data-group="everyone"]').getAttribute('data-group-total')).toBe(
      String(results.totalAnswers),
    );
  } else {
    expect(await cityBox.locator('[data-too-few]').innerText()).toContain('Too Few Respondents');
  }
}

describe('trends and places on the results card', () => {
  it('shows how a re-asked question moved over three dates, By Country and In {city}, as the API says', async () => {
    const cookie = await signIn('demo_1', 'demo-password');
    // A city with enough demo players for "In {city}" (a profile edit does not move earlier answers).
    await call('/api/profile', {
      method: 'PUT',
      cookie,
      body: {
        gender: 'female',
        ageBracket: '25-34',
        raceBracket: 'black',
        country: 'South Africa',
        city: 'Cape Town',
      },
    });
    const daily = await call<DailyTopicsResponse>('/api/daily-topics', { cookie });
    // The demo's first topic of the day carries the history (edge-api/src/seed/demo-history.ts); demo_1
    // answered it in full.
    const topic = daily.topics[0]!;
    expect(topic.questions.every((q) => q.userAnswer !== null)).toBe(true);
    const answered = (await call<DailyTopicsResponse>('/api/daily-topics', { cookie })).topics.find(
      (t) => t.id === topic.id,
    )!;

    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(browser, server.baseUrl, viewport);
      await useSession(page, server.baseUrl, cookie);
      await page.goto(`/topics/${topic.id}/results`);
      await page.getByRole('heading', { level: 1, name: topic.title }).waitFor();
      await revealResults(page);
      for (const question of answered.questions) {
        const results = await call<QuestionResults>(`/api/questions/${question.id}/results`, { cookie });
        const card = page.locator(`article[data-question-id="${question.id}"]`);
        await card.locator('[data-trend]').waitFor();
        await checkTrend(card, question, results);
        await checkPlaces(card, question, results);
      }
      const name = viewport === PHONE ? 'phone' : 'desktop';
      const first = page.locator('article[data-question-id]').first();
      await first.locator('[data-trend]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/trend-${name}.png` });
      await first.locator('[data-place="country"]').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/places-${name}.png` });
      const numeric = answered.questions.find((q) => q.type === 'numeric');
      if (numeric) {
        await page.locator(`article[data-question-id="${numeric.id}"] [data-trend]`).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/trend-numeric-${name}.png` });
      }
      // The trend, place and reminder additions are axe-clean (WCAG 2 A/AA).
      const axe = await new AxeBuilder({ page })
        .include('[data-trend]')
        .include('[data-places]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze();
      expect(
        axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
      // Nothing on the card is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });
});
