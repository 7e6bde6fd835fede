import { mkdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type {
  DailyQuestion,
  DailyTopic,
  DailyTopicsResponse,
  QuestionResults,
} from '../../shared/src/contracts/daily';
import { communityInsight, marginOfError95 } from '../../shared/src/domain/insight';
import { unitFor } from '../../shared/src/domain/units';
import {
  barHeightPercent,
  barLabel,
  numericPerformance,
  optionId,
  optionText,
  percent,
  sameAsYouShare,
} from '../../shared/src/domain/results';
import {
  averageText,
  demographicSections,
  formatCount,
  formatNumber,
  optionBars,
  plural,
  userShareMargin,
  withUnit,
} from '../src/features/results/components/results-model';
import { shareCardData, shareFileName } from '../src/features/results/share/share-model';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  signUpViaApi,
  startServer,
  useSession,
  type TestServer,
  revealResults,
} from './fixtures';

/**
 * Results screen and share card against the real server (`npm start` build, fresh demo database):
 * a new player answers a seeded topic through the API, opens its results in the browser, and every
 * bar, percentage, insight, breakdown and numeric statistic on screen is checked against the API's
 * own numbers; the share button downloads a 2160x2160 PNG named from the topic title, and
 * html2canvas is fetched only on that click. A second, brand-new question answered by one person
 * shows "Too Few Respondents" everywhere and implies nothing.
 */

const SHOTS = '/tmp/shots';
const ADMIN_PASSWORD = 'admin-dev';

let server: TestServer;
let browser: Browser;

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; cookie?: string; token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = { Origin: server.baseUrl, Accept: 'application/json' };
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
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

async function newPlayer(name: string, profile: Record<string, string | null>) {
  const { cookie } = await signUpViaApi(server.baseUrl, `${name}_${Date.now().toString(36)}`);
  await call('/api/profile', { method: 'PUT', cookie, body: profile });
  return cookie;
}

/** Selects a topic and answers every question: option 2 for choices, a value above the middle for numbers. */
async function answerTopic(cookie: string, topic: DailyTopic) {
  await call('/api/select-topic', { method: 'POST', cookie, body: { topicId: topic.id } });
  for (const q of topic.questions) {
    const body =
      q.type === 'numeric'
        ? {
            questionId: q.id,
            numericValue: Math.round(((q.minValue ?? 0) * 1 + (q.maxValue ?? 100) * 3) / 4),
          }
        : { questionId: q.id, selectedOptionId: optionId(Math.min(1, q.options.length - 1)) };
    await call('/api/answers', { method: 'POST', cookie, body });
  }
}

async function openResults(page: Page, title: string) {
  await page.goto('/');
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'View Results' }).click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function attr(locator: Locator, name: string) {
  return locator.getAttribute(name);
}

