import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  isResultsCandidate,
  previewRows,
  resultsContentFromQuestion,
  type MarketingQuestion,
} from '../../shared/src/domain/marketing';
import { launchBrowser, newPage, startServer } from './fixtures';

/**
 * The marketing generator at /marketing against the real server (`npm start` build, fresh demo
 * database): the server-checked gate, a 1080x1080 PNG download for each of the six post types,
 * and a Results post filled from a real question's community results.
 */

const SHOTS = '/tmp/shots';
const MARKETING_PASSWORD = 'marketing-dev';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const POST_TYPES = ['Teaser', 'Poll', 'Snapshot', 'Results', 'Quote', 'Promo'] as const;

let server: { baseUrl: string; stop: () => Promise<void> | void };
let browser: Browser;

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const toast = page.getByRole('status').filter({ hasText: title }).first();
  await toast.waitFor({ state: 'visible', timeout: 20_000 });
  if (description !== undefined) {
    const text = await toast.innerText();
    if (typeof description === 'string') expect(text).toContain(description);
    else expect(text).toMatch(description);
  }
  return toast;
}

async function unlock(page: Page) {
  await page.goto(`${server.baseUrl}/marketing`);
  await page.getByLabel('Password').fill(MARKETING_PASSWORD);
  await page.getByRole('button', { name: 'Access Marketing Tools' }).click();
  await expectToast(page, 'Access granted');
  await page.getByRole('heading', { name: 'Marketing Generator' }).waitFor();
}

/** Width and height from a PNG's IHDR chunk (bytes 16..23, big-endian), after checking the signature. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Clicks "Export as PNG", waits for the download and returns its name and bytes. `sampleFigures`: the post still
 * shows invented sample figures, so the export asks first and goes ahead on "Export anyway".
 */
async function exportPng(page: Page, sampleFigures = false) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    (async () => {
      await page.getByRole('button', { name: 'Export as PNG' }).click();
      if (!sampleFigures) return;
      const ask = page.getByRole('alertdialog');
      expect(await ask.innerText()).toContain('still shows sample figures');
      await ask.getByRole('button', { name: 'Export anyway' }).click();
    })(),
  ]);
  const path = await download.path();
  expect(path).toBeTruthy();
  return { name: download.suggestedFilename(), bytes: await readFile(path!), path: path! };
}

