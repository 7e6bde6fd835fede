import type { Page } from 'playwright-core';

/** The smallest tap target on a phone or a touch screen (the brief's rule; WCAG 2.5.5's 44 CSS px). */
const TAP_TARGET_PX = 44;

type LayoutProblems = {
  /** How far the page scrolls sideways (0 = it does not). */
  pageOverflow: number;
  /** Elements that scroll sideways inside the page (a scrollbar), by a short description. */
  scrollers: string[];
  /** Text cut off with an ellipsis or clipped. */
  clipped: string[];
  /** Controls smaller than TAP_TARGET_PX in either direction (checked when `tapTargets` is set). */
  smallTargets: string[];
};

/**
 * What is wrong with the layout of the page as it stands: sideways overflow of the page, elements that scroll
 * sideways (a stray scrollbar; a tab list that scrolls on purpose on a phone is allowed with
 * `allowScrollingTabs`), text that is cut off, and — with `tapTargets` — controls below 44 × 44 px.
 * Posts in the marketing preview are skipped: they are the 1080 px image scaled down, not controls.
 */
async function layoutProblems(
  page: Page,
  options: { tapTargets?: boolean; allowScrollingTabs?: boolean } = {},
): Promise<LayoutProblems> {
  return page.evaluate(
    ({ tapTargets, allowScrollingTabs, minTarget }) => {
      const describe = (el: Element) => {
        const label =
          el.getAttribute('aria-label') ??
          (el as HTMLElement).innerText?.trim().split('\n')[0]?.slice(0, 40) ??
          '';
        const cls = (el.getAttribute('class') ?? '').split(' ').slice(0, 3).join('.');
        return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}${cls ? `.${cls}` : ''} "${label}"`;
      };
      const visible = (el: Element) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        if (el.closest('[aria-hidden="true"], [hidden], [inert], [data-testid="post-preview"]')) return false;
        const style = getComputedStyle(el);
        return style.visibility !== 'hidden' && style.display !== 'none';
      };
      const all = [...document.body.querySelectorAll('*')].filter(visible);

      const scrollers = all
        .filter((el) => {
          const { overflowX } = getComputedStyle(el);
          if (overflowX !== 'auto' && overflowX !== 'scroll') return false;
          if (el.scrollWidth <= el.clientWidth + 1) return false;
          return !(allowScrollingTabs && el.getAttribute('role') === 'tablist');
        })
        .map((el) => `${describe(el)} scrolls ${el.scrollWidth - el.clientWidth}px sideways`);
      // A box that scrolls down by a few pixels only is a stray scrollbar (a border or a -1px margin sticking
      // out), never a list meant to scroll.
      for (const el of all) {
        const { overflowY } = getComputedStyle(el);
        const extra = el.scrollHeight - el.clientHeight;
        if ((overflowY === 'auto' || overflowY === 'scroll') && extra > 0 && extra <= 8)
          scrollers.push(`${describe(el)} scrolls ${extra}px down`);
      }

      // Text wider than its box: cut off (an ellipsis, hidden overflow) or sticking out over its neighbours.
      const clipped = all
        .filter((el) => {
          if (el.children.length > 0 || !(el.textContent ?? '').trim()) return false;
          if (el.clientWidth <= 1) return false; // visually hidden text (sr-only) for screen readers
          if (getComputedStyle(el).display === 'inline') return false; // measured by its box's parent
          return el.scrollWidth > el.clientWidth + 1;
        })
        .map((el) => `${describe(el)} is cut (${el.scrollWidth}px of text in ${el.clientWidth}px)`);

      const smallTargets = tapTargets
        ? all
            .filter((el) =>
              el.matches(
                'button, a[href], [role="tab"], [role="radio"], select, textarea, input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), label:has(input[type="checkbox"], input[type="radio"])',
              ),
            )
            // A link inside a sentence is text, not a box (WCAG 2.5.8's inline exception).
            .filter((el) => !(el.tagName === 'A' && getComputedStyle(el).display === 'inline'))
            .filter((el) => {
              // A checkbox or radio is tapped through its label; the input itself is measured as part of it.
              const box = el.getBoundingClientRect();
              return box.height < minTarget - 0.5 || box.width < minTarget - 0.5;
            })
            .map((el) => {
              const box = el.getBoundingClientRect();
              return `${describe(el)} is ${Math.round(box.width)}×${Math.round(box.height)}`;
            })
        : [];

      return {
        pageOverflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
        scrollers,
        clipped,
        smallTargets,
      };
    },
    {
      tapTargets: options.tapTargets ?? false,
      allowScrollingTabs: options.allowScrollingTabs ?? false,
      minTarget: TAP_TARGET_PX,
    },
  );
}

/** `layoutProblems` as one line per problem, each prefixed with where it was seen ("admin Topics at 390"). */
export async function layoutIssues(
  page: Page,
  where: string,
  options: { tapTargets?: boolean; allowScrollingTabs?: boolean; skipCutText?: boolean } = {},
): Promise<string[]> {
  const found = await layoutProblems(page, options);
  return [
    ...(found.pageOverflow > 0 ? [`the page scrolls ${found.pageOverflow}px sideways`] : []),
    ...found.scrollers,
    ...(options.skipCutText ? [] : found.clipped),
    ...found.smallTargets,
  ].map((problem) => `${where}: ${problem}`);
}
