import { mkdir, readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PHONE, launchBrowser, newPage, signUpViaApi, startServer } from './fixtures';

/**
 * Question Scheduling against the real server (`npm start` build, empty database so every day starts
 * blank): schedule a day with multiple-choice and numeric questions (one PUT /api/admin/days), the
 * save-validation error, copy it to the next day, Import Previous (a linked draft saved with the day, then
 * the duplicate refused), a stale save from a second tab (409 and reload), the linter's inline warnings, and
 * the streamed responses export downloaded from Response Analytics — each checked through the API, each
 * screen checked with axe-core.
 */

const SHOTS = '/tmp/shots';
const ADMIN_PASSWORD = 'admin-dev';
const DUPLICATE = 'This question has already been imported for this topic and date.';

type Topic = { id: string; title: string; isActive: boolean };
type Question = {
  id: string;
  text: string;
  type: string;
  options: ({ id?: string; text: string } | string)[];
  numericUnit: string | null;
  minValue: number | null;
  maxValue: number | null;
  linkedQuestionId: string | null;
};

let server: { baseUrl: string; stop: () => Promise<void> | void };
let browser: Browser;
let token: string;
let today: string;
const run = Date.now().toString(36);
const titles = { food: `Food ${run}`, money: `Money ${run}`, travel: `Travel ${run}` };
const topics: Record<keyof typeof titles, Topic> = {} as Record<keyof typeof titles, Topic>;

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; auth?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', Origin: server.baseUrl };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.auth !== false && token) headers.Authorization = `Bearer ${token}`;
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

const scheduleOf = (date: string) =>
  api<{ topicIds: string[] }>(`/api/admin/daily-topics/${date}`).then((s) => s.topicIds);
const questionsOf = (topicId: string, date: string) =>
  api<Question[]>(`/api/admin/topics/${topicId}/questions?date=${date}`);
const optionTexts = (q: Question) => q.options.map((o) => (typeof o === 'string' ? o : o.text));

async function expectToast(page: Page, title: string) {
  await page.getByRole('status').filter({ hasText: title }).first().waitFor({ timeout: 15_000 });
}

/** Lets toasts slide in and button colours finish their transition before a screenshot. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/scheduling-${name}.png` });
}

/** axe-core on the page as it stands: no violations (WCAG 2 A/AA rules and best practices axe enables by default). */
async function expectAxeClean(page: Page, label: string) {
  const results = await new AxeBuilder({ page: page as never }).analyze();
  expect(
    results.violations.map((v) => `${label}: ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target.join(' ')}`),
  ).toEqual([]);
}

async function openScheduler(page: Page) {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await page.getByRole('tab', { name: 'Question Scheduling' }).click();
  await page.getByRole('tab', { name: /^Today/ }).waitFor();
}

async function openDay(page: Page, date: string) {
  await page.getByRole('tab', { name: new RegExp(date) }).click();
  await page.getByRole('button', { name: 'Save Schedule' }).waitFor();
}

