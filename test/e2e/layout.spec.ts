// At the 1280 px the tests run at (playwright.config.ts), no page of a completed run is wider
// than the window, and no table sticks out of its card: a wide table scrolls inside it.
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

// Measured in the page (as text: this project's Node typings have no DOM). When the page is
// wider than the window, the deepest elements past its right edge that no scrolling box
// contains are named, so a failure says what widened the page.
const ELEMENTS_WIDENING_THE_PAGE = `(() => {
  const root = document.documentElement;
  const overflow = root.scrollWidth - root.clientWidth;
  if (overflow <= 0) return [];
  const edge = root.clientWidth + 1;
  // A scrolling box clips an absolutely placed element only if it also contains the box that
  // element is placed in (its offsetParent): otherwise the element escapes and widens the page.
  const clipped = (e) => {
    const position = getComputedStyle(e).position;
    if (position === 'fixed') return false;
    const placedIn = position === 'absolute' ? e.offsetParent : null;
    for (let a = e.parentElement; a && a !== root; a = a.parentElement) {
      const clips = ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(a).overflowX);
      if (clips && (!placedIn || a === placedIn || a.contains(placedIn))) return true;
    }
    return false;
  };
  const past = [...document.body.querySelectorAll('*')].filter(
    (e) => e.getBoundingClientRect().right > edge && !clipped(e),
  );
  const deepest = past.filter((e) => !past.some((other) => other !== e && e.contains(other)));
  const named = deepest.slice(0, 5).map((e) => {
    const id = e.id ? '#' + e.id : '';
    const cls = typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
    const text = (e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return e.tagName.toLowerCase() + id + cls + ' by ' + Math.round(e.getBoundingClientRect().right - root.clientWidth) + ' px (' + text + ')';
  });
  return [overflow + ' px wider than the window', ...named];
})()`;

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

async function elementsWideningThePage(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(ELEMENTS_WIDENING_THE_PAGE);
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
      .poll(() => elementsWideningThePage(page), { message: `${hash} is wider than the window` })
      .toEqual([]);
    await expect
      .poll(() => tablesOutsideTheirCard(page), { message: `${hash}: tables outside their card` })
      .toEqual([]);
  }
});
