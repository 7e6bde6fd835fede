import { mkdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, signUpViaApi, startServer, type TestServer } from './fixtures';

/**
 * The admin console against the real server (`npm start` build, fresh demo database):
 * gate, dashboard figures, topic create/edit/deactivate/restore, response and user delete,
 * CSV download and the audit trail of all of it.
 */

const SHOTS = '/tmp/shots';
const ADMIN_PASSWORD = 'admin-dev';

type Json = Record<string, unknown>;

let server: TestServer;
let browser: Browser;
let adminToken: string;

async function api<T = Json>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; cookie?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Origin: server.baseUrl };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.Cookie = init.cookie;
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Registers a player through the API, picks today's first topic and answers its first question. */
async function playerWithOneAnswer(username: string) {
  const { cookie, user } = await signUpViaApi(server.baseUrl, username);
  const daily = await api<{
    date: string;
    topics: { id: string; questions: { id: string; type: string; minValue: number | null }[] }[];
  }>('/api/daily-topics', { cookie });
  const topic = daily.topics[0]!;
  await api('/api/select-topic', { method: 'POST', body: { topicId: topic.id }, cookie });
  const question = topic.questions[0]!;
  const body =
    question.type === 'numeric'
      ? { questionId: question.id, numericValue: question.minValue ?? 1 }
      : { questionId: question.id, selectedOptionId: 'opt-1' };
  const result = await api<{ answer: { id: string } }>('/api/answers', { method: 'POST', body, cookie });
  return { userId: user.id, answerId: result.answer.id, questionId: question.id, date: daily.date };
}

async function unlock(page: Page) {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
}

