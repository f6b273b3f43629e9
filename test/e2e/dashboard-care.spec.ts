// Issue 25, item 2, "A dashboard that leads with care": a completed audit's dashboard opens on
// what the model does for care (sensitivity, specificity, PPV, alerts per 100 stays, each with
// its interval) before any figure of the method, reaches every section from a navigation that
// stays in view, and writes its threshold as a clinician reads it.
import { expect, keepScreenshot, openApp, test } from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

const CARE_TILES = ['sensitivity', 'specificity', 'ppv', 'alerts'];

test.describe('Run dashboard leads with care (browser over toe serve)', () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ]) {
    test(`the care figures come first, with intervals, at ${size.width}×${size.height}`, async ({
      page,
      app,
      consoleErrors,
    }, testInfo) => {
      test.setTimeout(400_000);
      const run = await completedTestSplitRun(app);
      const stats = await callApi(app, 'runs.statistics', { runId: run.id });
      await page.setViewportSize(size);
      await openApp(page, app);
      await page.goto(`${app.origin}/#/runs/${run.id}`);
      await expect(page.getByTestId('care-stays')).toBeVisible({ timeout: 120_000 });

      // The first figures on the page are the care tiles, each with a 95% interval.
      const firstTiles = await page
        .locator('[data-testid^="care-"], [data-testid^="headline-"]')
        .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-testid')));
      expect(firstTiles.slice(0, 6)).toEqual(
        ['care-lead', 'care-stays', 'care-events', ...CARE_TILES.map((id) => `care-${id}`)].slice(
          0,
          6,
        ),
      );
      for (const id of CARE_TILES)
        await expect(page.getByTestId(`care-${id}`)).toContainText('95% CI');
      await expect(page.getByTestId('care-sensitivity')).toContainText(
        `${stats.confusion.tp} of ${stats.care.events}`,
      );
      await expect(page.getByTestId('care-events')).toContainText(String(stats.care.events));

      // No heading prints the threshold unrounded, nor the method's notation.
      for (const heading of await page.getByRole('heading').allTextContents()) {
        expect(heading).not.toMatch(/\d\.\d{4,}/);
        expect(heading).not.toMatch(/p_full|τ|λ|μ|S_max|\|E\|/);
      }

      // The section navigation stays in view and takes the reader to a section, leaving the
      // route as it was.
      const nav = page.getByTestId('section-nav');
      await nav.getByRole('link', { name: 'Faithfulness' }).click();
      await expect(
        page.getByRole('heading', { name: 'Faithfulness of the evidence' }),
      ).toBeInViewport();
      await expect(nav).toBeInViewport();
      expect(page.url()).toMatch(new RegExp(`#/runs/${run.id}$`));
      await nav.getByRole('link', { name: 'Care' }).click();
      await expect(page.getByTestId('care-sensitivity')).toBeInViewport();

      const name = `dashboard-${size.width}.png`;
      await keepScreenshot(page, testInfo, name);
      expect(consoleErrors).toEqual([]);
    });
  }
});
