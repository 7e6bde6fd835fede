import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, newPage, signUpWithProfile, startServer } from './fixtures';

/**
 * The editor's console against the real server: unsaved drafts survive a console tab switch, Exit
 * Admin and a reload; unticking asks first; a saved question is edited in place (PATCH); Copy from Previous
 * Day replaces the day with linked copies; the question bank finds questions of other topics; and a day of
 * 3 topics × 4 multiple-choice questions is planned within the click budget (≤ 60 clicks and field focuses); an
 * answered question, or one answered while it is being edited (PATCH 409), becomes an edited linked copy for a
 * later day in one click.
 */

const SHOTS = '/tmp/shots';
const ADMIN_PASSWORD = 'admin-dev';
const CLICK_BUDGET = 60;

type Topic = { id: string; title: string };
type Question = { id: string; text: string; linkedQuestionId: string | null; options: unknown[] };

let server: { baseUrl: string; stop: () => Promise<void> | void };
let browser: Browser;
let token: string;
let today: string;
const run = Date.now().toString(36);
const topics: Topic[] = [];

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Origin: server.baseUrl };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const questionsOf = (topicId: string, date: string) =>
  api<Question[]>(`/api/admin/topics/${topicId}/questions?date=${date}`);

async function expectToast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
}

async function unlock(page: Page) {
  await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
}

async function openScheduler(page: Page) {
  await page.goto(`${server.baseUrl}/admin`);
  await unlock(page);
  await page.getByRole('tab', { name: 'Question Scheduling' }).click();
  await page.getByRole('tab', { name: /^Today/ }).waitFor();
}

async function openDay(page: Page, date: string) {
  await page.getByRole('tab', { name: new RegExp(date) }).click();
  await page.getByRole('button', { name: 'Save Schedule' }).waitFor();
}