async function expectToast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 10_000 });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  adminToken = (
    await api<{ token: string }>('/api/admin/unlock', { method: 'POST', body: { password: ADMIN_PASSWORD } })
  ).token;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('admin console', () => {
  it('refuses a wrong password under the field, then unlocks with the right one and locks again on reload', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}/admin`);
    const submit = page.getByRole('button', { name: 'Access Admin Dashboard' });
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Back to Home' }).isVisible()).toBe(true);

    const field = page.getByLabel('Password', { exact: true });
    await field.fill('not-the-password');
    expect(await field.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: /Show/ }).click();
    expect(await field.getAttribute('type')).toBe('text');
    await submit.click();
    const error = page.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/incorrect password/i);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/admin-gate-1440.png` });

    await field.fill(ADMIN_PASSWORD);
    await submit.click();
    await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('button', { name: 'Exit Admin' }).isVisible()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows the server figures on the dashboard', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await unlock(page);
    const stats = await api<{
      totalTopics: number;
      totalQuestions: number;
      totalUsers: number;
      activeUsers7d: number;
    }>('/api/admin/stats/dashboard', { token: adminToken });
    const tiles = page.getByTestId('stat-tile');
    await tiles.first().waitFor();
    await page.waitForFunction(() => !document.querySelector('[data-testid="stat-tile"] .text-slate-300'));
    const texts = (await tiles.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(texts).toEqual([
      `Total Topics${stats.totalTopics.toLocaleString('en-US')}`,
      `Total Questions${stats.totalQuestions.toLocaleString('en-US')}`,
      `Total Users${stats.totalUsers.toLocaleString('en-US')}`,
      `Active Users (7d)${stats.activeUsers7d.toLocaleString('en-US')}`,
    ]);
    expect(await page.getByRole('heading', { name: 'Recent Questions' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/admin-dashboard-1440.png`, fullPage: true });
    expect(page.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('creates a multiple-choice question from the dashboard and lists it first under Recent Questions', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await unlock(page);
    const text = `E2E question ${Date.now()}: tea or coffee?`;
    await page.getByRole('button', { name: '+ Add Question' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Question').fill(text);
    const create = dialog.getByRole('button', { name: 'Create Question' });
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Tea');
    expect(await create.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Coffee');
    await dialog.getByRole('button', { name: 'Add Option' }).click();
    await dialog.getByRole('textbox', { name: 'Option 3' }).fill('Neither');
    await create.click();
    await expectToast(page, 'Question created!');
    const recent = page.getByRole('region', { name: 'Recent Questions' }).getByRole('listitem').first();
    await recent.filter({ hasText: text }).waitFor();
    expect(await recent.textContent()).toContain('Multiple Choice');
    const questions = await api<{ text: string; options: ({ text: string } | string)[] }[]>(
      '/api/admin/questions',
      { token: adminToken },
    );
    const created = questions.find((q) => q.text === text);
    expect(created?.options.map((o) => (typeof o === 'string' ? o : o.text))).toEqual([
      'Tea',
      'Coffee',
      'Neither',
    ]);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('creates, edits, deactivates and restores a topic with the spec toasts', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await unlock(page);
    await page.getByRole('tab', { name: 'Topics' }).click();
    const title = `E2E Topic ${Date.now()}`;
    await page.getByRole('button', { name: '+ Add Topic' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Made by the operator e2e test');
    await dialog.getByLabel('Category').fill('Testing');
    expect(await dialog.getByLabel('Active').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Create Topic' }).click();
    await expectToast(page, 'Topic created!');
    const card = page.getByRole('listitem', { name: title });
    await card.waitFor();
    expect(await card.textContent()).toContain('Active');

    const renamed = `${title} renamed`;
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await dialog.getByLabel('Title').fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Topic updated!');
    const renamedCard = page.getByRole('listitem', { name: renamed });
    await renamedCard.waitFor();

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(`Deactivate "${renamed}"? Players will no longer get it`);
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Topic deactivated!');
    await page.getByRole('button', { name: `Restore ${renamed}` }).waitFor();
    expect(await renamedCard.textContent()).toContain('Inactive');
    await page.screenshot({ path: `${SHOTS}/admin-topics-1440.png`, fullPage: true });
    const topicsAfterDeactivate = await api<{ title: string; isActive: boolean }[]>('/api/admin/topics', {
      token: adminToken,
    });
    expect(topicsAfterDeactivate.find((t) => t.title === renamed)?.isActive).toBe(false);

    await page.getByRole('button', { name: `Restore ${renamed}` }).click();
    await expectToast(page, 'Topic activated!');
    await page.getByRole('button', { name: `Delete ${renamed}` }).waitFor();
    const topicsAfterRestore = await api<{ title: string; isActive: boolean }[]>('/api/admin/topics', {
      token: adminToken,
    });
    expect(topicsAfterRestore.find((t) => t.title === renamed)?.isActive).toBe(true);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('downloads the CSV of a date, deletes a response and a user after confirming, and audits it all', async () => {
    const username = `e2e_op_${Date.now().toString(36)}`;
    const played = await playerWithOneAnswer(username);
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await unlock(page);

    // Response Analytics: today's date (the newest date is a future day with no responses yet).
    await page.getByRole('tab', { name: 'Response Analytics' }).click();
    await page.getByLabel('Date', { exact: true }).selectOption(played.date);
    const stats = await api<{ totalResponses: number }>(`/api/admin/stats/responses?date=${played.date}`, {
      token: adminToken,
    });
    const totalCard = page.getByRole('list', { name: 'Response statistics' }).getByRole('listitem').first();
    await page.waitForFunction(
      (expected) =>
        document.querySelector('[aria-label="Response statistics"] li p:nth-child(2)')?.textContent ===
        expected,
      stats.totalResponses.toLocaleString('en-US'),
    );
    expect(await totalCard.textContent()).toContain('Total Responses');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`responses-${played.date}.csv`);
    // The browser's own download of the ticket link: a file for spreadsheets, starting with a UTF-8 BOM.
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.startsWith('\uFEFF')).toBe(true);
    const csv = file.slice(1);
    const records = csv.split('\r\n').filter(Boolean);
    expect(records[0]).toBe(
      'answer_id,answered_at,user_id,username,topic,question_id,question,answer,selected_option_id,numeric_value,late',
    );
    expect(records.length - 1).toBe(stats.totalResponses);
    expect(csv).toContain(played.answerId);
    await expectToast(page, 'Export started');

    await page.getByLabel('Question', { exact: true }).selectOption(played.questionId);
    await page.getByRole('button', { name: `Delete response ${played.answerId}` }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(
      'Are you sure you want to delete this response? This action cannot be undone.',
    );
    await page.screenshot({ path: `${SHOTS}/admin-responses-confirm-1440.png` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Response deleted!');
    await page
      .getByRole('button', { name: `Delete response ${played.answerId}` })
      .waitFor({ state: 'detached' });
    const left = await api<{ items: { id: string }[] }>(
      `/api/admin/answers?date=${played.date}&questionId=${played.questionId}&limit=200`,
      {
        token: adminToken,
      },
    );
    expect(left.items.some((a) => a.id === played.answerId)).toBe(false);

    // User Analytics: find the player and delete them.
    await page.getByRole('tab', { name: 'User Analytics' }).click();
    await page.getByLabel('Search users by username').fill(username);
    await page.getByRole('button', { name: `Delete user ${username}` }).click();
    expect(await confirm.textContent()).toContain(
      `Are you sure you want to delete user "${username}"? This action cannot be undone.`,
    );
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'User deleted!');
    await page.getByRole('button', { name: `Delete user ${username}` }).waitFor({ state: 'detached' });
    const users = await api<{ items: { username: string }[] }>(`/api/admin/users?search=${username}`, {
      token: adminToken,
    });
    expect(users.items).toHaveLength(0);

    // Audit: the deletes are listed, newest first.
    await page.getByRole('tab', { name: 'Audit' }).click();
    const entries = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem');
    await entries.first().waitFor();
    const audit = await api<{ items: { action: string; summary: string; targetId: string | null }[] }>(
      '/api/admin/audit?limit=10',
      {
        token: adminToken,
      },
    );
    expect(audit.items.some((e) => e.targetId === played.answerId)).toBe(true);
    expect(audit.items.some((e) => e.targetId === played.userId)).toBe(true);
    const firstRow = await entries.first().textContent();
    expect(firstRow).toContain(audit.items[0]!.summary);
    const shown = (await entries.allTextContents()).join('\n');
    for (const entry of audit.items.slice(0, 5)) expect(shown).toContain(entry.summary);
    await page.screenshot({ path: `${SHOTS}/admin-audit-1440.png`, fullPage: true });
    expect(page.errors).toEqual([]);
    await page.close();
  }, 90_000);

  it('audits the topic changes made through the console', async () => {
    const audit = await api<{ items: { action: string; summary: string }[] }>('/api/admin/audit?limit=50', {
      token: adminToken,
    });
    const topicEntries = audit.items.filter((e) => /topic/i.test(e.action) && /E2E Topic/.test(e.summary));
    // create, rename, deactivate, restore
    expect(topicEntries.length).toBeGreaterThanOrEqual(4);
  });

  it('is usable on a phone-sized screen', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-gate-390.png` });
    await unlock(page);
    await page.waitForFunction(() => !document.querySelector('[data-testid="stat-tile"] .text-slate-300'));
    await page.screenshot({ path: `${SHOTS}/admin-dashboard-390.png`, fullPage: true });
    for (const [tab, name] of [
      ['User Analytics', 'users'],
      ['Topics', 'topics'],
      ['Question Scheduling', 'scheduling'],
      ['Response Analytics', 'responses'],
      ['Audit', 'audit'],
      ['Marketing', 'marketing'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/admin-${name}-390.png`, fullPage: true });
      // Nothing may push the page sideways on a phone.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    }
    expect(page.errors).toEqual([]);
    await page.close();
  }, 90_000);
});