async function addQuestion(
  page: Page,
  topicTitle: string,
  q: { text: string; options: string[] } | { text: string; unit: string; min: number; max: number },
) {
  await page.getByRole('button', { name: `Add Question to ${topicTitle}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Question', { exact: true }).fill(q.text);
  if ('options' in q) {
    for (let i = 4; i < q.options.length; i += 1)
      await dialog.getByRole('button', { name: '+ Add Option' }).click();
    for (const [i, text] of q.options.entries())
      await dialog.getByLabel(`Option ${i + 1}`, { exact: true }).fill(text);
  } else {
    await dialog.getByRole('radio', { name: 'Numeric' }).click();
    await dialog.getByLabel('Unit').fill(q.unit);
    await dialog.getByLabel('Min value').fill(String(q.min));
    await dialog.getByLabel('Max value').fill(String(q.max));
  }
  await dialog.getByRole('button', { name: 'Add Question', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('listitem', { name: q.text }).waitFor();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer({ SEED_DEMO: 'false' });
  browser = await launchBrowser();
  token = (
    await api<{ token: string }>('/api/admin/unlock', {
      method: 'POST',
      body: { password: ADMIN_PASSWORD },
      auth: false,
    })
  ).token;
  today = (await api<{ today: string }>('/api/admin/clock')).today;
  for (const key of Object.keys(titles) as (keyof typeof titles)[]) {
    topics[key] = await api<Topic>('/api/admin/topics', {
      method: 'POST',
      body: { title: titles[key], description: `Scheduling e2e (${key})`, category: 'E2E', isActive: true },
    });
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('question scheduling', () => {
  const day1 = () => addDays(today, 1);
  const day2 = () => addDays(today, 2);
  const mcText = 'Tea or coffee first thing?';
  const numericText = 'How much do you spend on coffee a week?';

  it('shows 7 day tabs from the server today and schedules a day with MC and numeric questions', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    const dayTabs = page.getByRole('tablist', { name: 'Schedule day' }).getByRole('tab');
    expect(await dayTabs.count()).toBe(7);
    expect(await dayTabs.first().textContent()).toMatch(/^Today/);
    expect(
      await page.getByText('Select topics above to start adding questions for this day.').isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Save Schedule' }).isDisabled()).toBe(true);

    await openDay(page, day1());
    await page.getByRole('checkbox', { name: titles.food }).check();
    await page.getByRole('checkbox', { name: titles.money }).check();
    await addQuestion(page, titles.food, { text: mcText, options: ['Tea', 'Coffee', 'Neither'] });
    await addQuestion(page, titles.money, { text: numericText, unit: 'rand', min: 0, max: 500 });

    // A selected topic without questions blocks the save and names the topic.
    await page.getByRole('checkbox', { name: titles.travel }).check();
    await page.getByRole('region', { name: `${titles.travel} questions` }).waitFor();
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Validation Error');
    expect(await page.getByRole('status').filter({ hasText: 'Validation Error' }).textContent()).toContain(
      `"${titles.travel}" has no questions`,
    );
    await shot(page, 'validation');
    expect(await scheduleOf(day1()).catch(() => [])).toEqual([]);

    await page.getByRole('checkbox', { name: titles.travel }).uncheck();
    await shot(page, 'draft');
    await expectAxeClean(page, 'scheduler with drafts');
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    // The whole day in one atomic request.
    expect(writes).toEqual([`PUT /api/admin/days/${day1()}`]);
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await shot(page, 'saved');

    expect(await scheduleOf(day1())).toEqual([topics.food.id, topics.money.id]);
    const food = await questionsOf(topics.food.id, day1());
    expect(food).toHaveLength(1);
    expect(food[0]).toMatchObject({ text: mcText, type: 'multiple_choice', numericUnit: null });
    expect(optionTexts(food[0]!)).toEqual(['Tea', 'Coffee', 'Neither']);
    const money = await questionsOf(topics.money.id, day1());
    expect(money).toHaveLength(1);
    expect(money[0]).toMatchObject({
      text: numericText,
      type: 'numeric',
      numericUnit: 'rand',
      minValue: 0,
      maxValue: 500,
      options: [],
    });
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('copies the previous day as unsaved drafts and saves them as new questions', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);

    // The day after an empty day has nothing to copy.
    await openDay(page, addDays(today, 4));
    await page.getByRole('button', { name: 'Copy from Previous Day' }).click();
    await expectToast(page, 'No data to copy');
    expect(await page.getByRole('status').filter({ hasText: 'No data to copy' }).textContent()).toContain(
      `No topics or questions were scheduled for ${addDays(today, 3)}`,
    );

    await openDay(page, day2());
    await page.getByRole('button', { name: 'Copy from Previous Day' }).click();
    await expectToast(page, 'Copied from previous day');
    expect(await page.getByRole('checkbox', { name: titles.food }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: titles.money }).isChecked()).toBe(true);
    expect(await page.getByRole('listitem', { name: mcText }).textContent()).toContain('Unsaved');
    expect(await page.getByRole('listitem', { name: numericText }).textContent()).toContain('Unsaved');
    await shot(page, 'copied');
    expect(await scheduleOf(day2()).catch(() => [])).toEqual([]);

    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    expect(await scheduleOf(day2())).toEqual([topics.food.id, topics.money.id]);
    const copied = [
      ...(await questionsOf(topics.food.id, day2())),
      ...(await questionsOf(topics.money.id, day2())),
    ];
    const originals = [
      ...(await questionsOf(topics.food.id, day1())),
      ...(await questionsOf(topics.money.id, day1())),
    ];
    expect(copied.map((q) => q.text)).toEqual([mcText, numericText]);
    expect(copied[1]).toMatchObject({ numericUnit: 'rand', minValue: 0, maxValue: 500 });
    for (const q of copied) expect(originals.map((o) => o.id)).not.toContain(q.id);
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('imports a previous question linked to its source, then refuses the same import', async () => {
    const sourceText = `Best tea snack ${run}?`;
    const source = await api<Question>('/api/admin/questions', {
      method: 'POST',
      body: {
        topicId: topics.food.id,
        date: today,
        text: sourceText,
        type: 'multiple_choice',
        options: [
          { id: 'opt-1', text: 'Rusks' },
          { id: 'opt-2', text: 'Scones' },
        ],
      },
    });
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    await openDay(page, day2());
    const importButton = page.getByRole('button', { name: `Import Previous for ${titles.food}` });

    await importButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Import Previous Question' }).waitFor();
    await dialog.getByRole('listitem', { name: sourceText }).waitFor();
    const box = await page.getByTestId('import-dialog-panel').boundingBox();
    expect(box?.height ?? 0).toBeLessThanOrEqual(900 * 0.8 + 1);
    await shot(page, 'import');
    await dialog.getByRole('button', { name: `Import "${sourceText}"` }).click();
    await expectToast(page, 'Question imported!');
    await dialog.waitFor({ state: 'detached' });
    const draft = page.getByRole('listitem', { name: sourceText });
    expect(await draft.textContent()).toMatch(/Unsaved.*Linked/);
    // The import is part of the day: nothing reaches the server before "Save Schedule".
    expect((await questionsOf(topics.food.id, day2())).some((q) => q.text === sourceText)).toBe(false);
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    await draft.getByText('Saved', { exact: true }).waitFor();

    const imported = (await questionsOf(topics.food.id, day2())).find((q) => q.text === sourceText);
    expect(imported?.linkedQuestionId).toBe(source.id);
    expect(optionTexts(imported!)).toEqual(['Rusks', 'Scones']);

    await importButton.click();
    await dialog.getByRole('button', { name: `Import "${sourceText}"` }).click();
    await dialog.getByRole('listitem', { name: sourceText }).getByText(DUPLICATE).waitFor();
    // The day-1 question was copied onto this day already: importing it is a duplicate as well.
    await dialog.getByRole('button', { name: `Import "${mcText}"` }).click();
    await dialog.getByRole('listitem', { name: mcText }).getByText(DUPLICATE).waitFor();
    expect(await dialog.getByRole('listitem', { name: sourceText }).getByText(DUPLICATE).count()).toBe(0);
    await shot(page, 'import-duplicate');
    expect((await questionsOf(topics.food.id, day2())).filter((q) => q.text === sourceText)).toHaveLength(1);
    expect((await questionsOf(topics.food.id, day2())).filter((q) => q.text === mcText)).toHaveLength(1);
    await page.keyboard.press('Escape');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('fills the rest of the week by copying each day from the one before', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    const expected = (await questionsOf(topics.food.id, day2())).map((q) => q.text);
    for (let offset = 3; offset < 7; offset += 1) {
      const date = addDays(today, offset);
      await openDay(page, date);
      await page.getByRole('button', { name: 'Copy from Previous Day' }).click();
      await expectToast(page, 'Copied from previous day');
      await page.getByRole('button', { name: 'Save Schedule' }).click();
      await expectToast(page, 'Schedule saved!');
      await page
        .getByRole('tab', { name: new RegExp(date) })
        .getByText('(unsaved changes)')
        .waitFor({ state: 'detached' });
      expect(await scheduleOf(date)).toEqual([topics.food.id, topics.money.id]);
      expect((await questionsOf(topics.food.id, date)).map((q) => q.text)).toEqual(expected);
    }
    await shot(page, 'week');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('refuses a stale save from a second tab with 409, keeps its draft and re-applies it, saying what changed and who', async () => {
    const date = addDays(today, 5);
    const first = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    const second = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    for (const page of [first, second]) {
      await openScheduler(page);
      await openDay(page, date);
      await page.getByRole('listitem').first().waitFor();
    }
    const before = await api<{ version: number; topics: { questions: Question[] }[] }>(
      `/api/admin/days/${date}`,
    );
    await addQuestion(first, titles.food, { text: 'Saved by the first tab?', options: ['Yes', 'No'] });
    await first.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(first, 'Schedule saved!');

    await addQuestion(second, titles.food, { text: 'Saved by the second tab?', options: ['Yes', 'No'] });
    await second.getByRole('button', { name: 'Save Schedule' }).click();
    const alert = second
      .getByRole('alert')
      .filter({ hasText: 'Not saved: this day changed while you were editing.' });
    await alert.waitFor();
    // What changed, and who changed it (the audit entry of the first tab's save).
    await alert
      .getByRole('list', { name: 'What changed' })
      .getByText(`Question "Saved by the first tab?" added to "${titles.food}"`)
      .waitFor();
    expect(await alert.getByRole('list', { name: 'Who changed it' }).textContent()).toContain(
      `Saved ${date}`,
    );
    // Both drafts are on screen: the other tab's saved question and this tab's unsaved one.
    await second.getByRole('listitem', { name: 'Saved by the first tab?' }).waitFor();
    expect(await second.getByRole('listitem', { name: 'Saved by the second tab?' }).textContent()).toContain(
      'Unsaved',
    );
    await shot(second, 'conflict');
    await expectAxeClean(second, 'scheduler conflict');
    const stored = await api<{ version: number; topics: { questions: Question[] }[] }>(
      `/api/admin/days/${date}`,
    );
    const texts = stored.topics.flatMap((t) => t.questions.map((q) => q.text));
    expect(texts).toContain('Saved by the first tab?');
    expect(texts).not.toContain('Saved by the second tab?');
    expect(stored.version).toBeGreaterThan(before.version);

    // Saving again applies the re-applied draft on top of the other tab's save, losing neither.
    await second.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(second, 'Schedule saved!');
    expect((await questionsOf(topics.food.id, date)).map((q) => q.text)).toEqual(
      expect.arrayContaining(['Saved by the first tab?', 'Saved by the second tab?']),
    );
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.close();
    await second.close();
  }, 120_000);

  it('shows the question linter inline as the operator types and still saves', async () => {
    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    await openDay(page, addDays(today, 6));
    await page.getByRole('button', { name: `Add Question to ${titles.money}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Question', { exact: true })
      .fill("Don't you think saving and investing are both essential?");
    const suggestions = dialog.getByRole('list', { name: 'Suggestions' }).first();
    await suggestions.getByText(/Leading wording/).waitFor();
    expect(await suggestions.textContent()).toMatch(/two things at once/);
    await dialog.getByLabel('Option 1', { exact: true }).fill('18-25');
    await dialog.getByLabel('Option 2', { exact: true }).fill('25-34');
    await dialog
      .getByRole('list', { name: 'Suggestions' })
      .getByText(/overlap/)
      .waitFor();
    await shot(page, 'linter-dialog');
    await expectAxeClean(page, 'question dialog with warnings');
    await dialog.getByRole('button', { name: 'Add Question', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const item = page.getByRole('listitem', {
      name: "Don't you think saving and investing are both essential?",
    });
    await item.getByRole('list', { name: 'Suggestions' }).waitFor();
    await shot(page, 'linter-list');
    await page.getByRole('button', { name: 'Save Schedule' }).click();
    await expectToast(page, 'Schedule saved!');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('screens at 390 wide: the scheduler and its dialogs fit a phone, axe-clean', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await openScheduler(page);
    await openDay(page, day1());
    await page.getByRole('listitem', { name: mcText }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/scheduling-day-390.png`, fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAxeClean(page, 'scheduler 390');
    await page.getByRole('button', { name: `Add Question to ${titles.food}` }).click();
    await page.getByRole('dialog').getByLabel('Question', { exact: true }).fill('Is this tea hot and sweet?');
    await page.getByRole('dialog').getByRole('list', { name: 'Suggestions' }).first().waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/scheduling-dialog-390.png` });
    await expectAxeClean(page, 'question dialog 390');
    await page.keyboard.press('Escape');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('downloads the streamed responses export (CSV and JSON Lines) from Response Analytics', async () => {
    // Today's day, saved through the day endpoint, with two players' answers.
    const saved = await api<{ topics: { questions: Question[] }[] }>(`/api/admin/days/${today}`, {
      method: 'PUT',
      body: {
        version: (await api<{ version: number }>(`/api/admin/days/${today}`)).version,
        topics: [
          {
            topicId: topics.travel.id,
            questions: [
              {
                text: 'Beach, or "mountains", first?',
                type: 'multiple_choice',
                options: ['=Beach', 'Mountains, always'],
              },
            ],
          },
        ],
      },
    });
    const question = saved.topics[0]!.questions[0]!;
    const answerIds: string[] = [];
    for (const [i, option] of ['opt-1', 'opt-2'].entries()) {
      const { cookie } = await signUpViaApi(server.baseUrl, `export_${run}_${i}`);
      const post = (path: string, body: unknown) =>
        fetch(`${server.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: server.baseUrl, Cookie: cookie },
          body: JSON.stringify(body),
        }).then(async (r) => {
          if (!r.ok) throw new Error(`${path} ${r.status} ${await r.text()}`);
          return r.json() as Promise<{ answer?: { id: string } }>;
        });
      await post('/api/select-topic', { topicId: topics.travel.id });
      answerIds.push(
        (await post('/api/answers', { questionId: question.id, selectedOptionId: option })).answer!.id,
      );
    }

    const page = await newPage(browser, server.baseUrl, { width: 1440, height: 900 });
    await openScheduler(page);
    await page.getByRole('tab', { name: 'Response Analytics' }).click();
    const date = page.getByLabel('Date', { exact: true });
    // It opens on today's game day (it has responses), marked with its count.
    await page.getByRole('list', { name: 'Response list' }).waitFor();
    expect(await date.inputValue()).toBe(today);
    expect(await date.locator('option:checked').textContent()).toMatch(/^Today, .* · 2 responses$/);
    await page.getByRole('list', { name: 'Response list' }).waitFor();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname + new URL(r.url()).search));
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toBe(`responses-${today}.csv`);
    const file = await readFile((await csvDownload.path())!, 'utf8');
    expect(file.startsWith('\uFEFF')).toBe(true);
    const csv = file.slice(1);
    const records = csv.split('\r\n').filter(Boolean);
    expect(records).toHaveLength(3);
    expect(csv).toContain(`"Beach, or ""mountains"", first?"`);
    expect(csv).toContain(`'=Beach`);
    expect(csv).toContain('"Mountains, always"');
    for (const id of answerIds) expect(csv).toContain(id);
    // One request for a 60-second link, then the browser's own download of it: no paging, nothing held in the page.
    const exportRequests = requests.filter((r) => r.startsWith('/api/admin/answers'));
    expect(exportRequests[0]).toBe('/api/admin/answers/export/ticket');
    expect(
      exportRequests.slice(1).every((r) => r.startsWith('/api/admin/answers/export/download?ticket=')),
    ).toBe(true);
    await expectToast(page, 'Export started');

    const [jsonl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'JSON Lines' }).click(),
    ]);
    expect(jsonl.suggestedFilename()).toBe(`responses-${today}.jsonl`);
    const lines = (await readFile((await jsonl.path())!, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { answerId: string; answer: string });
    expect(lines.map((l) => l.answerId).sort()).toEqual([...answerIds].sort());
    expect(lines.map((l) => l.answer).sort()).toEqual(['=Beach', 'Mountains, always']);
    await shot(page, 'responses-export');
    await expectAxeClean(page, 'response analytics');

    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/responses-390.png`, fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await expectAxeClean(page, 'response analytics 390');
    expect(page.errors).toEqual([]);
    await page.close();
  }, 120_000);
});