describe('marketing generator', () => {
  it('denies a wrong password, then grants access with the marketing password (token in memory only)', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    try {
      await page.goto(`${server.baseUrl}/marketing`);
      const submit = page.getByRole('button', { name: 'Access Marketing Tools' });
      expect(await submit.isDisabled()).toBe(true);
      await page.screenshot({ path: `${SHOTS}/marketing-gate-1440.png` });

      await page.getByLabel('Password').fill('not-the-password');
      await submit.click();
      await expectToast(page, 'Access denied', 'Incorrect password. Please try again.');
      expect(await page.getByRole('heading', { name: 'Marketing Generator' }).count()).toBe(0);

      await page.getByLabel('Password').fill(MARKETING_PASSWORD);
      await page.getByRole('button', { name: 'Access Marketing Tools' }).click();
      await expectToast(page, 'Access granted');
      await page.getByRole('heading', { name: 'Marketing Generator' }).waitFor();

      // Nothing is persisted: a reload shows the gate again.
      await page.reload();
      await page.getByRole('button', { name: 'Access Marketing Tools' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Marketing Generator' }).count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('exports each of the six post types as a 1080x1080 PNG named <type>-<timestamp>.png', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    try {
      await unlock(page);
      expect(await page.getByRole('button', { name: 'Export as PNG' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Show Preview' }).click();

      for (const label of POST_TYPES) {
        const type = label.toLowerCase();
        await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
        await page.getByRole('figure', { name: `${label} post preview` }).waitFor();
        // The generator's sample is marked as such until it is edited.
        expect(await page.getByTestId('sample-note').innerText()).toMatch(/^Sample content\./);
        await page.screenshot({ path: `${SHOTS}/marketing-${type}-1440.png`, fullPage: true });

        const file = await exportPng(page, type === 'snapshot' || type === 'results');
        expect(file.name).toMatch(
          new RegExp(`^${type}-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z\\.png$`),
        );
        expect(pngSize(file.bytes)).toEqual({ width: 1080, height: 1080 });
        await copyFile(file.path, `${SHOTS}/marketing-export-${type}.png`);
        await expectToast(page, 'Image exported!', 'Your marketing material has been downloaded.');
      }

      // The style switches change the exported image, still at 1080x1080.
      await page.getByRole('tab', { name: /^Quote/ }).click();
      await page.getByText('Meme', { exact: true }).click();
      const meme = await exportPng(page);
      expect(pngSize(meme.bytes)).toEqual({ width: 1080, height: 1080 });
      await copyFile(meme.path, `${SHOTS}/marketing-export-quote-meme.png`);
      await page.getByRole('tab', { name: /^Promo/ }).click();
      await page.getByText('Fun & Casual', { exact: true }).click();
      const fun = await exportPng(page);
      expect(pngSize(fun.bytes)).toEqual({ width: 1080, height: 1080 });
      await copyFile(fun.path, `${SHOTS}/marketing-export-promo-fun.png`);

      await page.getByRole('button', { name: 'Hide Preview' }).click();
      expect(await page.getByRole('button', { name: 'Export as PNG' }).count()).toBe(0);
      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('fills a Results post from a real question’s community results and exports it', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    try {
      let token = '';
      page.on('response', async (response) => {
        if (response.url().endsWith('/api/marketing/unlock') && response.ok())
          token = ((await response.json()) as { token: string }).token;
      });
      await unlock(page);
      expect(token).not.toBe('');
      const res = await fetch(`${server.baseUrl}/api/marketing/questions`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      const questions = (await res.json()) as MarketingQuestion[];
      // The dialog lists the same candidates in the server's order; the same text can recur on several days.
      const listed = questions.filter(isResultsCandidate);
      const candidate = listed.find((q) => q.totalAnswers > 0);
      expect(candidate, 'the demo seed has answered multiple-choice questions').toBeTruthy();
      const expected = resultsContentFromQuestion(candidate!);

      await page.getByRole('tab', { name: /^Results/ }).click();
      await page.getByRole('button', { name: 'Fill from real results' }).click();
      const dialog = page.getByRole('dialog', { name: 'Fill from real results' });
      await dialog.waitFor();
      await page.screenshot({ path: `${SHOTS}/marketing-fill-dialog-1440.png` });
      const pick = dialog.getByRole('listitem').nth(listed.indexOf(candidate!)).getByRole('button');
      expect(await pick.innerText()).toContain(candidate!.text);
      await pick.click();
      await dialog.waitFor({ state: 'hidden' });
      await expectToast(page, 'Results filled');

      expect(await page.getByRole('textbox', { name: 'Question' }).inputValue()).toBe(expected.question);
      for (const [index, row] of expected.rows.entries()) {
        expect(await page.getByRole('textbox', { name: `Result ${index + 1} label` }).inputValue()).toBe(
          row.label,
        );
        expect(await page.getByRole('textbox', { name: `Result ${index + 1} percentage` }).inputValue()).toBe(
          String(row.percent),
        );
      }
      expect(await page.getByRole('textbox', { name: 'Sample size (optional)' }).inputValue()).toBe(
        String(expected.sampleSize ?? ''),
      );
      // Real figures: no longer marked as sample, and the export does not ask.
      expect(await page.getByTestId('sample-note').count()).toBe(0);

      await page.getByRole('button', { name: 'Show Preview' }).click();
      const preview = page.getByRole('figure', { name: 'Results post preview' });
      await preview.getByText(expected.question).waitFor();
      expect(await preview.innerText()).toContain(`${expected.rows[0]!.percent}%`);
      // Every row it was filled with is in the post, or grouped as "Other" with its share.
      const shown = previewRows(expected.rows.filter((r) => r.label !== ''));
      const text = await preview.innerText();
      for (const row of shown) {
        expect(text).toContain(row.label);
        expect(text).toContain(`${row.percent}%`);
      }
      await page.screenshot({ path: `${SHOTS}/marketing-results-filled-1440.png`, fullPage: true });

      const file = await exportPng(page);
      expect(file.name).toMatch(/^results-.+\.png$/);
      expect(pngSize(file.bytes)).toEqual({ width: 1080, height: 1080 });
      await copyFile(file.path, `${SHOTS}/marketing-export-results-filled.png`);
    } finally {
      await page.close();
    }
  }, 90_000);

  it('works on a phone: gate, every form and a scaled preview that exports at full size', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    try {
      await page.goto(`${server.baseUrl}/marketing`);
      await page.getByRole('button', { name: 'Access Marketing Tools' }).waitFor();
      await page.screenshot({ path: `${SHOTS}/marketing-gate-390.png` });
      await unlock(page);
      await page.getByRole('button', { name: 'Show Preview' }).click();
      for (const label of POST_TYPES) {
        await page.getByRole('tab', { name: new RegExp(`^${label}`) }).click();
        const preview = page.getByRole('figure', { name: `${label} post preview` });
        await preview.waitFor();
        const box = await preview.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(PHONE.width);
        expect(Math.abs(box!.width - box!.height)).toBeLessThan(2);
        await page.screenshot({ path: `${SHOTS}/marketing-${label.toLowerCase()}-390.png`, fullPage: true });
      }
      const file = await exportPng(page);
      expect(pngSize(file.bytes)).toEqual({ width: 1080, height: 1080 });
      // No horizontal scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
