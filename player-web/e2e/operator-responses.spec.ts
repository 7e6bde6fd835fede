import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import {
  PLAYER_PROFILE,
  launchBrowser,
  newPage,
  signUpWithProfile,
  startServer,
  type TestServer,
} from './fixtures';

/**
 * Response Analytics against the real server (`npm start` build, demo database with today's answers): a chart
 * per question that follows the filter, stat cards under the filter, the demographic split of one question,
 * players by username, and counts that follow new answers. At 1440×900 and 390×844, axe-clean.
 */

const SHOTS = '/tmp/shots';
const ADMIN_PASSWORD = 'admin-dev';

let server: TestServer;
let browser: Browser;
let token: string;

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Origin: server.baseUrl };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.cookie) headers.Cookie = init.cookie;
  else if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

type Daily = {
  date: string;
  topics: { id: string; title: string; questions: { id: string; text: string; type: string }[] }[];
};
type Chart = { id: string; total: number; options: { id: string; text: string; count: number }[] };

/** A new player with a profile picks the topic and answers the question with `option`. */
async function answers(
  username: string,
  gender: string,
  topicId: string,
  questionId: string,
  option: string,
) {
  const { cookie } = await signUpWithProfile(server.baseUrl, username, { ...PLAYER_PROFILE, gender });
  await api('/api/select-topic', { method: 'POST', body: { topicId }, cookie });
  await api('/api/answers', { method: 'POST', body: { questionId, selectedOptionId: option }, cookie });
}

async function unlock(page: Page) {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await page.getByRole('tab', { name: 'Response Analytics' }).click();
  await page.getByRole('list', { name: 'Question charts' }).waitFor();
}

