import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import {
  clickHeaderItem,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  signUpViaApi,
  signUpWithProfile,
  startServer,
  type TestServer,
  useSession,
} from './fixtures';

/**
 * The player's journey against the real server (`npm start`, demo community seeded): sign-in validation,
 * guest and registered sign-in, profile setup, topic selection with the 3-topic cap, multiple-choice and
 * numeric answers (range toast), the streak, results, the 404 page, logout, and the first-load bundle.
 */

let server: TestServer;
let browser: Browser;

type DailyTopics = {
  topics: Array<{
    id: string;
    title: string;
    isSelected: boolean;
    questions: Array<{ id: string; type: string; minValue: number | null; maxValue: number | null }>;
  }>;
};

async function apiGet<T>(path: string, cookie: string): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: cookie } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

const toastText = (page: Page) => page.locator('[data-variant]').first();

async function completeProfile(page: Page) {
  await page.getByLabel('Gender').selectOption('male');
  await page.getByRole('button', { name: '35-44' }).click();
  await page.getByLabel('Race/Ethnicity').selectOption('indian');
  await page.getByLabel('Country').selectOption('Kenya');
  await page.getByLabel('City', { exact: true }).selectOption('Other');
  await page.getByPlaceholder('Enter your city name').fill('Naivasha');
  await page.getByRole('button', { name: "All Set! Let's Go" }).click();
}

