import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  fillsWeighted,
  isResultsCandidate,
  previewRows,
  resultsContentFromQuestion,
  weightingLine,
  type MarketingQuestion,
} from '../../shared/src/domain/marketing';
import { expectNoAxeViolations } from './axe';
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

  /** Unlocks on `page` and returns the server's marketing questions, as the picker lists them (candidates only). */
  async function unlockWithQuestions(page: Page): Promise<MarketingQuestion[]> {
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
    return ((await res.json()) as MarketingQuestion[]).filter(isResultsCandidate);
  }

  /** Fills the Results post from `candidate` through the dialog and checks the form holds its content. */
  async function fillFrom(
    page: Page,
    listed: MarketingQuestion[],
    candidate: MarketingQuestion,
    shot?: string,
  ) {
    const expected = resultsContentFromQuestion(candidate);
    await page.getByRole('button', { name: 'Fill from real results' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fill from real results' });
    await dialog.waitFor();
    if (shot) {
      await page.screenshot({ path: shot });
      await expectNoAxeViolations(page, 'the Fill from real results dialog');
    }
    // The dialog lists the same candidates in the server's order; the same text can recur on several days.
    const pick = dialog.getByRole('listitem').nth(listed.indexOf(candidate)).getByRole('button');
    const label = await pick.innerText();
    expect(label).toContain(candidate.text);
    expect(label).toContain(fillsWeighted(candidate) ? 'weighted to SA adults' : 'as answered');
    await pick.click();
    await dialog.waitFor({ state: 'hidden' });
    // The toast of this fill (an earlier fill's may still be showing).
    const what = `From "${candidate.text}", ${fillsWeighted(candidate) ? 'weighted to SA adults' : 'as answered'}`;
    await page
      .getByRole('status')
      .filter({ hasText: 'Results filled' })
      .filter({ hasText: what })
      .first()
      .waitFor({ state: 'visible', timeout: 20_000 });

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
    return expected;
  }

  /** The preview holds every filled row (or "Other" with its share) and, exactly when weighted, the weighting line. */
  async function expectPreviewOf(page: Page, expected: ReturnType<typeof resultsContentFromQuestion>) {
    const preview = page.getByRole('figure', { name: 'Results post preview' });
    await preview.getByText(expected.question).waitFor();
    const text = await preview.innerText();
    for (const row of previewRows(expected.rows.filter((r) => r.label !== ''))) {
      expect(text).toContain(row.label);
      expect(text).toContain(`${row.percent}%`);
    }
    const line = preview.locator('[data-weighting-line]');
    if (expected.weighting) {
      expect(await line.innerText()).toBe(weightingLine(expected.weighting));
      // Inside the square, above the footer: never clipped away.
      const [box, frame] = [await line.boundingBox(), await preview.boundingBox()];
      expect(box!.y + box!.height).toBeLessThanOrEqual(frame!.y + frame!.height);
      expect(box!.height).toBeGreaterThan(0);
    } else {
      expect(await line.count()).toBe(0);
      expect(text).not.toContain('Weighted to SA adults');
    }
    expect(text).toContain(
      expected.sampleSize
        ? `Based on ${expected.sampleSize.toLocaleString('en-US')} answers`
        : 'Community results',
    );
  }

  it('fills a Results post from a real question’s results: weighted to SA adults when shown, else as answered', async () => {
    const page = await newPage(browser, server.baseUrl, DESKTOP);
    try {
      const listed = await unlockWithQuestions(page);
      const weighted = listed.find(fillsWeighted);
      const raw = listed.find((q) => q.totalAnswers > 0 && !fillsWeighted(q));
      expect(weighted, 'the demo seed has a question with weighted figures').toBeTruthy();
      expect(raw, 'the demo seed has an answered question whose weighted figures are withheld').toBeTruthy();
      expect(raw!.weightedWithheld?.reason).toBe('too_few');
      await page.getByRole('tab', { name: /^Results/ }).click();
      await page.getByRole('button', { name: 'Show Preview' }).click();

      // Withheld (too few South African respondents): raw shares of every answer, and no weighting claim.
      const asAnswered = await fillFrom(page, listed, raw!, `${SHOTS}/marketing-fill-dialog-1440.png`);
      expect(asAnswered.weighting).toBeNull();
      expect(await page.getByTestId('weighting-note').getAttribute('data-weighted')).toBe('false');
      await expectPreviewOf(page, asAnswered);
      await page.screenshot({ path: `${SHOTS}/marketing-results-raw-1440.png`, fullPage: true });
      await expectNoAxeViolations(page, 'a Results post filled as answered');
      const rawFile = await exportPng(page);
      expect(pngSize(rawFile.bytes)).toEqual({ width: 1080, height: 1080 });
      await copyFile(rawFile.path, `${SHOTS}/marketing-export-results-raw.png`);

      // Shown: the weighted shares, the respondents they rest on, and "Weighted to SA adults · ±x points".
      const expected = await fillFrom(page, listed, weighted!);
      expect(expected.weighting).toEqual({ interval: weighted!.weighted!.interval });
      expect(expected.sampleSize).toBe(weighted!.weighted!.respondents);
      expect(await page.getByTestId('weighting-note').innerText()).toContain(
        weightingLine(expected.weighting!),
      );
      await expectPreviewOf(page, expected);
      await page.screenshot({ path: `${SHOTS}/marketing-results-filled-1440.png`, fullPage: true });
      await expectNoAxeViolations(page, 'a Results post filled weighted');
      const file = await exportPng(page);
      expect(file.name).toMatch(/^results-.+\.png$/);
      expect(pngSize(file.bytes)).toEqual({ width: 1080, height: 1080 });
      await copyFile(file.path, `${SHOTS}/marketing-export-results-filled.png`);

      // A changed percentage is no longer the weighted share: the claim leaves the form and the image.
      const first = page.getByRole('textbox', { name: 'Result 1 percentage' });
      await first.fill(String((expected.rows[0]!.percent + 1) % 101));
      await first.blur();
      expect(await page.getByTestId('weighting-note').getAttribute('data-weighted')).toBe('false');
      expect(
        await page
          .getByRole('figure', { name: 'Results post preview' })
          .locator('[data-weighting-line]')
          .count(),
      ).toBe(0);
      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('fills a weighted Results post on a phone, the preview scaled with its weighting line', async () => {
    const page = await newPage(browser, server.baseUrl, PHONE);
    try {
      const listed = await unlockWithQuestions(page);
      const weighted = listed.find(fillsWeighted)!;
      await page.getByRole('tab', { name: /^Results/ }).click();
      const expected = await fillFrom(page, listed, weighted, `${SHOTS}/marketing-fill-dialog-390.png`);
      await page.getByRole('button', { name: 'Show Preview' }).click();
      await expectPreviewOf(page, expected);
      await page.screenshot({ path: `${SHOTS}/marketing-results-filled-390.png`, fullPage: true });
      await expectNoAxeViolations(page, 'a weighted Results post on a phone');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(page.errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 120_000);

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
