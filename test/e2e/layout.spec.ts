// At the 1280 px the tests run at (playwright.config.ts), no page of a completed run is wider
// than the window, and no table sticks out of its card: a wide table scrolls inside it.
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

// Measured in the page (as text: this project's Node typings have no DOM).
const PAGE_OVERFLOW = 'document.documentElement.scrollWidth - document.documentElement.clientWidth';

/** Tables that stick out of the card they sit in (drawn over its border, or cut off). */
const TABLES_OUTSIDE_THEIR_CARD = `[...document.querySelectorAll('table')].flatMap((table) => {
  const card = table.closest('.card, section, main');
  if (!card) return [];
  const sticksOut = table.getBoundingClientRect().right - card.getBoundingClientRect().right;
  let scrolls = false;
  for (let e = table.parentElement; e && e !== card.parentElement; e = e.parentElement) {
    if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) scrolls = true;
  }
  return sticksOut > 1 && !scrolls
    ? [(table.className || 'table') + ' in ' + (card.className || card.tagName) + ' by ' + Math.round(sticksOut) + ' px (' + (table.getAttribute('aria-label') || table.querySelector('caption')?.textContent?.trim().slice(0, 40) || table.rows[0]?.textContent?.trim().slice(0, 40)) + ')']
    : [];
})`;

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate<number>(PAGE_OVERFLOW);
}

async function tablesOutsideTheirCard(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(TABLES_OUTSIDE_THEIR_CARD);
}

test('no page scrolls sideways at 1280 px', async ({ page, app }) => {
  test.setTimeout(300_000);
  const run = await completedTestSplitRun(app);
  const results = await callApi(app, 'runs.results', { runId: run.id, limit: 1 });
  const stayId = results.results[0]!.stayId;
  await openApp(page, app);
  const pages: [string, RegExp][] = [
    ['#/cohorts', /Cohorts/],
    ['#/runs', /Audit runs/],
    [`#/runs/${run.id}`, /Run/],
    [`#/runs/${run.id}/abstentions`, /Review worklist/],
    [`#/runs/${run.id}/bias`, /Bias/],
    [`#/runs/${run.id}/stays/${stayId}`, /Stay/],
  ];
  for (const [hash, heading] of pages) {
    await page.goto(`${app.origin}/${hash}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({
      timeout: 120_000,
    });
    // Polled: while a page fills in (a table filled by a second call, a panel opening) its
    // layout may pass through wider states; what must hold is the settled page.
    await expect
      .poll(() => pageOverflow(page), { message: `${hash} is wider than the window` })
      .toBeLessThanOrEqual(0);
    await expect
      .poll(() => tablesOutsideTheirCard(page), { message: `${hash}: tables outside their card` })
      .toEqual([]);
  }
});
