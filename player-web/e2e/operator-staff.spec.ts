import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations } from './axe';
import { DESKTOP, launchBrowser, newPage, PHONE, startServer, type TestServer } from './fixtures';

/**
 * Staff accounts and Insights against the real server: the owner adds an editor in the Staff tab;
 * the editor signs in with their name and cannot open User Analytics or Staff (nor reach them on the server);
 * the Audit tab names who did what; Activity, Retention and the funnel render on the demo community.
 */

const SHOTS = '/tmp/shots';
const ADMIN_PASSWORD = 'admin-dev';
const EDITOR = { name: 'thandi', password: 'editor-pass-1' };

let server: TestServer;
let browser: Browser;

async function unlockAsOwner(page: Page) {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
}

async function unlockAsStaff(page: Page, shot?: string) {
  await page.goto(`${server.baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor();
  await page.getByRole('button', { name: 'Sign in with a staff account' }).click();
  await page.getByLabel('Staff name').fill(EDITOR.name);
  await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
  if (shot) await page.screenshot({ path: `${SHOTS}/${shot}` });
  await page.getByRole('button', { name: 'Access Admin Dashboard' }).click();
  await page.getByRole('tab', { name: 'Dashboard' }).waitFor();
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('staff accounts in the console', () => {
  it('the owner adds an editor in the Staff tab', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    await unlockAsOwner(page);
    await page.getByRole('tab', { name: 'Staff' }).click();
    await page.getByLabel('Name', { exact: true }).fill(EDITOR.name);
    await page.getByLabel('Role').selectOption('editor');
    await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await page.getByRole('button', { name: `Remove ${EDITOR.name}` }).waitFor();
    await expectNoAxeViolations(page, 'admin staff tab');
    await page.screenshot({ path: `${SHOTS}/admin-staff-1440.png`, fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('the editor signs in with their name and cannot open User Analytics or Staff', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    await unlockAsStaff(page, 'admin-gate-staff-390.png');
    await page.getByText(`${EDITOR.name} (editor)`).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).not.toContain('User Analytics');
    expect(tabs).not.toContain('Staff');
    expect(tabs).toEqual(
      expect.arrayContaining(['Dashboard', 'Topics', 'Response Analytics', 'Insights', 'Audit']),
    );
    // The server refuses them too, whatever the console shows.
    const token = await page.evaluate(async (body) => {
      const res = await fetch('/api/admin/unlock', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return ((await res.json()) as { token: string }).token;
    }, EDITOR);
    const users = await fetch(`${server.baseUrl}/api/admin/users`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(users.status).toBe(403);
    await page.screenshot({ path: `${SHOTS}/admin-editor-390.png`, fullPage: true });
    expect(page.errors).toEqual([]);
    await page.context().close();
  });

  it('the Audit tab names the actor and filters by them', async () => {
    const editor = await newPage(browser, server.baseUrl, DESKTOP);
    await unlockAsStaff(editor);
    await editor.getByRole('tab', { name: 'Topics' }).click();
    await editor
      .getByRole('button', { name: /Add Topic/ })
      .first()
      .click();
    await editor.getByLabel('Title').fill('Editor made this');
    await editor.getByLabel('Category').fill('Food');
    await editor.getByRole('button', { name: /^(Create|Save)/ }).click();
    await editor.getByText('Editor made this').first().waitFor();
    await editor.context().close();

    const page = await newPage(browser, server.baseUrl, DESKTOP);
    await unlockAsOwner(page);
    await page.getByRole('tab', { name: 'Audit' }).click();
    await page.getByLabel('Who').selectOption(EDITOR.name);
    const entries = page.getByRole('list', { name: 'Audit entries' });
    await entries.getByText('Editor made this').waitFor();
    expect(await entries.getByRole('listitem').count()).toBe(1);
    await page.getByLabel('Who').selectOption('');
    await entries.getByText(`Added editor ${EDITOR.name}`).waitFor();
    await expectNoAxeViolations(page, 'admin audit with actors');
    await page.screenshot({ path: `${SHOTS}/admin-audit-actors-1440.png`, fullPage: true });
    await page.context().close();
  });
});

describe('insights', () => {
  for (const [label, viewport] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`activity, retention and the funnel at ${label} px`, async () => {
      const page = await newPage(browser, server.baseUrl, viewport);
      await unlockAsOwner(page);
      await page.getByRole('tab', { name: 'Insights' }).click();
      await page.getByRole('heading', { name: 'Activity' }).waitFor();
      await page.locator('.recharts-surface').first().waitFor();
      await page.getByRole('table', { name: 'Retention by weekly cohort' }).waitFor();
      await page.getByRole('heading', { name: "The day's funnel" }).waitFor();
      await page.getByText('Opted in').waitFor();
      await page.waitForTimeout(600); // the charts' entry animation
      const today = await page.getByText('Players today').locator('..').locator('dd').textContent();
      expect(Number(today?.replace(/,/g, ''))).toBeGreaterThan(0);
      await expectNoAxeViolations(page, `insights ${label}`);
      await page.screenshot({ path: `${SHOTS}/admin-insights-${label}.png`, fullPage: true });
      // Nothing wider than the viewport (the tab strip scrolls inside itself).
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .filter((el) => !el.closest('[role="tablist"], .sr-only'))
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`)
          .slice(0, 5),
      );
      expect(wider).toEqual([]);
      expect(page.errors).toEqual([]);
      await page.context().close();
    });
  }
});
