import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './fixtures';

/** WCAG 2.0–2.2 A/AA plus axe's best practices (heading order, landmarks, one h1, …). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is and throws on any violation, naming the rule, the impact, and the
 * elements — so a spec fails on the first inaccessible screen it visits.
 */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<number> {
  // Colour contrast must read the final colours, not a frame of a transition (buttons fading in, bars
  // growing, skeletons pulsing): transitions and animations are switched off while axe runs.
  const style = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  await page.waitForTimeout(100);
  const { violations, passes } = await new AxeBuilder({ page: page as never }).withTags(TAGS).analyze();
  await style.evaluate((el) => el.remove());
  if (violations.length > 0) {
    const report = violations
      .map(
        (v) =>
          `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
      )
      .join('\n');
    throw new Error(`axe found ${violations.length} violation(s) on ${screen} (${page.url()}):\n${report}`);
  }
  return passes.length;
}

/**
 * axe in the light and the dark theme, and a full-page screenshot of each at 390 and 1440 px into `shots`
 * (`<name>-<theme>-<width>.png`); the page is left in the light theme at its own size.
 */
export async function expectNoAxeViolationsInBothThemes(
  page: Page,
  name: string,
  shots: string,
): Promise<void> {
  mkdirSync(shots, { recursive: true });
  const size = page.viewportSize()!;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForTimeout(100);
    await expectNoAxeViolations(page, `${name} (${colorScheme})`);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.waitForTimeout(150);
      await page.screenshot({
        path: join(shots, `${name}-${colorScheme}-${viewport.width}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize(size);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
