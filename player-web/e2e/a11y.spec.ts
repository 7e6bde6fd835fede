import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import {
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  signUpViaApi,
  startServer,
  useSession,
  type TestServer,
  revealResults,
} from './fixtures';

/**
 * axe-core on every screen the browser suites visit — the player's (sign-in, profile, home, a question of
 * each kind, results, a topic link before it is picked, a topic that is not today's, offline, 404) at phone
 * and desktop sizes, every admin tab and every marketing post type — plus keyboard focus: the main heading
 * after sign-in, on each question and when results appear; arrow keys through a question's options.
 * Any violation fails the test with the rule and the elements.
 */

let server: TestServer;
let browser: Browser;
let screens = 0;

type Question = { id: string; type: string; minValue: number | null };
type Topic = { id: string; title: string; questions: Question[] };

async function api<T>(
  cookie: string,
  path: string,
  body?: unknown,
  method = body === undefined ? 'GET' : 'POST',
): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: server.baseUrl, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const SHOTS = '/tmp/shots';

/**
 * axe on the screen as it is, in the light and the dark theme (docs/decisions/0271-dark-mode.md), then a full-page
 * screenshot in each (looked at before a UI change lands).
 */
async function check(page: Page, screen: string) {
  const width = page.viewportSize()?.width ?? 0;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page, `${screen} (${colorScheme})`);
    screens += 1;
    await page.screenshot({
      path: `${SHOTS}/screen-${screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${colorScheme}-${width}.png`,
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

beforeAll(async () => {
  server = await startServer({ ACCOUNT_LIMIT_PER_HOUR: '0' });
  browser = await launchBrowser();
});

afterAll(async () => {
  console.log(`axe: ${screens} screen states checked, 0 violations`);
  await browser?.close();
  await server?.stop();
});

describe('accessibility (axe-core)', () => {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`has no violations on the player screens (${size})`, async () => {
      const page = await newPage(browser, server.baseUrl, viewport);
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Continue as Guest' }).waitFor();
      await check(page, 'sign-in');
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await check(page, 'sign-up');

      // Sign in: focus lands on the new screen's main heading.
      await page.getByRole('tab', { name: 'Sign In' }).click();
      await page.getByLabel('Username').first().fill('demo_1');
      await page.getByLabel('Password').first().fill('demo-password');
      await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
      await page.getByRole('heading', { level: 1, name: "Today's Topics" }).waitFor();
      await page.waitForFunction(() => document.activeElement?.textContent === "Today's Topics");
      await page.getByTestId('topic-card').first().waitFor();
      await check(page, 'home');

      await page.goto('/profile-setup');
      await page.getByRole('heading', { name: 'Update Your Info' }).waitFor();
      await check(page, 'profile');

      const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      type DayTopic = Topic & {
        showResults: boolean;
        isSelected: boolean;
        questions: (Question & { userAnswer: unknown })[];
      };
      const daily = async () => (await api<{ topics: DayTopic[] }>(cookie, '/api/daily-topics')).topics;
      let topics = await daily();
      if (!topics.some((t) => t.showResults)) {
        const topic = topics.find((t) => t.isSelected) ?? topics[0]!;
        if (!topic.isSelected) await api(cookie, '/api/select-topic', { topicId: topic.id });
        for (const q of topic.questions.filter((q) => q.userAnswer === null))
          await api(
            cookie,
            '/api/answers',
            q.type === 'numeric'
              ? { questionId: q.id, numericValue: q.minValue ?? 1 }
              : { questionId: q.id, selectedOptionId: 'opt-1' },
          );
        topics = await daily();
      }
      const done = topics.find((t) => t.showResults);
      expect(done).toBeDefined();
      await page.goto(`/topics/${done!.id}/results`);
      await page.getByRole('heading', { level: 1, name: done!.title }).waitFor();
      await page.getByText('Community results').first().waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      await revealResults(page);
      await check(page, 'results');
      // Legends and option names wrap between words: none is clipped (product.md#limits cuts only the bar labels, with "…").
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll('[data-section] ul li span, [data-full-options] li span')]
          .filter((el) => !el.classList.contains('sr-only') && el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
      expect(clipped).toEqual([]);

      const open = topics.find((t) => !t.isSelected);
      if (open) {
        await page.goto(`/topics/${open.id}`);
        await page.getByRole('heading', { level: 1, name: open.title }).waitFor();
        await check(page, 'start topic');
      }
      await page.goto('/topics/not-today');
      await page.getByRole('heading', { level: 1, name: 'This topic isn’t on today’s menu' }).waitFor();
      await check(page, 'topic not today');
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await check(page, '404');
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }

  it('has no violations on each kind of question, and the options are one arrow-key group with a focus ring', async () => {
    const { cookie } = await signUpViaApi(server.baseUrl, `a11y_${Date.now().toString(36)}`);
    await api(
      cookie,
      '/api/profile',
      { gender: 'female', ageBracket: '18-24', raceBracket: 'black', country: 'Kenya', city: 'Nairobi' },
      'PUT',
    );
    const { topics } = await api<{ topics: Topic[] }>(cookie, '/api/daily-topics');
    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, cookie);
    const seen = new Set<string>();
    for (const topic of topics.slice(0, 3)) {
      await page.goto(`/topics/${topic.id}`);
      await page.getByRole('button', { name: 'Start Questions' }).click();
      for (const question of topic.questions) {
        await page.getByTestId('question-position').waitFor();
        await page.waitForFunction(() => document.activeElement?.tagName === 'H2');
        if (!seen.has(question.type)) {
          seen.add(question.type);
          await check(page, `${question.type} question`);
        }
        const position = await page.getByTestId('question-position').textContent();
        if (question.type === 'numeric') {
          await page.getByRole('spinbutton').fill(String(question.minValue ?? 1));
          await page.getByRole('button', { name: 'Submit' }).click();
        } else {
          // Tab enters the group once; the arrow keys move within it; the focused option shows the brand ring.
          const group = page.getByRole('group', { name: 'Answer options' });
          const options = group.getByRole('button');
          await options.first().focus();
          await page.keyboard.press('ArrowDown');
          expect(await options.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
          const ring = await options.nth(1).evaluate((el) => getComputedStyle(el).outlineStyle);
          expect(ring).not.toBe('none');
          await page.keyboard.press('ArrowUp');
          expect(await options.first().evaluate((el) => el === document.activeElement)).toBe(true);
          await page.keyboard.press('End');
          await page.keyboard.press('Enter');
        }
        await page.waitForFunction(
          (prev) =>
            document.querySelector('[data-testid="question-position"]')?.textContent !== prev ||
            location.pathname.endsWith('/results'),
          position,
          { timeout: 15_000 },
        );
      }
      await page.waitForURL(`**/topics/${topic.id}/results`);
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      if (seen.size === 2) break;
    }
    expect([...seen].sort()).toEqual(['multiple_choice', 'numeric']);
    await page.context().close();
  });

  it('has no violations on the admin gate and every admin tab', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
    await check(page, 'admin gate');
    await page.getByLabel('Password', { exact: true }).fill('admin-dev');
    await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
    await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    await check(page, 'admin dashboard');
    for (const tab of [
      'User Analytics',
      'Topics',
      'Question Scheduling',
      'Response Analytics',
      'Audit',
      'Marketing',
    ]) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByRole('tabpanel', { name: tab }).waitFor();
      await page.waitForLoadState('networkidle');
      await check(page, `admin ${tab}`);
    }
    await page.context().close();
  });

  it('has no violations on the marketing gate and every post type with its preview', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await page.goto('/marketing');
    await page.getByRole('button', { name: 'Access Marketing Tools' }).waitFor();
    await check(page, 'marketing gate');
    await page.getByLabel('Password').fill('marketing-dev');
    await page.getByRole('button', { name: 'Access Marketing Tools' }).click();
    await page.getByRole('heading', { name: 'Marketing Generator' }).waitFor();
    await page.getByRole('button', { name: 'Show Preview' }).click();
    for (const label of ['Teaser', 'Poll', 'Snapshot', 'Results', 'Quote', 'Promo']) {
      await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
      await page.getByRole('figure', { name: `${label} post preview` }).waitFor();
      await check(page, `marketing ${label}`);
    }
    await page.context().close();
  });
});