/** A chart's bar once it reads `label` with `count` (its text: label, count, "(share%)"). */
async function barReads(chart: Locator, label: string, count: number) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await chart
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^${escaped}${count.toLocaleString('en-US')}\\(`) })
    .waitFor({ timeout: 15_000 });
}

/** The text of a stat card's value once it reads `expected`. */
async function cardReads(page: Page, label: string, expected: number) {
  await page
    .getByRole('list', { name: 'Response statistics' })
    .getByRole('listitem')
    .filter({ hasText: `${label}${expected.toLocaleString('en-US')}` })
    .waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  token = (
    await api<{ token: string }>('/api/admin/unlock', { method: 'POST', body: { password: ADMIN_PASSWORD } })
  ).token;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Response Analytics', () => {
  it('charts each question under the filter, splits one by group, names players and follows new answers', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, `e2e_look_${Date.now().toString(36)}`);
    const daily = await api<Daily>('/api/daily-topics', { cookie });
    const topic = daily.topics.find((t) => t.questions.some((q) => q.type === 'multiple_choice'))!;
    const question = topic.questions.find((q) => q.type === 'multiple_choice')!;
    const stamp = Date.now().toString(36);
    const ann = `e2e_ann_${stamp}`;
    await answers(ann, 'female', topic.id, question.id, 'opt-2');
    await answers(`e2e_bob_${stamp}`, 'male', topic.id, question.id, 'opt-1');

    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await unlock(page);
    await page.getByLabel('Date', { exact: true }).selectOption(daily.date);
    await page.getByLabel('Topic', { exact: true }).selectOption(topic.id);
    // The question filter offers only the chosen topic's questions.
    const offered = await page.getByLabel('Question', { exact: true }).locator('option').allTextContents();
    expect(offered).toHaveLength(topic.questions.length + 1);
    await page.getByLabel('Question', { exact: true }).selectOption(question.id);

    // The chart: every option with the server's current count.
    const q = `date=${daily.date}&questionId=${question.id}`;
    const [chart] = (await api<{ questions: Chart[] }>(`/api/admin/stats/responses/questions?${q}`))
      .questions;
    expect(chart!.total).toBeGreaterThanOrEqual(2);
    const bars = page.getByRole('list', { name: `Answers to: ${question.text}` });
    for (const option of chart!.options) await barReads(bars, option.text, option.count);
    await cardReads(page, 'Total Responses', chart!.total);
    await cardReads(page, 'Total Questions', 1);

    // Players by username in the list.
    await page.getByRole('list', { name: 'Response list' }).getByText(ann, { exact: true }).waitFor();

    // The split of this question by gender, and the cards under a gender filter.
    const genderSplit = page.getByRole('list', { name: 'Gender: answers by group' });
    await genderSplit.getByRole('listitem').filter({ hasText: 'Female' }).waitFor();
    await page.getByLabel('Gender', { exact: true }).selectOption('female');
    const women = await api<{ totalResponses: number }>(`/api/admin/stats/responses?${q}&gender=female`);
    await cardReads(page, 'Total Responses', women.totalResponses);
    await page.screenshot({ path: `${SHOTS}/response-analytics-filtered-1440.png`, fullPage: true });
    await page.getByRole('region', { name: 'Demographic split' }).screenshot({
      path: `${SHOTS}/response-analytics-split-1440.png`,
    });
    await expectNoAxeViolations(page, 'Response Analytics, one question and a group, 1440');

    // A new answer: the figures follow without a reload, and the list offers the new row.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Question', { exact: true }).selectOption(question.id);
    await cardReads(page, 'Total Responses', chart!.total);
    const cat = `e2e_cat_${stamp}`;
    await answers(cat, 'non_binary', topic.id, question.id, 'opt-1');
    // The operator comes back to the window: the figures are read again (as every 30 seconds).
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await cardReads(page, 'Total Responses', chart!.total + 1);
    // The day moved, so the chart is read again: the new answer is in its option's bar.
    await barReads(bars, chart!.options[0]!.text, chart!.options[0]!.count + 1);
    const notice = page.getByRole('status').filter({ hasText: '1 new response since this list was read.' });
    await notice.getByRole('button', { name: 'Show the current list' }).click();
    await page.getByRole('list', { name: 'Response list' }).getByText(cat, { exact: true }).waitFor();
    await notice.waitFor({ state: 'detached' });

    // The whole date: a chart per question of the day.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    const all = await api<{ questions: Chart[] }>(`/api/admin/stats/responses/questions?date=${daily.date}`);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[aria-label="Question charts"] > li').length === n,
      all.questions.length,
    );
    await page.screenshot({ path: `${SHOTS}/response-analytics-1440.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/response-analytics-top-1440.png` });
    await expectNoAxeViolations(page, 'Response Analytics, a whole date, 1440');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('fits a phone: no sideways scroll, axe-clean, the split readable', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    await unlock(page);
    await page.waitForLoadState('networkidle');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/response-analytics-390.png`, fullPage: true });
    await page.screenshot({ path: `${SHOTS}/response-analytics-top-390.png` });
    await page
      .getByRole('list', { name: 'Question charts' })
      .getByRole('listitem')
      .first()
      .screenshot({
        path: `${SHOTS}/response-analytics-chart-390.png`,
      });
    await expectNoAxeViolations(page, 'Response Analytics, 390');

    // One question: the per-group split with option shares.
    const questionSelect = page.getByLabel('Question', { exact: true });
    const first = await questionSelect.locator('option').nth(1).getAttribute('value');
    await questionSelect.selectOption(first!);
    await page.getByLabel('Age', { exact: true }).selectOption('25-34');
    await page.waitForLoadState('networkidle');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/response-analytics-question-390.png`, fullPage: true });
    await page.getByRole('region', { name: 'Demographic split' }).screenshot({
      path: `${SHOTS}/response-analytics-split-390.png`,
    });
    await page.getByRole('region', { name: 'Responses' }).screenshot({
      path: `${SHOTS}/response-analytics-list-390.png`,
    });
    await expectNoAxeViolations(page, 'Response Analytics, one question, 390');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 90_000);
});