/** Answers the open question flow to the end: choices by clicking, numbers with a value inside the range. */
async function answerAll(page: Page) {
  for (let i = 0; i < 6; i++) {
    const position = page.getByTestId('question-position');
    try {
      await position.waitFor({ timeout: 5000 });
    } catch {
      return;
    }
    const before = await position.textContent();
    const numeric = page.getByRole('spinbutton');
    if (await numeric.isVisible()) {
      const min = Number((await numeric.getAttribute('min')) ?? '0');
      await numeric.fill(String(min));
      await page.getByRole('button', { name: 'Submit' }).click();
    } else {
      await page.getByRole('group', { name: 'Answer options' }).getByRole('button').first().click();
    }
    await page.waitForFunction(
      (prev) => document.querySelector('[data-testid="question-position"]')?.textContent !== prev,
      before,
      { timeout: 10_000 },
    );
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('player web app', () => {
  it('validates sign-in, rejects bad credentials and sends a signed-in visitor away from /auth', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await page.goto('/');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    // The rules arrive with the contract schemas, loaded on the form's first focus (lib/validate-credentials.ts).
    await page.getByText('Username is required').waitFor({ timeout: 5_000 });
    await expect(page.getByText('Password is required').isVisible()).resolves.toBe(true);
    await page.getByLabel('Username').fill('demo_1');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await toastText(page).waitFor();
    expect(await toastText(page).textContent()).toContain('Login failed');

    await page.getByLabel('Password').fill('demo-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.waitForURL(`${server.baseUrl}/`);
    await page.getByText("Today's Topics").waitFor();
    expect(await page.getByTestId('header-username').textContent()).toBe('demo_1');
    await page.goto('/auth');
    await page.waitForURL(`${server.baseUrl}/`);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('takes a guest through profile setup, the 3-topic cap, answers, results and logout', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page.waitForURL('**/profile-setup');
    await page.getByRole('heading', { name: 'About You' }).waitFor();
    await page.getByRole('button', { name: "All Set! Let's Go" }).click();
    await toastText(page).waitFor();
    expect(await toastText(page).textContent()).toContain('Required fields missing');
    await completeProfile(page);
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.getByTestId('header-location').textContent()).toContain('Naivasha, Kenya');
    expect(await page.getByTestId('header-streak').textContent()).toContain('Start a streak');

    // Select three topics through the cards' cross-free path: start one, go back, start the next.
    const cards = page.getByTestId('topic-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 3; i++) {
      await cards
        .nth(i)
        .getByRole('button', { name: /Start Questions|Answer Questions/ })
        .click();
      await page.getByTestId('question-position').waitFor();
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByText("Today's Topics").waitFor();
    }
    await page.getByText('3/3 selected').waitFor();
    const locked = page.locator('[data-testid="topic-card"][data-state="locked"]');
    expect(await locked.count()).toBeGreaterThanOrEqual(1);
    expect(await locked.first().textContent()).toContain('Max topics selected (3/3)');

    // The server refuses a 4th topic too (409), whatever the UI shows.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const daily = await apiGet<DailyTopics>('/api/daily-topics', cookie);
    const unselected = daily.topics.find((t) => !t.isSelected)!;
    const fourth = await fetch(`${server.baseUrl}/api/select-topic`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: server.baseUrl },
      body: JSON.stringify({ topicId: unselected.id }),
    });
    expect(fourth.status).toBe(409);

    // Answer the first selected topic completely.
    await cards
      .first()
      .getByRole('button', { name: /Answer Questions|Start Questions/ })
      .click();
    await answerAll(page);
    await page.getByText('Community results', { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Back' }).first().click();
    await page.getByText("Today's Topics").waitFor();
    await page.waitForFunction(() =>
      /1\s*day/.test(document.querySelector('[data-testid="header-streak"]')?.textContent ?? ''),
    );
    await page.locator('[data-testid="topic-card"][data-state="completed"]').first().waitFor();
    expect(await page.locator('[data-testid="topic-card"][data-state="completed"]').count()).toBe(1);
    // Coming back to a finished topic re-enters its results.
    expect(
      await page
        .locator('[data-testid="topic-card"][data-state="completed"]')
        .getByRole('button')
        .last()
        .textContent(),
    ).toBe('View Results');
    await page.getByText('first answer').waitFor();

    await clickHeaderItem(page, 'Logout');
    await page.waitForURL('**/auth');
    await page.goto('/');
    await page.waitForURL('**/auth');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('shows the range message beside an out-of-range number and the edit-profile form with Other city preselected', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, `range_${Date.now()}`, {
      gender: 'female',
      ageBracket: '18-24',
      raceBracket: 'white',
      country: 'South Africa',
      city: 'Hogsback',
    });
    const daily = await apiGet<DailyTopics>('/api/daily-topics', cookie);
    const withNumeric = daily.topics.find((t) =>
      t.questions.some((q) => q.type === 'numeric' && q.maxValue !== null),
    )!;
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/profile-setup');
    await page.getByRole('heading', { name: 'Update Your Info' }).waitFor();
    expect(await page.getByLabel('City', { exact: true }).inputValue()).toBe('Other');
    expect(await page.getByPlaceholder('Enter your city name').inputValue()).toBe('Hogsback');
    expect(await page.getByRole('button', { name: 'Save' }).isVisible()).toBe(true);

    await page.goto('/');
    const card = page.getByTestId('topic-card').filter({ hasText: withNumeric.title });
    await card.getByRole('button', { name: 'Start Questions' }).click();
    const numericIndex = withNumeric.questions.findIndex((q) => q.type === 'numeric' && q.maxValue !== null);
    for (let i = 0; i < numericIndex; i++) {
      const before = await page.getByTestId('question-position').textContent();
      await page.getByRole('group', { name: 'Answer options' }).getByRole('button').first().click();
      await page.waitForFunction(
        (prev) => document.querySelector('[data-testid="question-position"]')?.textContent !== prev,
        before,
      );
    }
    const max = withNumeric.questions[numericIndex]!.maxValue!;
    await page.getByRole('spinbutton').fill(String(max + 1));
    await page.getByRole('button', { name: 'Submit' }).click();
    // Beside the input only (no toast repeating it over the heading), and the input says it is invalid.
    const inline = page.getByRole('alert').filter({ hasText: 'Number too large' });
    await inline.waitFor();
    expect(await inline.textContent()).toContain(`Please enter a value of at most ${max}`);
    expect(await page.getByRole('spinbutton').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('[data-variant="destructive"]').count()).toBe(0);
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('lets a guest save their progress: registers in place, keeps the streak and answers, signs back in', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page.waitForURL('**/profile-setup');
    await completeProfile(page);
    await page.waitForURL(`${server.baseUrl}/`);
    const card = page.getByTestId('topic-card').first();
    await card.getByRole('button', { name: 'Start Questions' }).click();
    const before = await page.getByTestId('question-position').textContent();
    // Keyboard: entering a topic puts focus on the question text; Tab reaches the options and Space answers.
    await page.waitForFunction(() => document.activeElement?.id === 'question-text');
    await page.getByRole('group', { name: 'Answer options' }).getByRole('button').first().focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(
      (prev) =>
        document.querySelector('[data-testid="question-position"]')?.textContent !== prev ||
        !document.querySelector('[data-testid="question-position"]'),
      before,
    );
    await page.getByRole('button', { name: 'Back' }).first().click();
    await page.waitForFunction(() =>
      /1\s*day/.test(document.querySelector('[data-testid="header-streak"]')?.textContent ?? ''),
    );

    // The dialog validates like the sign-up tab, then upgrades the guest in place.
    await page.getByRole('button', { name: 'Save your progress' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save your progress' });
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.getByText('Username is required').waitFor({ timeout: 5_000 });
    expect(await dialog.getByText('Password is required').isVisible()).toBe(true);
    await dialog.getByLabel('Username').fill('demo_1');
    await dialog.getByLabel('Password').fill('password123');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await page.locator('[data-variant="destructive"]').filter({ hasText: 'Registration failed' }).waitFor();

    const username = `kept_${Date.now().toString(36)}`;
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-variant="success"]').filter({ hasText: 'Progress saved!' }).waitFor();
    expect(await page.getByTestId('header-username').textContent()).toBe(username);
    expect(await page.getByTestId('save-progress').count()).toBe(0);
    expect(await page.getByTestId('header-streak').textContent()).toMatch(/1\s*day/);
    expect(await card.textContent()).toContain('1/');

    await clickHeaderItem(page, 'Logout');
    await page.waitForURL('**/auth');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.waitForURL(`${server.baseUrl}/`);
    expect(await page.getByTestId('header-username').textContent()).toBe(username);
    expect(await page.getByTestId('header-location').textContent()).toContain('Naivasha, Kenya');
    await page.waitForFunction(() =>
      /1\s*day/.test(document.querySelector('[data-testid="header-streak"]')?.textContent ?? ''),
    );
    await page.getByText('first answer').waitFor();
    expect(await page.getByTestId('topic-card').first().textContent()).toContain('1/');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the player signed in with a "Logout failed" toast that covers neither the header nor more than 420 px', async () => {
    const { cookie } = await signUpWithProfile(server.baseUrl, `toast_${Date.now().toString(36)}`);
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await newPage(browser, server.baseUrl, viewport);
      await useSession(page, server.baseUrl, cookie);
      await page.route('**/api/logout', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Try again in a moment' }),
        }),
      );
      await page.goto('/');
      await page.getByText("Today's Topics").waitFor();
      await clickHeaderItem(page, 'Logout');
      const failed = page.locator('[data-variant="destructive"]');
      await failed.waitFor();
      expect(await failed.textContent()).toContain('Logout failed');
      expect(await failed.textContent()).toContain('Try again in a moment');
      expect(new URL(page.url()).pathname).toBe('/');
      const header = (await page.locator('header').boundingBox())!;
      const region = (await page.getByRole('region', { name: /Notifications/ }).boundingBox())!;
      const shown = (await failed.boundingBox())!;
      expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
      if (viewport === DESKTOP) expect(region.width).toBeLessThanOrEqual(420);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }
  });

  it("on a phone, says beside each field what the profile misses, and no toast covers a screen's controls", async () => {
    type Box = { x: number; y: number; width: number; height: number };
    const overlaps = (a: Box, b: Box) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    const { cookie } = await signUpViaApi(server.baseUrl, `phone_${Date.now().toString(36)}`);
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    await page.goto('/profile-setup');
    await page.getByRole('heading', { name: 'About You' }).waitFor();
    await page.getByLabel('Gender').selectOption('female');
    const save = page.getByRole('button', { name: "All Set! Let's Go" });
    await save.click();
    // product.md#validation's toast, and each empty required field says so beside itself; the first takes focus.
    await toastText(page).waitFor();
    expect(await toastText(page).textContent()).toContain('Required fields missing');
    expect(await page.locator('[data-field-error]').allInnerTexts()).toEqual([
      'Please select your age bracket.',
      'Please select your race/ethnicity.',
    ]);
    const race = page.getByLabel('Race/Ethnicity');
    expect(await race.getAttribute('aria-invalid')).toBe('true');
    expect(await race.getAttribute('aria-describedby')).toBe(
      await page.locator('[data-field-error="raceBracket"]').getAttribute('id'),
    );
    await page.waitForFunction(() => document.activeElement?.textContent === '18-24');
    const toastBox = (await page.locator('[data-variant="destructive"]').boundingBox())!;
    for (const control of [page.getByRole('button', { name: 'Back' }), save, page.getByLabel('Gender')])
      expect(overlaps(toastBox, (await control.boundingBox())!)).toBe(false);
    await expectNoAxeViolations(page, 'profile with fields missing');
    // Filling a field takes its message away.
    await page.getByRole('button', { name: '25-34' }).click();
    expect(await page.locator('[data-field-error]').allInnerTexts()).toEqual([
      'Please select your race/ethnicity.',
    ]);
    await race.selectOption('black');
    expect(await page.locator('[data-field-error]').count()).toBe(0);
    await save.click();
    await page.waitForURL(`${server.baseUrl}/`);

    // "Topic updated!" travels to the question screen it opened: at the bottom edge, clear of Back, the title,
    // the options and the header.
    await page.getByTestId('topic-card').first().getByRole('button', { name: 'Start Questions' }).click();
    await page.getByTestId('question-position').waitFor();
    const updated = page.locator('[data-variant="default"]', { hasText: 'Topic updated!' });
    await updated.waitFor();
    await page.waitForTimeout(300); // the toast's entry transition
    const shown = (await updated.boundingBox())!;
    const controls = [
      page.locator('header[data-player-header]'),
      page.getByRole('button', { name: 'Back' }),
      page.getByRole('heading', { level: 1 }),
      page.getByRole('group', { name: 'Answer options' }),
    ];
    for (const control of controls) expect(overlaps(shown, (await control.boundingBox())!)).toBe(false);
    expect(shown.y + shown.height).toBeLessThanOrEqual(PHONE.height);
    await expectNoAxeViolations(page, 'question with a toast');
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('says "No topics available today" when nothing is scheduled', async () => {
    const empty = await startServer({ SEED_DEMO: 'false' });
    try {
      const { cookie } = await signUpWithProfile(empty.baseUrl, 'no_topics');
      const page = await newPage(browser, empty.baseUrl, PHONE);
      await useSession(page, empty.baseUrl, cookie);
      await page.goto('/');
      await page.getByText('No topics available today').waitFor();
      expect(await page.getByTestId('topic-card').count()).toBe(0);
      expect(await page.getByText('0/3 selected').isVisible()).toBe(true);
      await page.context().close();
    } finally {
      await empty.stop();
    }
  });

  it('renders the 404 page for unknown paths', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await page.goto('/definitely/not/here');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await page.context().close();
  });

  it('loads no operator, marketing or html2canvas code on the first visit', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Continue as Guest' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /admin|marketing|html2canvas/i.test(s))).toEqual([]);
    await page.context().close();
  });
});
