/**
 * Browser-test fixtures: the real `npm start` entry on a random port over a fresh temporary database, and
 * Debian's Chromium driven by playwright-core (no browser downloads on CI machines).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export type TestServer = {
  baseUrl: string;
  port: number;
  dbFile: string;
  /** The `node scripts/start.mjs` process; the server runs in its child (and that child's cluster, if any). */
  pid: number;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no free port')),
      );
    });
  });
}

async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 120_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`npm start did not answer /api/health within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Starts `node scripts/start.mjs` (the `npm start` entry) with a fresh database; demo seed on unless overridden. */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'daily-tea-e2e-'));
  const dbFile = join(dir, 'e2e.db');
  let log = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `file:${dbFile}`,
      SEED_DEMO: 'true',
      NODE_ENV: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dbFile, pid: child.pid!, stop };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A fresh context (own cookies) and page; uncaught errors and Content-Security-Policy violations (which
 * Chromium reports on the console) are collected on `page.errors`. The player app's service worker is
 * blocked unless a test asks for it (`serviceWorkers: 'allow'`): a worker that controls the page would take
 * its requests out of reach of `page.route` interception.
 */
export async function newPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = DESKTOP,
  options: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    acceptDownloads: true,
    serviceWorkers: options.serviceWorkers ?? 'block',
  });
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (error) => page.errors.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) page.errors.push(message.text());
  });
  return page;
}

/** Registers a player through the API and returns the session cookie and the user. */
export async function signUpViaApi(
  baseUrl: string,
  username: string,
  password = 'password123',
): Promise<{ cookie: string; user: { id: string; username: string } }> {
  const res = await fetch(`${baseUrl}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  const session = /session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('register set no session cookie');
  return { cookie: `session=${session}`, user: (await res.json()) as { id: string; username: string } };
}

export type PlayerProfile = {
  gender: string;
  ageBracket: string;
  raceBracket: string;
  country: string;
  city: string;
};
export const PLAYER_PROFILE: PlayerProfile = {
  gender: 'female',
  ageBracket: '25-34',
  raceBracket: 'black',
  country: 'South Africa',
  city: 'Durban',
};

/** Registers a player through the API with a complete profile (what a player needs before picking topics). */
export async function signUpWithProfile(
  baseUrl: string,
  username: string,
  profile: PlayerProfile = PLAYER_PROFILE,
): Promise<{ cookie: string; user: { id: string; username: string } }> {
  const player = await signUpViaApi(baseUrl, username);
  const res = await fetch(`${baseUrl}/api/profile`, {
    method: 'PUT',
    headers: { Cookie: player.cookie, 'Content-Type': 'application/json', Origin: baseUrl },
    body: JSON.stringify(profile),
  });
  if (!res.ok) throw new Error(`profile of ${username}: ${res.status} ${await res.text()}`);
  return player;
}

/** Puts a session cookie from the API into a page's context, so the browser is signed in as that player. */
export async function useSession(page: Page, baseUrl: string, cookie: string): Promise<void> {
  const [name, value] = cookie.split('=') as [string, string];
  await page.context().addCookies([{ name, value, url: baseUrl }]);
}

/**
 * Results open each card on its summary on a phone (the breakdowns one tap away: opened here), and render each
 * card's breakdowns (trend, groups, places) as they come near the viewport
 * (RenderWhenNear, docs/decisions/0123-fast-on-a-phone.md). Waits for every card's results, then
 * scrolls each part still waiting into view until none is left, so a test can read the whole screen.
 */
export async function revealResults(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const cards = [...document.querySelectorAll('article[data-question-id]')];
      if (cards.length === 0 || cards.some((card) => !card.querySelector('[data-total-answers]')))
        return false;
      // A phone opens each card on its summary: the rest is one tap away.
      const closed = document.querySelectorAll<HTMLButtonElement>('button[data-more][aria-expanded="false"]');
      for (const more of closed) more.click();
      if (closed.length > 0) return false;
      const waiting = document.querySelector('[data-deferred]');
      if (!waiting) return true;
      waiting.scrollIntoView({ block: 'center' });
      return false;
    },
    undefined,
    { polling: 100, timeout: 20_000 },
  );
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Clicks one of the header's secondary items: inline on a wide screen, in the header's menu on a phone
 * (docs/decisions/0282-phone-header-menu.md).
 */
export async function clickHeaderItem(page: Page, name: 'Friends' | 'How to play' | 'Logout'): Promise<void> {
  const banner = page.getByRole('banner');
  if (page.viewportSize()!.width < 640) {
    await banner.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name }).click();
  } else await banner.getByRole(name === 'Friends' ? 'link' : 'button', { name }).click();
}