async function checkChoiceCard(card: Locator, question: DailyQuestion, results: QuestionResults) {
  const total = results.totalAnswers;
  expect(await attr(card.locator('[data-total-answers]'), 'data-total-answers')).toBe(String(total));
  await expect(card.locator('[data-total-answers]').innerText()).resolves.toBe(
    `${total.toLocaleString('en-GB')} answer${total === 1 ? '' : 's'}`,
  );
  const userOption = question.userAnswer?.selectedOptionId ?? null;
  const chosen = question.options[Number(userOption?.slice(4)) - 1];
  expect(await card.locator('[data-your-answer]').innerText()).toBe(
    chosen === undefined ? '' : optionText(chosen),
  );

  const chart = card.getByRole('list', { name: 'Community results' });
  // A label cut to three words ends in "…", and the card then names every option in full under the chart.
  const texts = question.options.map((o) => optionText(o));
  if (texts.some((t) => barLabel(t) !== t.trim())) {
    const full = await card.locator('[data-full-options]').innerText();
    for (const t of texts) expect(full).toContain(t);
    for (const t of texts.filter((t) => barLabel(t) !== t.trim()))
      expect(barLabel(t).endsWith('…')).toBe(true);
  } else expect(await card.locator('[data-full-options]').count()).toBe(0);
  for (const [index, option] of question.options.entries()) {
    const id = optionId(index);
    const count = results.optionCounts[id] ?? 0;
    const pct = percent(count, total);
    const item = chart.locator(`li[data-option="${id}"]`);
    expect(await attr(item, 'data-percent')).toBe(String(pct));
    const text = await item.innerText();
    expect(text).toContain(`${pct}%`);
    expect(text).toContain(barLabel(optionText(option)));
    expect(text).toContain(count.toLocaleString('en-GB'));
    expect(await attr(item.locator('[data-bar-height]'), 'data-bar-height')).toBe(
      String(barHeightPercent(pct)),
    );
    expect(
      await item
        .locator('[data-bar-height]')
        .evaluate((el) => (el as HTMLElement).style.height || (el as HTMLElement).style.width),
    ).toBe(`${barHeightPercent(pct)}%`);
    // The "You" marker and the spoken label follow the user's option only.
    const spoken = await item.locator('.sr-only').innerText();
    expect(spoken.includes('your answer')).toBe(id === userOption);
    expect(await item.getByText('You', { exact: true }).count()).toBe(id === userOption ? 1 : 0);
  }

  const mine = results.optionCounts[userOption ?? ''] ?? 0;
  const insight = communityInsight((mine / total) * 100, total);
  if (insight) {
    const band = card.locator(`[data-insight="${insight.band}"]`);
    expect(await band.innerText()).toContain(insight.title);
    expect(await band.innerText()).toContain(insight.text);
  } else {
    expect(await card.locator('[data-insight]').count()).toBe(0);
  }

  const margin = marginOfError95((mine / total) * 100, total);
  if (margin !== null) {
    expect(await attr(card.locator('[data-margin]'), 'data-margin')).toBe(String(margin));
    expect(await card.locator('[data-margin]').innerText()).toContain(`±${margin.toFixed(1)} pts`);
  } else {
    expect(await card.locator('[data-margin]').count()).toBe(0);
  }
  expect(await card.locator('footer').innerText()).toContain(
    `Sample size: ${total.toLocaleString('en-GB')} answer`,
  );
}

async function checkSections(card: Locator, question: DailyQuestion, results: QuestionResults) {
  const userOption = question.type === 'numeric' ? null : (question.userAnswer?.selectedOptionId ?? null);
  const sections = demographicSections(question, results, userOption);
  const titles = await card.locator('[data-section] :is(summary > span:first-child, h4)').allInnerTexts();
  expect(titles.map((t) => t.trim())).toEqual(['By Gender', 'By Age', 'By Race/Ethnicity']);
  for (const section of sections) {
    const box = card.locator(`[data-section="${section.dimension}"]`);
    if (!section.available) {
      expect(await box.locator('[data-too-few]').innerText()).toContain('Too Few Respondents');
      expect(await box.locator('[data-group]').count()).toBe(0);
      continue;
    }
    expect(await box.locator('[data-too-few]').count()).toBe(0);
    expect(await box.locator('[data-group]').count()).toBe(section.groups.length);
    for (const group of section.groups) {
      const row = box.locator(`[data-group="${group.key}"]`);
      expect(await attr(row, 'data-group-total')).toBe(String(group.total));
      const counts = results.demographicBreakdown[group.key] ?? {};
      if (userOption !== null) {
        const same = sameAsYouShare(counts, userOption);
        expect(await row.locator('[data-same-as-you]').innerText()).toBe(`${same}% same as you`);
        for (const bar of group.bars.filter((b) => b.count > 0)) {
          expect(await attr(row.locator(`[data-option="${bar.id}"]`), 'data-percent')).toBe(
            String(percent(counts[bar.id] ?? 0, group.total)),
          );
        }
      }
    }
  }
}

