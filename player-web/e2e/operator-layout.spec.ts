import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage, startServer, type TestServer } from './fixtures';
import { layoutIssues } from './layout';

/**
 * Every console screen at 390×844 and 1440×900 against the demo data: every /admin tab (with the topic dialog
 * and the scheduler's question and question-bank dialogs), every /marketing post type with its preview. None scrolls sideways, none has a stray
 * scrollbar, no text is cut off, and on a phone every control is at least 44 × 44 px. Each screen is
 * screenshotted to /tmp/shots/layout-*.png to be looked at.
 */

const SHOTS = '/tmp/shots';
let server: TestServer;
let browser: Browser;
const SIZES = [
  ['390', PHONE],
  ['1440', DESKTOP],
] as const;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screens whose cut text is checked by their own spec instead (none now: every console screen is audited here). */
const CLIPPING_CHECKED_ELSEWHERE = new Set<string>();

/** Checks the screen as it stands and screenshots it; returns the problems found, labelled with the screen. */
async function audit(page: Page, screen: string, size: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const issues = await layoutIssues(page, `${screen} at ${size}`, {
    tapTargets: size === '390',
    allowScrollingTabs: size === '390',
    skipCutText: CLIPPING_CHECKED_ELSEWHERE.has(screen),
  });
  // A dialog is looked at as the operator sees it: the viewport, not the page behind it.
  await page.screenshot({
    path: `${SHOTS}/layout-${screen.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${size}.png`,
    fullPage: !screen.includes('dialog'),
  });
  return issues;
}

describe('console layout', () => {
  for (const [size, viewport] of SIZES) {
    it(`fits every admin tab at ${size} px`, async () => {
      const page = await newPage(browser, server.baseUrl, viewport);
      await page.goto('/admin');
      await page.getByLabel('Password', { exact: true }).fill('admin-dev');
      await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
      const sections = page.getByRole('tablist', { name: 'Admin sections' });
      await sections.waitFor();
      const problems: string[] = [];
      const names = await sections.getByRole('tab').allInnerTexts();
      expect(names.length).toBeGreaterThanOrEqual(6);
      for (const name of names) {
        await sections.getByRole('tab', { name, exact: true }).click();
        await page.getByRole('tabpanel', { name }).waitFor();
        problems.push(...(await audit(page, `admin ${name}`, size)));
        if (name === 'Topics') {
          await page
            .getByRole('button', { name: /Add Topic|Create Topic|New Topic/ })
            .first()
            .click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('textbox').first().waitFor();
          problems.push(...(await audit(page, 'admin topic dialog', size)));
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
        if (name === 'Question Scheduling') {
          await page
            .getByRole('button', { name: /^Add Question to / })
            .first()
            .click();
          const dialog = page.getByRole('dialog');
          await dialog.getByRole('button', { name: 'Add Question', exact: true }).waitFor();
          problems.push(...(await audit(page, 'admin question dialog', size)));
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          await page
            .getByRole('button', { name: /^Import Previous for / })
            .first()
            .click();
          await dialog.getByLabel('Search earlier questions').waitFor();
          problems.push(...(await audit(page, 'admin question bank dialog', size)));
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
        }
      }
      expect(problems).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 240_000);

    it(`fits every marketing post type at ${size} px`, async () => {
      const page = await newPage(browser, server.baseUrl, viewport);
      await page.goto('/marketing');
      await page.getByLabel('Password').fill('marketing-dev');
      await page.getByRole('button', { name: 'Access Marketing Tools' }).click();
      await page.getByRole('heading', { name: 'Marketing Generator' }).waitFor();
      const problems: string[] = [...(await audit(page, 'marketing', size))];
      await page.getByRole('button', { name: 'Show Preview' }).click();
      for (const label of ['Teaser', 'Poll', 'Snapshot', 'Results', 'Quote', 'Promo']) {
        await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
        await page.getByRole('figure', { name: `${label} post preview` }).waitFor();
        problems.push(...(await audit(page, `marketing ${label}`, size)));
      }
      expect(problems).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    }, 240_000);
  }
});
