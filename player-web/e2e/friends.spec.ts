import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import {
  clickHeaderItem,
  DESKTOP,
  launchBrowser,
  newPage,
  PHONE,
  PLAYER_PROFILE,
  signUpWithProfile,
  startServer,
  type TestServer,
  useSession,
} from './fixtures';

/**
 * Friends with two browsers, as two people would: Thandi invites from the Friends screen, Sam opens
 * the link signed out, signs up on the invite page and is her friend at once; both answer the same question and
 * each sees the other on its results; Thandi removes Sam, and Sam is gone from her screens and she from his.
 */

let server: TestServer;
let browser: Browser;
const SHOTS = process.env.SCREENSHOT_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'daily-tea-shots', 'friends');
const unique = (prefix: string) => `${prefix}_${Math.random().toString(36).slice(2, 8)}`;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(0, 0); // no hover state in the picture
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The viewport around `selector`'s first match (a tall screen's part that matters, at its real size). */
async function shotAt(page: Page, selector: string, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(0, 0);
  await page
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function api<T>(cookie: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { Cookie: cookie, Origin: server.baseUrl, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Topic = {
  id: string;
  title: string;
  questions: { id: string; type: string; minValue: number | null }[];
};

/** Picks the day's first topic and answers its questions (first option, or the minimum). */
async function playFirstTopic(cookie: string): Promise<Topic> {
  const { topics } = await api<{ topics: Topic[] }>(cookie, '/api/daily-topics');
  const topic = topics[0]!;
  await api(cookie, '/api/select-topic', 'POST', { topicId: topic.id });
  for (const q of topic.questions) {
    await api(cookie, '/api/answers', 'POST', {
      questionId: q.id,
      ...(q.type === 'numeric' ? { numericValue: q.minValue ?? 0 } : { selectedOptionId: 'opt-1' }),
    });
  }
  return topic;
}

async function sessionOf(page: Page): Promise<string> {
  const session = (await page.context().cookies()).find((c) => c.name === 'session');
  if (!session) throw new Error('the page has no session cookie');
  return `session=${session.value}`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('friends in two browsers', () => {
  it('invites, accepts from the link, sees each other on results, removes', async () => {
    const thandiName = unique('thandi');
    const samName = unique('sam');
    const thandi = await signUpWithProfile(server.baseUrl, thandiName);

    // Thandi, on a phone: the Friends screen, empty, then an invite.
    const a = await newPage(browser, server.baseUrl, PHONE);
    await useSession(a, server.baseUrl, thandi.cookie);
    await a.goto('/friends');
    await a.getByRole('heading', { name: 'Friends', level: 1 }).waitFor();
    await a.getByTestId('friends-empty').waitFor();
    await a.getByRole('button', { name: 'Create an invite' }).click();
    const url = await a.getByTestId('invite-url').inputValue();
    const code = await a.getByTestId('invite-code').textContent();
    expect(url).toBe(`${server.baseUrl}/friends/invite/${code}`);
    await shot(a, 'friends-invite-390');
    await expectNoAxeViolations(a, 'Friends (empty, with an invite)');

    // Sam, signed out on a desktop, opens the link: who invites, then sign-up, then friends at once.
    const b = await newPage(browser, server.baseUrl, DESKTOP);
    await b.goto(url);
    await b.getByRole('heading', { name: `${thandiName} invited you to be friends` }).waitFor();
    await shot(b, 'invite-signed-out-1440');
    await expectNoAxeViolations(b, 'invite page (signed out)');
    await b.getByLabel('Username').fill(samName);
    await b.getByLabel('Password').fill('password123');
    await b.getByRole('button', { name: 'Create Account' }).click();
    await b.getByText(`You and ${thandiName} are now friends.`).waitFor();
    await shot(b, 'invite-accepted-1440');
    await expectNoAxeViolations(b, 'invite accepted');
    const sam = await sessionOf(b);
    await api(sam, '/api/profile', 'PUT', PLAYER_PROFILE);

    // Thandi sees Sam (not played yet today), and the week's board with both.
    await a.reload();
    const row = a.getByTestId('friend-row').filter({ hasText: samName });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('Not played yet today');
    await a.getByTestId('leaderboard').waitFor();

    // Both answer the same topic; each sees the other on its results.
    const topic = await playFirstTopic(thandi.cookie);
    await playFirstTopic(sam);
    const question = topic.questions[0]!;
    const theirs = await api<{ friends: { username: string }[] }>(
      thandi.cookie,
      `/api/questions/${question.id}/results`,
    );
    expect(theirs.friends.map((f) => f.username)).toEqual([samName]);
    const his = await api<{ friends: { username: string }[] }>(sam, `/api/questions/${question.id}/results`);
    expect(his.friends.map((f) => f.username)).toEqual([thandiName]);

    // On the result cards: "<friend> picked the same as you", a tap for what each picked.
    await a.goto(`/topics/${topic.id}/results`);
    const line = a.locator(`article[data-question-id="${question.id}"]`).getByTestId('friends-answers');
    await line.getByRole('button', { name: `${samName} picked the same as you` }).click();
    await line.getByRole('list', { name: 'Friends’ answers' }).getByText('✓ same as you').waitFor();
    await shotAt(a, '[data-testid="friends-answers"]', 'results-friends-390');
    await b.goto(`/topics/${topic.id}/results`);
    await b
      .locator(`article[data-question-id="${question.id}"]`)
      .getByRole('button', { name: `${thandiName} picked the same as you` })
      .waitFor();
    await shotAt(b, '[data-testid="friends-answers"]', 'results-friends-1440');

    await a.goto('/friends');
    await expect(row.textContent()).resolves.toContain('Played today');
    await shot(a, 'friends-list-390');
    await expectNoAxeViolations(a, 'Friends (one friend)');
    await b.goto('/friends');
    await b.getByTestId('friend-row').filter({ hasText: thandiName }).waitFor();
    await shot(b, 'friends-list-1440');
    await expectNoAxeViolations(b, 'Friends (desktop)');
    // The dark theme (a preference): the same screen, still readable.
    await api(sam, '/api/preferences', 'PUT', { theme: 'dark' });
    await b.reload();
    await b.getByTestId('friend-row').waitFor();
    await b.getByTestId('leaderboard').waitFor();
    await shot(b, 'friends-list-dark-1440');
    await expectNoAxeViolations(b, 'Friends (desktop, dark)');

    // Thandi removes Sam: gone from both screens and from results.
    await row.getByRole('button', { name: `Remove ${samName}` }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Remove friend' }).click();
    await a.getByTestId('friends-empty').waitFor();
    await b.reload();
    await b.getByTestId('friends-empty').waitFor();
    const after = await api<{ friends: unknown[] }>(thandi.cookie, `/api/questions/${question.id}/results`);
    expect(after.friends).toEqual([]);
    await a.goto(`/topics/${topic.id}/results`);
    await a.locator(`article[data-question-id="${question.id}"] [data-total-answers]`).waitFor();
    await expect(a.getByTestId('friends-answers').count()).resolves.toBe(0);
    expect([...a.errors, ...b.errors]).toEqual([]);
  });

  it('asks a guest to save their progress first, on the invite page and on the Friends screen', async () => {
    const host = await signUpWithProfile(server.baseUrl, unique('host'));
    const { url } = await api<{ url: string }>(host.cookie, '/api/friends/invites', 'POST');
    const guest = await newPage(browser, server.baseUrl, PHONE);
    await guest.goto('/auth');
    await guest.getByRole('button', { name: 'Continue as Guest' }).click();
    await guest.waitForURL(/\/profile-setup$/);
    await api(await sessionOf(guest), '/api/profile', 'PUT', PLAYER_PROFILE);
    await guest.goto('/friends');
    await guest.getByTestId('friends-guest').getByText('Save your progress to add friends').waitFor();
    await guest.goto(url);
    await guest.getByText(/Save your progress to add friends/).waitFor();
    await shot(guest, 'invite-guest-390');
    await expectNoAxeViolations(guest, 'invite page (guest)');
    const name = unique('saved');
    await guest.getByLabel('Username').fill(name);
    await guest.getByLabel('Password').fill('password123');
    await guest.getByRole('button', { name: 'Create Account' }).click();
    await guest.getByTestId('invite-accepted').waitFor();
    const friends = await api<{ friends: { username: string }[] }>(host.cookie, '/api/friends');
    expect(friends.friends.map((f) => f.username)).toEqual([name]);
  });
});

describe('the header link and the profile switch', () => {
  it('opens Friends from the header, and the profile switch hides answers from friends', async () => {
    const ama = await signUpWithProfile(server.baseUrl, unique('ama'));
    const lee = await signUpWithProfile(server.baseUrl, unique('lee'));
    const { code } = await api<{ code: string }>(ama.cookie, '/api/friends/invites', 'POST');
    await api(lee.cookie, '/api/friends', 'POST', { code });
    const topic = await playFirstTopic(ama.cookie);
    await playFirstTopic(lee.cookie);
    const question = topic.questions[0]!;

    const page = await newPage(browser, server.baseUrl, PHONE);
    await useSession(page, server.baseUrl, lee.cookie);
    await page.goto('/');
    await clickHeaderItem(page, 'Friends');
    await page.waitForURL(/\/friends$/);
    await page.getByTestId('friend-row').waitFor();

    await page.goto('/profile-setup');
    const toggle = page.getByRole('switch', { name: 'Show my answers to friends' });
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await toggle.click();
    await page.waitForFunction(
      () => document.querySelector('[role="switch"][aria-checked="false"]') !== null,
    );
    await shot(page, 'profile-share-switch-390');
    await expectNoAxeViolations(page, 'profile with the share switch');
    await expect
      .poll(
        async () =>
          (await api<{ friends: unknown[] }>(ama.cookie, `/api/questions/${question.id}/results`)).friends,
      )
      .toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
