import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { User } from '../../shared/src/contracts/auth';
import type { DailyTopic, DailyTopicsResponse, QuestionResults } from '../../shared/src/contracts/daily';
import type { Methodology, SampleMakeup } from '../../shared/src/contracts/weighting';
import { representation } from '../../shared/src/ui/operator/responses/sample-makeup-model';
import { targetTables } from '../src/features/methodology/components/methodology-model';
import { expectNoAxeViolationsInBothThemes } from './axe';
import {
  DESKTOP,
  PHONE,
  launchBrowser,
  newPage,
  signUpWithProfile,
  startServer,
  useSession,
  type PlayerProfile,
  type TestServer,
} from './fixtures';

/**
 * Weighted results in the player app (docs/decisions/0295–0299): the public /methodology page drawn from
 * GET /api/methodology; the province asked once, kindly, under a South African player's first results and kept in the
 * profile; each card's weighted figures beside the raw split with a Weighted / As answered switch that is
 * remembered, the effective sample, "±x points" with the methodology link, the reason when withheld, and the share
 * card that follows the switch. Real `npm start` over a fresh demo database.
 */

const SHOTS = '/tmp/shots';

let server: TestServer;
let browser: Browser;

const newName = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 10)}`;

async function call<T>(path: string, cookie?: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Origin: server.baseUrl,
      'Content-Type': 'application/json',
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const SOWETO: PlayerProfile = {
  gender: 'male',
  ageBracket: '18-24',
  raceBracket: 'black',
  country: 'South Africa',
  city: 'Soweto', // not in the list: no province from the city
};

/** A new player with the profile who has answered a whole seeded topic (option 2, or the minimum) through the API. */
async function playerWithResults(prefix: string, profile: PlayerProfile = SOWETO, topicIndex = 0) {
  const { cookie } = await signUpWithProfile(server.baseUrl, newName(prefix), profile);
  const daily = await call<DailyTopicsResponse>('/api/daily-topics', cookie);
  const topic = daily.topics[topicIndex]!;
  await call('/api/select-topic', cookie, { method: 'POST', body: { topicId: topic.id } });
  for (const q of topic.questions)
    await call('/api/answers', cookie, {
      method: 'POST',
      body:
        q.type === 'numeric'
          ? { questionId: q.id, numericValue: q.minValue ?? 0 }
          : { questionId: q.id, selectedOptionId: 'opt-2' },
    });
  return { cookie, topic };
}

const me = async (cookie: string) => (await call<{ user: User }>('/api/session', cookie)).user;

const checkBothThemes = (page: Page, name: string) => expectNoAxeViolationsInBothThemes(page, name, SHOTS);

async function openResults(page: Page, topic: DailyTopic) {
  await page.goto(`/topics/${topic.id}/results`);
  await page.getByRole('heading', { level: 1, name: topic.title }).waitFor();
  await page.waitForFunction(
    (count) => document.querySelectorAll('article[data-question-id] [data-total-answers]').length === count,
    topic.questions.length,
    { timeout: 20_000 },
  );
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('/methodology', () => {
  it('shows the targets and sources of GET /api/methodology in plain words, to anyone', async () => {
    const methodology = await call<Methodology>('/api/methodology');
    const page = await newPage(browser, server.baseUrl, PHONE);
    await page.goto('/methodology'); // signed out: the page is public
    await page.getByRole('heading', { level: 1, name: 'How we weight results' }).waitFor();
    await page.locator('[data-sources]').waitFor();

    for (const table of targetTables(methodology.targets)) {
      const rows = page.locator(`[data-target-dimension="${table.dimension}"] tr[data-target]`);
      expect(await rows.count()).toBe(table.rows.length);
      for (const [i, row] of table.rows.entries())
        expect((await rows.nth(i).innerText()).split(/\s+/).join(' ')).toBe(`${row.label} ${row.percent}`);
    }
    const sources = page.locator('[data-source]');
    expect(await sources.count()).toBe(methodology.sources.length);
    for (const [i, source] of methodology.sources.entries())
      expect(await sources.nth(i).getByRole('link').getAttribute('href')).toBe(source.url);
    expect(await page.locator('[data-left-out] li').count()).toBe(methodology.leftOut.length);
    expect(await page.locator('[data-min-effective-sample]').innerText()).toBe(
      String(methodology.minEffectiveSample),
    );
    await expect(page.locator('[data-scheme]').innerText()).resolves.toBe(methodology.scheme);
    await checkBothThemes(page, 'methodology');
    // Opened directly: the way out leads to the app.
    expect(await page.getByRole('link', { name: /Daily Tea/ }).getAttribute('href')).toBe('/');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the province, asked kindly', () => {
  it('asks a South African player once, under their first results, and keeps the answer', async () => {
    const { cookie, topic } = await playerWithResults('prov');
    expect((await me(cookie)).province).toBeNull();
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await openResults(page, topic);
    const ask = page.getByTestId('province-ask');
    await ask.waitFor();
    // After the results: below the last card.
    const cards = page.locator('article[data-question-id]');
    const lastCard = await cards.nth((await cards.count()) - 1).boundingBox();
    expect((await ask.boundingBox())!.y).toBeGreaterThan(lastCard!.y + lastCard!.height);
    await ask.scrollIntoViewIfNeeded();
    await checkBothThemes(page, 'province-ask');

    // Save with nothing chosen: the message is beside the field, nothing is sent.
    await ask.getByRole('button', { name: 'Save' }).click();
    await ask.getByText('Choose a province, or tap “Rather not say”.').waitFor();
    expect((await me(cookie)).province).toBeNull();

    await ask.getByLabel('Province').selectOption({ label: 'Gauteng' });
    await ask.getByRole('button', { name: 'Save' }).click();
    await ask.getByRole('status').filter({ hasText: 'Gauteng is saved to your profile' }).waitFor();
    expect((await me(cookie)).province).toBe('gauteng');

    // Once: the next results screen does not ask again.
    await page.reload();
    await openResults(page, topic);
    await page.waitForTimeout(300);
    expect(await page.getByTestId('province-ask').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('stores "Rather not say" as a refusal, so no device asks again', async () => {
    const { cookie, topic } = await playerWithResults('refuse');
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await openResults(page, topic);
    await page.getByTestId('province-ask').getByRole('button', { name: 'Rather not say' }).click();
    await page.getByText('No problem, we won’t ask again.').waitFor();
    expect((await me(cookie)).province).toBe('prefer_not_to_say');
    await page.context().close();

    // A second browser (no local memory of the question): not asked either.
    const other = await newPage(browser, server.baseUrl, PHONE);
    await useSession(other, server.baseUrl, cookie);
    await openResults(other, topic);
    await other.waitForTimeout(300);
    expect(await other.getByTestId('province-ask').count()).toBe(0);
    await other.context().close();
  });

  it('does not ask a player whose city places them, nor one outside South Africa', async () => {
    const durban = await playerWithResults('durban', { ...SOWETO, city: 'Durban' });
    expect((await me(durban.cookie)).province).toBe('kwazulu_natal');
    const kenya = await playerWithResults('kenya', { ...SOWETO, country: 'Kenya', city: 'Nairobi' });
    for (const { cookie, topic } of [durban, kenya]) {
      const page = await newPage(browser, server.baseUrl, PHONE);
      await useSession(page, server.baseUrl, cookie);
      await openResults(page, topic);
      await page.waitForTimeout(300);
      expect(await page.getByTestId('province-ask').count()).toBe(0);
      await page.context().close();
    }
  });

  it('has the province on the profile screen for South African players', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, newName('profile'), SOWETO);
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/profile-setup');
    const province = page.getByLabel('Province (optional)');
    await province.waitFor();
    expect(await province.inputValue()).toBe('');
    // Picking a city the list places fills the empty province.
    await page.getByLabel('City', { exact: true }).selectOption('Cape Town');
    expect(await province.inputValue()).toBe('western_cape');
    await province.selectOption({ label: 'Limpopo' });
    await checkBothThemes(page, 'profile-province');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect((await me(cookie)).province).toBe('limpopo');

    // Another country: no province field, and none is kept.
    await page.goto('/profile-setup');
    await page.getByLabel('Country').selectOption('Kenya');
    expect(await page.getByLabel('Province (optional)').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('weighted figures on the results cards', () => {
  /**
   * Weighted figures set on the real results responses (the contract's fields, so each card's rendering is checked
   * against known numbers): the second question's withheld, every other one's shown — a choice with option 2 at 60 %,
   * a number with its raw average plus one.
   */
  function stub(results: QuestionResults, index: number): QuestionResults {
    if (index === 1)
      return {
        ...results,
        weighted: null,
        weightedWithheld: {
          reason: 'too_few',
          effectiveSampleSize: 17.6,
          minEffectiveSample: 30,
          respondents: 40,
          excluded: 6,
        },
      };
    const common = {
      scheme: 'sa-adults-census-2022',
      effectiveSampleSize: 84.3,
      respondents: 120,
      excluded: 9,
    };
    if (results.type === 'numeric')
      return {
        ...results,
        weightedWithheld: null,
        weighted: {
          ...common,
          optionShares: null,
          optionIntervals: null,
          average: (results.numericStats?.average ?? 0) + 1,
          interval: 0.4,
        },
      };
    const ids = Object.keys(results.optionCounts).sort();
    const shares = Object.fromEntries(ids.map((id) => [id, id === 'opt-2' ? 0.6 : 0.4 / (ids.length - 1)]));
    return {
      ...results,
      weightedWithheld: null,
      weighted: {
        ...common,
        optionShares: shares,
        average: null,
        interval: 0.107,
        optionIntervals: Object.fromEntries(ids.map((id) => [id, id === 'opt-2' ? 0.0946 : 0.08])),
      },
    };
  }

  /** Opens a card's details once it has settled (a click while the card re-renders can be lost). */
  async function openDetails(card: Locator, inside: Locator) {
    const more = card.locator('button[data-more]');
    await expect
      .poll(
        async () => {
          if ((await inside.count()) > 0) return true;
          if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
          return (await inside.count()) > 0;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  }

  async function stubbedPage(cookie: string, topic: DailyTopic, viewport = PHONE) {
    const page = await newPage(browser, server.baseUrl, viewport);
    await useSession(page, server.baseUrl, cookie);
    const order = topic.questions.map((q) => q.id);
    await page.route('**/api/questions/*/results', async (route) => {
      const response = await route.fetch();
      const results = (await response.json()) as QuestionResults;
      await route.fulfill({ response, json: stub(results, order.indexOf(results.questionId)) });
    });
    return page;
  }

  it('shows the weighted split beside the raw one, remembers the switch, and says why when withheld', async () => {
    const { cookie, topic } = await playerWithResults('weighted');
    expect(topic.questions[0]!.type).toBe('multiple_choice');
    const page = await stubbedPage(cookie, topic);
    await openResults(page, topic);
    const first = page.locator('article[data-question-id]').first();
    const second = page.locator('article[data-question-id]').nth(1);

    // As answered by default: the spec's raw bars, the weighted headline beside them (the player's option 2).
    const raw = await call<QuestionResults>(`/api/questions/${topic.questions[0]!.id}/results`, cookie);
    const rawPct = Math.round(((raw.optionCounts['opt-2'] ?? 0) / raw.totalAnswers) * 100);
    expect(await first.getByRole('radio', { name: 'As answered' }).isChecked()).toBe(true);
    expect(await first.locator('[data-option="opt-2"]').getAttribute('data-percent')).toBe(String(rawPct));
    const headline = first.locator('[data-weighted="shown"]');
    expect(await headline.locator('[data-weighted-percent]').innerText()).toBe('60%');
    // A phone's summary line is short; "±x points" in full and the effective sample are in the details.
    expect(await headline.innerText()).toContain('(you), ±9.5 pts');
    await checkBothThemes(page, 'weighted-answered');

    // The withheld card says why in a few words, and in full with the threshold and the method in its details.
    expect(await second.locator('[data-weighted="withheld"]').innerText()).toBe(
      'Weighted: not shown yet — too few answers',
    );
    const withheld = second.locator('[data-weighted-reason]');
    await openDetails(second, withheld);
    expect(await withheld.innerText()).toContain('once weighted they count like 17 people');
    expect(await withheld.innerText()).toContain('we show a weighted figure from 30');
    expect(await withheld.getByRole('link', { name: 'How we weight' }).getAttribute('href')).toBe(
      '/methodology',
    );
    expect(await second.getByRole('radio').count()).toBe(0);

    // A number question shows its weighted average beside the raw one.
    for (const [i, question] of topic.questions.entries()) {
      if (i === 1 || question.type !== 'numeric') continue;
      const stats = (await call<QuestionResults>(`/api/questions/${question.id}/results`, cookie))
        .numericStats!;
      const card = page.locator(`article[data-question-id="${question.id}"]`);
      expect(
        Number(await card.locator('[data-weighted-average]').getAttribute('data-weighted-average')),
      ).toBeCloseTo(stats.average + 1);
    }

    // Weighted: the bars draw the weighted shares; the line says what was answered.
    await first.getByText('Weighted', { exact: true }).click();
    expect(await first.locator('[data-option="opt-2"]').getAttribute('data-percent')).toBe('60');
    expect(await headline.innerText()).toContain(`As answered: ${rawPct}% chose`);
    await first.getByText('Weighted to SA adults', { exact: true }).waitFor();
    await checkBothThemes(page, 'weighted-weighted');

    // The details: effective sample, interval, who was left out, and the method one tap away.
    const details = first.locator('[data-effective-sample]');
    await openDetails(first, details);
    expect(await details.getAttribute('data-effective-sample')).toBe('84');
    expect(await details.innerText()).toMatch(
      /like a random sample of 84 · ±9\.5 points \(95%\) · 9 left out/,
    );

    // Remembered: a reload keeps Weighted.
    await page.reload();
    await openResults(page, topic);
    expect(
      await page
        .locator('article[data-question-id]')
        .first()
        .getByRole('radio', { name: 'Weighted' })
        .isChecked(),
    ).toBe(true);

    // The share card follows the switch and says so.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenCards: string[] }).seenCards = seen;
      new MutationObserver(() => {
        const card = document.querySelector<HTMLElement>('[data-share-card]');
        if (card && seen.length === 0) seen.push(`${card.dataset.weighted}|${card.innerText}`);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Share Results' }).first().click(),
    ]);
    const [card] = await page.evaluate(() => (window as unknown as { seenCards: string[] }).seenCards);
    expect(card).toMatch(/^true\|/);
    expect(card).toContain('WEIGHTED TO SA ADULTS'); // the card's header pill (drawn in capitals)
    expect(card).toContain('answers, weighted to SA adults');
    expect(card).toContain('60%');

    const reloaded = page.locator('article[data-question-id]').first();
    if ((await reloaded.locator('button[data-more]').getAttribute('aria-expanded')) === 'false')
      await reloaded.locator('button[data-more]').click();
    await page
      .locator('article[data-question-id]')
      .first()
      .getByRole('link', { name: 'How we weight' })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'How we weight results' }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 1, name: topic.title }).waitFor();
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('real weighted figures', () => {
  it('draws the weighted shares the server computed for a seeded question', async () => {
    // The first of today's topics whose first question the server weights for its new player (a question linked to
    // days the player has not answered is withheld for them, ADR 0230).
    let found: {
      cookie: string;
      topic: DailyTopic;
      weighted: NonNullable<QuestionResults['weighted']>;
    } | null = null;
    for (let index = 0; index < 5 && !found; index++) {
      const { cookie, topic } = await playerWithResults('real', SOWETO, index);
      if (topic.questions[0]!.type !== 'multiple_choice') continue;
      const results = await call<QuestionResults>(`/api/questions/${topic.questions[0]!.id}/results`, cookie);
      if (results.weighted) found = { cookie, topic, weighted: results.weighted };
    }
    expect(found).not.toBeNull();
    const { cookie, topic, weighted } = found!;
    const question = topic.questions[0]!;
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    await useSession(page, server.baseUrl, cookie);
    await openResults(page, topic);
    const card = page.locator(`article[data-question-id="${question.id}"]`);
    // The player chose option 2: the headline is its weighted share, with its own interval.
    const share = Math.round(weighted.optionShares!['opt-2']! * 100);
    expect(await card.locator('[data-weighted-percent]').innerText()).toBe(`${share}%`);
    const points = (weighted.optionIntervals!['opt-2']! * 100).toFixed(1).replace(/\.0$/, '');
    expect(await card.locator('[data-weighted="shown"]').innerText()).toContain(`±${points} points`);
    expect(await card.locator('[data-effective-sample]').getAttribute('data-effective-sample')).toBe(
      String(Math.floor(weighted.effectiveSampleSize)),
    );
    await card.getByText('Weighted', { exact: true }).click();
    for (const [id, value] of Object.entries(weighted.optionShares!))
      expect(await card.locator(`[data-option="${id}"]`).getAttribute('data-percent')).toBe(
        String(Math.round(value * 100)),
      );
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});

describe('the sample make-up for operators', () => {
  it('shows a date’s respondents against the targets, over- and under-represented', async () => {
    const unlock = await fetch(`${server.baseUrl}/api/admin/unlock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.baseUrl },
      body: JSON.stringify({ password: 'admin-dev' }),
    });
    const { token } = (await unlock.json()) as { token: string };
    const { today: date } = await call<{ today: string }>('/api/health');
    const res = await fetch(`${server.baseUrl}/api/admin/analytics/sample?date=${date}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const makeup = (await res.json()) as SampleMakeup;
    expect(makeup.respondents).toBeGreaterThan(0);

    const page = await newPage(browser, server.baseUrl, DESKTOP);
    await page.goto('/admin');
    await page.getByLabel('Password', { exact: true }).fill('admin-dev');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByRole('tab', { name: 'Response Analytics' }).click();
    const panel = page.getByRole('region', { name: 'Sample make-up' });
    await panel.locator('[data-sample-makeup]').waitFor();
    expect(await panel.locator('[data-in-scheme]').getAttribute('data-in-scheme')).toBe(
      String(makeup.inScheme),
    );
    for (const margin of ['gender', 'ageBracket', 'raceBracket', 'province'] as const) {
      const rows = panel.locator(`[data-makeup-margin="${margin}"] tr[data-group]`);
      expect(await rows.count()).toBe(makeup.margins[margin].length);
      for (const [i, row] of makeup.margins[margin].entries()) {
        const expected = representation(row.ratio, row.count, row.targetShare);
        expect(await rows.nth(i).getAttribute('data-representation')).toBe(expected);
        expect(await rows.nth(i).innerText()).toContain(
          `${(Math.round(row.sampleShare * 1000) / 10).toFixed(1)}%`,
        );
      }
    }
    await panel.scrollIntoViewIfNeeded();
    await checkBothThemes(page, 'sample-makeup');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });
});
