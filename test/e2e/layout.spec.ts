// At the 1280 px the tests run at (playwright.config.ts), no page of a completed run is wider
// than the window, and no table sticks out of its card: a wide table scrolls inside it.
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Tables that stick out of the card they sit in (drawn over its border, or cut off). */
async function tablesOutsideTheirCard(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      const card = table.closest('.card, section, main');
      if (!card) return [];
      const sticksOut = table.getBoundingClientRect().right - card.getBoundingClientRect().right;
      const scrolls = (element: Element | null): boolean => {
        for (let e = element; e && e !== card.parentElement; e = e.parentElement) {
          if (['auto', 'scroll'].includes(getComputedStyle(e).overflowX)) return true;
        }
        return false;
      };
      return sticksOut > 1 && !scrolls(table.parentElement)
        ? [
            `${table.className || table.getAttribute('aria-label') || 'table'} by ${Math.round(sticksOut)} px`,
          ]
        : [];
    }),
  );
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
    [`#/runs/${run.id}/abstentions`, /Abstention|queue/i],
    [`#/runs/${run.id}/bias`, /Bias/],
    [`#/runs/${run.id}/stays/${stayId}`, /Stay/],
  ];
  for (const [hash, heading] of pages) {
    await page.goto(`${app.origin}/${hash}`);
    await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible({
      timeout: 120_000,
    });
    // Let late content (charts, tables filled by a second call) settle before measuring.
    await page.waitForLoadState('networkidle');
    expect(await pageOverflow(page), `${hash} is wider than the window`).toBeLessThanOrEqual(0);
    expect(await tablesOutsideTheirCard(page), `${hash}: tables outside their card`).toEqual([]);
  }
});