async function checkNumericCard(card: Locator, question: DailyQuestion, results: QuestionResults) {
  const stats = results.numericStats!;
  const unit = question.numericUnit;
  // The unit agrees with the printed number: "1 cup", "1.0 cups", "2 cups" (ADR 0125, formatWithUnit's own tests).
  const u = (s: string) => {
    if (!unit) return s;
    if (unit === '%') return `${s}%`;
    return `${s} ${s === '1' || s === '-1' ? unitFor('1', unit) : unit}`;
  };
  expect(await card.locator('[data-numeric-count]').innerText()).toBe(
    `${stats.count.toLocaleString('en-GB')} response${stats.count === 1 ? '' : 's'}`,
  );
  expect(await card.locator('[data-stat="Average"]').innerText()).toBe(
    u(
      (Math.round(stats.average * 10) / 10).toLocaleString('en-GB', {
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
      }),
    ),
  );
  expect(await card.locator('[data-stat="Lowest"]').innerText()).toBe(u(stats.min.toLocaleString('en-GB')));
  expect(await card.locator('[data-stat="Highest"]').innerText()).toBe(u(stats.max.toLocaleString('en-GB')));
  const value = question.userAnswer?.numericValue;
  expect(value).not.toBeNull();
  const perf = numericPerformance(value!, stats.average);
  const performance = card.getByRole('region', { name: 'Your Performance' });
  expect(await performance.innerText()).toContain(perf.headline);
  expect(await performance.innerText()).toContain(perf.line);
}