/** Writes a multiple-choice question the fast way: the field is focused, Enter moves on, Ctrl+Enter adds. */
async function typeQuestion(page: Page, topicTitle: string, text: string, options: string[]) {
  await page.getByRole('button', { name: `Add Question to ${topicTitle}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Question', { exact: true }).waitFor();
  await page.keyboard.type(text);
  for (const option of options) {
    await page.keyboard.press('Enter');
    await page.keyboard.type(option);
  }
  await page.keyboard.press('Control+Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('listitem', { name: text }).waitFor();
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/editor-${name}.png` });
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ SEED_DEMO: 'false' });
  browser = await launchBrowser();
  token = (
    await api<{ token: string }>('/api/admin/unlock', { method: 'POST', body: { password: ADMIN_PASSWORD } })
  ).token;
  today = (await api<{ today: string }>('/api/admin/clock')).today;
  for (const name of ['Food', 'Money', 'Travel'])
    topics.push(
      await api<Topic>('/api/admin/topics', {
        method: 'POST',
        body: { title: `${name} ${run}`, category: 'E2E', isActive: true },
      }),
    );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the editor's console", () => {
  it(`plans a day of 3 topics × 4 multiple-choice questions within ${CLICK_BUDGET} clicks and field focuses`, async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    const date = addDays(today, 1);
    await openDay(page, date);
    // From here on every pointer press (a click, or a click into a field) counts; so does a field focused by
    // the pointer. Focus moved by the app (the dialog's first field) or by Enter is counted apart.
    await page.evaluate(() => {
      const w = window as unknown as { budget: { clicks: number; keyboardFocus: number } };
      w.budget = { clicks: 0, keyboardFocus: 0 };
      let pointer = false;
      document.addEventListener('pointerdown', () => ((w.budget.clicks += 1), (pointer = true)), true);
      document.addEventListener('pointerup', () => setTimeout(() => (pointer = false), 0), true);
      document.addEventListener(
        'focusin',
        (e) => {
          if (!pointer && (e.target as HTMLElement).matches('input, textarea')) w.budget.keyboardFocus += 1;
        },
        true,
      );
    });
    for (const topic of topics) await page.getByRole('checkbox', { name: topic.title }).check();
    for (const topic of topics)
      for (let n = 1; n <= 4; n += 1)
        await typeQuestion(page, topic.title, `${topic.title}: question ${n}?`, [
          'Often',
          'Sometimes',
          'Rarely',
          'Never',
        ]);
    expect(await page.getByTestId('day-progress').textContent()).toContain(
      '3 topics · 12 questions (4 + 4 + 4)',
    );
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    const budget = await page.evaluate(
      () => (window as unknown as { budget: { clicks: number; keyboardFocus: number } }).budget,
    );
    console.log(
      `click budget: ${budget.clicks} clicks and pointer focuses for 3 topics × 4 questions (budget ${CLICK_BUDGET}); ${budget.keyboardFocus} fields reached by the keyboard or focused by the app`,
    );
    expect(budget.clicks).toBeLessThanOrEqual(CLICK_BUDGET);
    for (const topic of topics) {
      const saved = await questionsOf(topic.id, date);
      expect(saved.map((q) => q.text)).toEqual([1, 2, 3, 4].map((n) => `${topic.title}: question ${n}?`));
      expect(saved[0]!.options).toHaveLength(4);
    }
    await shot(page, 'planned-day');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('keeps unsaved drafts across a console tab switch, Exit Admin (after asking) and a reload', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    const date = addDays(today, 3);
    await openDay(page, date);
    await page.getByRole('checkbox', { name: topics[0]!.title }).check();
    await typeQuestion(page, topics[0]!.title, 'Kept through everything?', ['Yes', 'No']);

    // A console tab switch and back: same day, same draft.
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    await page.getByRole('tab', { name: 'Question Scheduling' }).click();
    expect(await page.getByRole('listitem', { name: 'Kept through everything?' }).textContent()).toContain(
      'Unsaved',
    );

    // A reload locks the console; after unlocking, the draft is back.
    await page.reload();
    await unlock(page);
    await page.getByRole('tab', { name: 'Question Scheduling' }).click();
    await page.getByRole('listitem', { name: 'Kept through everything?' }).waitFor();

    // Exit Admin asks first and says the drafts stay.
    await page.getByRole('button', { name: 'Exit Admin' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('They stay in this browser');
    await shot(page, 'exit-confirm');
    await confirm.getByRole('button', { name: 'Exit Admin' }).click();
    await page.goto(`${server.baseUrl}/admin`);
    await unlock(page);
    await page.getByRole('tab', { name: 'Question Scheduling' }).click();
    await page.getByRole('listitem', { name: 'Kept through everything?' }).waitFor();

    // Unticking the topic asks first; Cancel keeps the draft.
    await page.getByRole('checkbox', { name: topics[0]!.title }).click();
    const untick = page.getByRole('alertdialog');
    expect(await untick.textContent()).toContain(`Untick "${topics[0]!.title}"? Its 1 unsaved question`);
    await untick.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('listitem', { name: 'Kept through everything?' }).waitFor();
    expect(page.errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('edits a saved question in place, and Copy from Previous Day replaces the day with linked copies', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    const date = addDays(today, 1);
    const source = `${topics[0]!.title}: question 1?`;
    await openDay(page, date);
    await page.getByRole('button', { name: `Edit question "${source}"` }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByLabel('Question', { exact: true });
    await field.fill(`${source} (edited)`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Question updated');
    await page.getByRole('listitem', { name: `${source} (edited)` }).waitFor();
    const after = await questionsOf(topics[0]!.id, date);
    expect(after[0]!.text).toBe(`${source} (edited)`);

    // The next day has a draft; copying asks before replacing it, then holds exactly the copy.
    const next = addDays(today, 2);
    await openDay(page, next);
    await page.getByRole('checkbox', { name: topics[1]!.title }).check();
    await typeQuestion(page, topics[1]!.title, 'Replaced by the copy?', ['Yes', 'No']);
    await page.getByRole('button', { name: 'Copy from Previous Day' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('give way to 3 topics and 12 questions');
    await confirm.getByRole('button', { name: 'Replace day' }).click();
    await expectToast(page, 'Copied from previous day');
    expect(await page.getByRole('status').filter({ hasText: 'Copied' }).first().textContent()).toContain(
      '3 topics and 12 questions',
    );
    expect(await page.getByRole('listitem', { name: 'Replaced by the copy?' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    const originals = new Map(
      (await Promise.all(topics.map((t) => questionsOf(t.id, date)))).flat().map((q) => [q.text, q.id]),
    );
    const copies = (await Promise.all(topics.map((t) => questionsOf(t.id, next)))).flat();
    expect(copies).toHaveLength(12);
    for (const copy of copies) expect(copy.linkedQuestionId).toBe(originals.get(copy.text));
    expect(page.errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('finds a question of another topic in the question bank and imports or duplicates it', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    const date = addDays(today, 4);
    await openDay(page, date);
    await page.getByRole('checkbox', { name: topics[2]!.title }).check();
    await page.getByRole('button', { name: `Import Previous for ${topics[2]!.title}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('All topics').check();
    await dialog.getByLabel('Search earlier questions').fill(`${topics[1]!.title}: question 3`);
    const wanted = `${topics[1]!.title}: question 3?`;
    await dialog.getByRole('listitem', { name: wanted }).first().waitFor();
    await shot(page, 'question-bank');
    await dialog
      .getByRole('button', { name: `Import "${wanted}"` })
      .first()
      .click();
    await expectToast(page, 'Question imported!');
    expect(await page.getByRole('listitem', { name: wanted }).textContent()).toMatch(/Unsaved.*Linked/);

    await page.getByRole('button', { name: `Import Previous for ${topics[2]!.title}` }).click();
    await dialog.getByLabel('All topics').check();
    await dialog.getByLabel('Search earlier questions').fill('question 4');
    const other = `${topics[0]!.title}: question 4?`;
    await dialog
      .getByRole('button', { name: `Duplicate "${other}"` })
      .first()
      .click();
    await expectToast(page, 'Question duplicated');
    expect(await page.getByRole('listitem', { name: other }).textContent()).not.toContain('Linked');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    const saved = await questionsOf(topics[2]!.id, date);
    expect(saved.map((q) => q.text)).toEqual([wanted, other]);
    expect(saved[0]!.linkedQuestionId).not.toBeNull();
    expect(saved[1]!.linkedQuestionId).toBeNull();
    expect(page.errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('turns an answered question into an edited linked copy for a later day, also after a 409 mid-edit', async () => {
    const live = await api<Topic>('/api/admin/topics', {
      method: 'POST',
      body: { title: `Live ${run}`, category: 'E2E', isActive: true },
    });
    const ask = (text: string) =>
      api<Question>('/api/admin/questions', {
        method: 'POST',
        body: { topicId: live.id, date: today, text, type: 'multiple_choice', options: ['Yes', 'No'] },
      });
    const answered = await ask('Is the kettle on?');
    const later = await ask('Rooibos or black tea?');
    await api(`/api/admin/daily-topics/${today}`, { method: 'PUT', body: { topicIds: [live.id] } });
    const player = await signUpWithProfile(server.baseUrl, `live${run}`);
    const play = async (path: string, body: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { Cookie: player.cookie, 'Content-Type': 'application/json', Origin: server.baseUrl },
        body: JSON.stringify(body),
      });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    };
    await play('/api/select-topic', { topicId: live.id });
    await play('/api/answers', { questionId: answered.id, selectedOptionId: 'opt-1' });

    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    const item = page.getByRole('listitem', { name: 'Is the kettle on?' });
    expect(await item.textContent()).toContain('Answered, so it cannot be edited.');
    expect(await item.getByRole('button', { name: /^Edit question/ }).count()).toBe(0);
    await item.getByRole('button', { name: 'Edit a linked copy of "Is the kettle on?"' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit a Linked Copy' });
    expect(await dialog.getByRole('alert').textContent()).toContain(
      'It has 1 answer, so it cannot be edited',
    );
    const target = addDays(today, 5);
    await dialog.getByLabel('Day for the copy').selectOption(target);
    await dialog.getByLabel('Question', { exact: true }).fill('Is the kettle on yet?');
    await shot(page, 'linked-copy-dialog');
    await dialog.getByRole('button', { name: 'Save as linked copy' }).click();
    await expectToast(page, 'Linked copy added');
    // The chosen day is shown with the copy as an unsaved, linked draft; saving it stores the link.
    await page.getByRole('tab', { name: new RegExp(target), selected: true }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Is the kettle on yet?' }).textContent()).toMatch(
      /Unsaved.*Linked/,
    );
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    const copies = await questionsOf(live.id, target);
    expect(copies.map((q) => [q.text, q.linkedQuestionId])).toEqual([['Is the kettle on yet?', answered.id]]);
    expect((await questionsOf(live.id, today)).map((q) => q.text)).toContain('Is the kettle on?');

    // Answered while the editor types: the 409 keeps the edit and one click saves it as a linked copy.
    await page.getByRole('tab', { name: /^Today/ }).click();
    await page.getByRole('button', { name: 'Edit question "Rooibos or black tea?"' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Question' });
    await edit.getByLabel('Question', { exact: true }).fill('Rooibos, black or green tea?');
    await play('/api/answers', { questionId: later.id, selectedOptionId: 'opt-2' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    const copy = page.getByRole('dialog', { name: 'Edit a Linked Copy' });
    expect(await copy.getByRole('alert').textContent()).toContain(
      'already has answers, so it cannot be edited',
    );
    expect(await copy.getByLabel('Question', { exact: true }).inputValue()).toBe(
      'Rooibos, black or green tea?',
    );
    await shot(page, 'linked-copy-after-409');
    await copy.getByRole('button', { name: 'Save as linked copy' }).click();
    await expectToast(page, 'Linked copy added');
    await page.getByRole('tab', { name: new RegExp(addDays(today, 1)), selected: true }).waitFor();
    expect(await page.getByRole('listitem', { name: 'Rooibos, black or green tea?' }).textContent()).toMatch(
      /Unsaved.*Linked/,
    );
    expect((await questionsOf(live.id, today)).find((q) => q.id === later.id)?.text).toBe(
      'Rooibos or black tea?',
    );
    expect(page.errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('fits a phone: no horizontal overflow in the scheduler and the question dialog', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await openScheduler(page);
    await openDay(page, addDays(today, 1));
    await page.getByRole('listitem').first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/editor-day-390.png`, fullPage: true });
    await page.getByRole('button', { name: `Add Question to ${topics[0]!.title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add Question', exact: true }).waitFor();
    expect(
      await page.getByRole('dialog').getByRole('button', { name: 'Add Question', exact: true }).isVisible(),
    ).toBe(true);
    await shot(page, 'dialog-390');
    await page.keyboard.press('Escape');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