describe('results screen', () => {
  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    server = await startServer();
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the API numbers for a seeded topic and shares a 2160x2160 PNG named from the title', async () => {
    const cookie = await newPlayer('results', {
      gender: 'female',
      ageBracket: '25-34',
      raceBracket: 'indian',
      country: 'South Africa',
      city: 'Durban',
    });
    const before = await call<DailyTopicsResponse>('/api/daily-topics', { cookie });
    const seeded = before.topics.find(
      (t) =>
        t.questions.length >= 2 &&
        t.questions.some((q) => q.type === 'numeric') &&
        t.questions[0]?.type === 'multiple_choice',
    );
    expect(seeded, 'a seeded topic with a choice and a numeric question').toBeDefined();
    await answerTopic(cookie, seeded!);

    const daily = await call<DailyTopicsResponse>('/api/daily-topics', { cookie });
    const topic = daily.topics.find((t) => t.id === seeded!.id)!;
    expect(topic.showResults).toBe(true);

    for (const [viewport, label] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await newPage(browser, server.baseUrl, viewport);
      await useSession(page, server.baseUrl, cookie);
      const scripts: string[] = [];
      const apiCalls: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scripts.push(req.url());
        if (req.url().includes('/api/')) apiCalls.push(new URL(req.url()).pathname);
      });
      await openResults(page, topic.title);
      await page.locator('[data-total-answers]').first().waitFor();

      const summary = page.getByRole('region', { name: topic.title });
      expect(await summary.locator('[data-summary="questions"]').innerText()).toBe(
        `${topic.questions.length} Questions`,
      );
      expect(await summary.locator('[data-summary="complete"]').innerText()).toBe('100% Complete');
      // Let the 800 + 200 ms reload settle, then compare with what the API says now.
      await page.waitForTimeout(1500);
      // product.md#flows: once results are requested they reload after 800 + 200 ms (topics at 800, results at 1000).
      expect(apiCalls.filter((p) => p === '/api/daily-topics').length).toBeGreaterThanOrEqual(2);
      for (const question of topic.questions) {
        expect(apiCalls.filter((p) => p === `/api/questions/${question.id}/results`)).toHaveLength(2);
      }
      // Render what is seen (ADR 0123): on arrival the breakdowns below the fold wait as sized boxes; scrolled
      // to, they render. A phone opens each card on its summary, the breakdowns a tap away.
      if (label === 'desktop') expect(await page.locator('[data-deferred]').count()).toBeGreaterThan(0);
      else
        expect(await page.locator('button[data-more][aria-expanded="false"]').count()).toBe(
          topic.questions.length,
        );
      await revealResults(page);
      expect(await page.locator('[data-deferred]').count()).toBe(0);
      for (const question of topic.questions) {
        const results = await call<QuestionResults>(`/api/questions/${question.id}/results`, { cookie });
        const card = page.locator(`article[data-question-id="${question.id}"]`);
        await card.locator('[data-total-answers]').waitFor();
        if (question.type === 'numeric') await checkNumericCard(card, question, results);
        else await checkChoiceCard(card, question, results);
        await checkSections(card, question, results);
      }
      await page.screenshot({ path: `${SHOTS}/results-${label}.png`, fullPage: true });
      await page.screenshot({ path: `${SHOTS}/results-${label}-top.png` });

      expect(scripts.filter((url) => /html2canvas/i.test(url))).toEqual([]);
      if (label === 'desktop') {
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: 30_000 }),
          page.getByRole('button', { name: 'Share Results' }).first().click(),
        ]);
        expect(download.suggestedFilename()).toBe(shareFileName(topic.title));
        const file = `${SHOTS}/results-share.png`;
        await download.saveAs(file);
        expect(pngSize(await readFile(file))).toEqual({ width: 2160, height: 2160 });
        expect(scripts.filter((url) => /html2canvas/i.test(url)).length).toBe(1);
        // The hidden card is only mounted while capturing.
        expect(await page.locator('[data-share-card]').count()).toBe(0);
        await expect(page.getByRole('button', { name: 'Share Results' }).first().isEnabled()).resolves.toBe(
          true,
        );
      }
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });

  it('implies nothing from a single answer: no insight, no margin, Too Few Respondents', async () => {
    const { today } = await call<{ today: string }>('/api/health');
    const { token } = await call<{ token: string }>('/api/admin/unlock', {
      method: 'POST',
      body: { password: ADMIN_PASSWORD },
    });
    const title = `Fresh Brew ${Date.now().toString(36)}`;
    const topic = await call<{ id: string }>('/api/admin/topics', {
      method: 'POST',
      token,
      body: { title, description: 'Brand-new question', category: 'Test', isActive: true },
    });
    await call('/api/admin/questions', {
      method: 'POST',
      token,
      body: {
        topicId: topic.id,
        date: today,
        text: 'Is this brand-new question any good?',
        type: 'multiple_choice',
        options: ['Yes please', 'No thanks'],
      },
    });
    // answerTopic answers round((0 + 3 × 1) / 4) = 1: "1 cup" beside "1.0 cups" (ADR 0125).
    await call('/api/admin/questions', {
      method: 'POST',
      token,
      body: {
        topicId: topic.id,
        date: today,
        text: 'Cups of tea so far today?',
        type: 'numeric',
        options: [],
        numericUnit: 'cups',
        minValue: 0,
        maxValue: 1,
      },
    });
    const schedule = await call<{ topicIds: string[] }>(`/api/admin/daily-topics/${today}`, { token });
    await call(`/api/admin/daily-topics/${today}`, {
      method: 'PUT',
      token,
      body: { topicIds: [...schedule.topicIds, topic.id] },
    });

    const cookie = await newPlayer('lonely', {
      gender: 'male',
      ageBracket: '18-24',
      raceBracket: 'white',
      country: null,
      city: null,
    });
    const fresh = (await call<DailyTopicsResponse>('/api/daily-topics', { cookie })).topics.find(
      (t) => t.id === topic.id,
    )!;
    await answerTopic(cookie, fresh);
    const answered = (await call<DailyTopicsResponse>('/api/daily-topics', { cookie })).topics.find(
      (t) => t.id === topic.id,
    )!;
    const question = answered.questions.find((q) => q.type === 'multiple_choice')!;
    const cups = answered.questions.find((q) => q.type === 'numeric')!;
    const results = await call<QuestionResults>(`/api/questions/${question.id}/results`, { cookie });
    expect(results.totalAnswers).toBe(1);

    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await openResults(page, title);
    const card = page.locator(`article[data-question-id="${question.id}"]`);
    await card.locator('[data-total-answers]').waitFor();
    await revealResults(page);
    await checkChoiceCard(card, question, results);
    await checkSections(card, question, results);
    // Gender, age, race and By Country; no "In {city}" for a player without a city.
    expect(await card.locator('[data-too-few]').count()).toBe(4);
    expect(await card.locator('[data-place="city"]').count()).toBe(0);
    expect(await card.locator('[data-insight]').count()).toBe(0);
    expect(await card.locator('[data-margin]').count()).toBe(0);
    expect(await card.locator('footer').innerText()).toContain('Small sample');
    const cupsCard = page.locator(`article[data-question-id="${cups.id}"]`);
    await checkNumericCard(
      cupsCard,
      cups,
      await call<QuestionResults>(`/api/questions/${cups.id}/results`, { cookie }),
    );
    expect(await cupsCard.locator('[data-your-answer]').innerText()).toBe('1 cup');
    expect(await cupsCard.locator('[data-stat="Lowest"]').innerText()).toBe('1 cup');
    expect(await cupsCard.locator('[data-stat="Average"]').innerText()).toBe('1.0 cups');
    await page.screenshot({ path: `${SHOTS}/results-too-few-phone.png`, fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

/* View-model rules, checked without a browser (player-web has no unit project; these run with this suite). */

function mcQuestion(options: string[], selected: string | null): DailyQuestion {
  return {
    id: 'q1',
    text: 'Which of these would you honestly pick on a cold winter morning?',
    type: 'multiple_choice',
    options,
    numericUnit: null,
    minValue: null,
    maxValue: null,
    imageUrl: null,
    userAnswer: selected === null ? null : { selectedOptionId: selected, numericValue: null },
  };
}

function resultsOf(
  optionCounts: Record<string, number>,
  demographicBreakdown: QuestionResults['demographicBreakdown'] = {},
): QuestionResults {
  const totalAnswers = Object.values(optionCounts).reduce((a, b) => a + b, 0);
  return {
    questionId: 'q1',
    type: 'multiple_choice',
    totalAnswers,
    optionCounts,
    demographicBreakdown,
    numericStats: null,
    userAnswer: null,
  };
}

describe('results view model', () => {
  it('writes numbers as en-GB does, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_090_516, -4500, 2.5, 1234.567])
      expect(formatCount(n)).toBe(n.toLocaleString('en-GB'));
    const values = [0.05, 1.25, 2.675, 274.835, -644.545, 17.455, 1e9 + 0.5, 99_999.95, -12.04];
    for (let i = 0; i < 2000; i++) values.push(Math.round((i * 7919) % 1_000_003) / 10 ** (i % 4));
    for (const v of values)
      for (const [min, max] of [
        [0, 3],
        [0, 2],
        [0, 1],
        [1, 1],
        [0, 0],
      ] as const)
        expect(formatNumber(v, min, max)).toBe(
          v.toLocaleString('en-GB', { minimumFractionDigits: min, maximumFractionDigits: max }),
        );
  });

  it('rounds shares, floors bar heights at 8% (2% for zero), cuts labels to three words and marks the user', () => {
    const q = mcQuestion(['Rooibos with honey and lemon', 'Black', 'Never'], 'opt-1');
    const bars = optionBars(q, resultsOf({ 'opt-1': 2, 'opt-2': 97, 'opt-3': 0 }), 'opt-1');
    expect(bars.map((b) => [b.pct, b.height, b.label, b.isUser])).toEqual([
      [2, 8, 'Rooibos with honey…', true],
      [98, 98, 'Black', false],
      [0, 2, 'Never', false],
    ]);
  });

  it('opens the gender breakdown at 3 answers in 2 groups and age/race at 5, counting only answers with that attribute', () => {
    const q = mcQuestion(['A', 'B'], 'opt-1');
    const few = demographicSections(
      q,
      resultsOf(
        { 'opt-1': 9, 'opt-2': 1 },
        { male: { 'opt-1': 1 }, female: { 'opt-1': 1 }, 'age_18-24': { 'opt-1': 4 } },
      ),
      'opt-1',
    );
    expect(few.map((s) => [s.dimension, s.total, s.available])).toEqual([
      ['gender', 2, false],
      ['age', 4, false],
      ['race', 0, false],
    ]);
    const enough = demographicSections(
      q,
      resultsOf(
        { 'opt-1': 6, 'opt-2': 4 },
        {
          male: { 'opt-1': 2 },
          female: { 'opt-1': 1, 'opt-2': 2 },
          'age_18-24': { 'opt-1': 3 },
          'age_45+': { 'opt-2': 2 },
          race_black: { 'opt-1': 5 },
        },
      ),
      'opt-1',
    );
    expect(enough.map((s) => [s.dimension, s.total, s.available])).toEqual([
      ['gender', 5, true],
      ['age', 5, true],
      ['race', 5, false],
    ]);
    expect(enough[0]!.groups.map((g) => [g.key, g.total, g.sameAsYou])).toEqual([
      ['male', 2, 100],
      ['female', 3, 33],
    ]);
  });

  it('gives a 95% margin for the user option only from 30 answers', () => {
    const q = mcQuestion(['A', 'B'], 'opt-1');
    expect(userShareMargin(optionBars(q, resultsOf({ 'opt-1': 10, 'opt-2': 19 }), 'opt-1'), 29)).toBeNull();
    expect(userShareMargin(optionBars(q, resultsOf({ 'opt-1': 15, 'opt-2': 15 }), 'opt-1'), 30)).toBe(17.9);
    expect(userShareMargin(optionBars(q, resultsOf({ 'opt-1': 15, 'opt-2': 15 }), null), 30)).toBeNull();
  });

  it('formats counts, averages to one decimal and units', () => {
    expect(plural(1, 'response')).toBe('1 response');
    expect(plural(1200, 'response')).toBe('1,200 responses');
    expect(averageText(3.25, 'cups')).toBe('3.3 cups');
    expect(averageText(4, null)).toBe('4.0');
    expect(withUnit(12, 'km')).toBe('12 km');
    // The unit agrees with the number as printed (ADR 0125): exactly "1" is singular, "1.0" is not.
    expect(withUnit(1, 'cups')).toBe('1 cup');
    expect(withUnit(-1, 'hours')).toBe('-1 hour');
    expect(withUnit(1.5, 'cups')).toBe('1.5 cups');
    expect(withUnit(1.004, 'cups', 2)).toBe('1 cup');
    expect(averageText(1, 'cups')).toBe('1.0 cups');
    expect(averageText(1, 'km')).toBe('1.0 km');
    expect(withUnit(36, '%')).toBe('36%');
  });

  it('builds the share card from real shares of the first two questions with 50/25 character cuts', () => {
    const long = mcQuestion(['An option text that is far too long to fit', 'Short'], 'opt-2');
    const second = { ...mcQuestion(['Yes', 'No'], null), id: 'q2', text: 'Short?' };
    const third = { ...mcQuestion(['X', 'Y'], null), id: 'q3' };
    expect(
      shareCardData('T', [long, second, third], [resultsOf({ 'opt-1': 1, 'opt-2': 2 }), undefined]),
    ).toBeNull();
    const data = shareCardData(
      'T',
      [long, second, third],
      [resultsOf({ 'opt-1': 1, 'opt-2': 2 }), resultsOf({ 'opt-1': 3, 'opt-2': 1 })],
    );
    expect(data?.questions).toHaveLength(2);
    const first = data!.questions[0]!;
    expect(first.text).toBe(`${long.text.slice(0, 50)}...`);
    expect(first.kind === 'choice' && first.rows).toEqual([
      { id: 'opt-1', text: 'An option text that is fa...', pct: 33, isUser: false },
      { id: 'opt-2', text: 'Short', pct: 67, isUser: true },
    ]);
    const two = data!.questions[1]!;
    expect(two.kind === 'choice' && two.rows.map((r) => r.pct)).toEqual([75, 25]);
  });

  it('names the PNG from the topic title', () => {
    expect(shareFileName('Braai & Bites')).toBe('braai-bites.png');
    expect(shareFileName('Café Culture?!')).toBe('cafe-culture.png');
    expect(shareFileName('???')).toBe('daily-tea-results.png');
  });
});
