// Issue 27, items 1 and 5, as a QI lead meets them in the app: two monthly extracts audited
// with the same bundle, the later one with its latest stays' outcomes not in yet. The run's
// Monitoring view forecasts those stays in the words `toe monitor` prints, and watching it
// with the earlier run as a series gives one period per extract. The cohorts are made for
// this spec through the API and deleted after it.
import type { RunSummary } from '../../src/shared/audit';
import {
  awaitingFinding,
  compositionFinding,
  seriesSentence,
} from '../../src/shared/monitoring-text';
import { expect, keepScreenshot, openApp, requestsLeavingApp, test } from './fixtures';
import { callApi } from './support/app-api';
import { WIDER_THAN_THE_WINDOW } from './support/page-width';

const OLDER = 'e2e-extract-older';
const LATER = 'e2e-extract-later';

async function audited(
  app: Parameters<typeof callApi>[0],
  name: string,
  seed: number,
  pendingFrom?: string,
): Promise<RunSummary> {
  await callApi(app, 'cohorts.createDemo', {
    name,
    stays: 160,
    seed,
    scenario: 'steady',
    ...(pendingFrom ? { outcomesPendingFrom: pendingFrom } : {}),
  });
  const cohort = (await callApi(app, 'cohorts.list', {})).find((c) => c.name === name)!;
  return callApi(app, 'runs.start', { cohortId: cohort.id, task: 'E1', workers: 1 });
}

test.describe('Monitoring a model in service (browser over toe serve)', () => {
  test('forecasts the stays awaiting outcomes, then watches two extracts as a series', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(420_000);
    try {
      const older = await audited(app, OLDER, 21);
      const later = await audited(app, LATER, 22, '2181-04-01');
      expect(later.awaitingScoredStays).toBeGreaterThan(0);
      const alone = await callApi(app, 'runs.monitoring', {
        runId: later.id,
        period: { calendar: 'year' },
        unit: null,
      });
      const series = await callApi(app, 'runs.monitoring', {
        runId: later.id,
        period: { cohort: true },
        unit: null,
        seriesRunIds: [older.id],
      });

      await page.setViewportSize({ width: 1024, height: 768 });
      await openApp(page, app);
      // The cohort's attributes, and with them its default period, are held back until the
      // lead has chosen a period: a choice made before they arrive must stand.
      let releaseAttributes!: () => void;
      const attributesHeld = new Promise<void>((resolve) => (releaseAttributes = resolve));
      await page.route('**/api/call/cohorts.list', async (route) => {
        await attributesHeld;
        await route.continue();
      });
      await page.goto(`${app.origin}/#/runs/${later.id}/monitoring`);
      await page.getByRole('combobox', { name: 'Period' }).selectOption('year');
      releaseAttributes();

      // The stays without an outcome: the forecast's sentence, word for word as the CLI's.
      const awaiting = page.getByTestId('monitoring-awaiting');
      await expect(awaiting).toContainText(awaitingFinding(alone.awaiting!), { timeout: 120_000 });
      await expect(awaiting.locator('tbody tr')).toHaveCount(
        alone.awaiting!.periods.filter((p) => !p.suppressed).length,
      );

      // The earlier extract, watched with this one: a period per cohort, in the series' order.
      await page.getByRole('checkbox', { name: new RegExp(`Run ${older.id}\\b`) }).check();
      await page.getByRole('combobox', { name: 'Period' }).selectOption('cohort');
      await expect(page.getByTestId('monitoring-series')).toHaveText(seriesSentence(series)!, {
        timeout: 120_000,
      });
      await expect(page.getByTestId('monitoring-periods').locator('tbody tr th')).toHaveText([
        OLDER,
        LATER,
      ]);
      // What each extract's evidence leans on, the later set beside the older, in the CLI's words.
      const composition = series.evidenceComposition!;
      expect(composition.latestPeriod).toBe(LATER);
      const leans = page.getByTestId('monitoring-evidence-composition');
      await expect(leans).toContainText(compositionFinding(composition));
      await expect(leans.locator('table').first().locator('tbody tr')).toHaveCount(
        composition.rows.length,
      );
      await expect(leans.locator('table').nth(1).locator('tbody tr')).toHaveCount(
        composition.rows.length,
      );
      expect(await page.evaluate<string[]>(WIDER_THAN_THE_WINDOW)).toEqual([]);
      await keepScreenshot(page, testInfo, 'monitoring-series-1024.png');

      // Leaving the series returns to a calendar period: a cohort period needs a series.
      await page.getByRole('checkbox', { name: new RegExp(`Run ${older.id}\\b`) }).uncheck();
      await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('year');
      await expect(page.getByTestId('monitoring-series')).toHaveCount(0);

      expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      for (const name of [OLDER, LATER]) {
        const cohort = (await callApi(app, 'cohorts.list', {})).find((c) => c.name === name);
        if (cohort) await callApi(app, 'cohorts.delete', { cohortId: cohort.id });
      }
    }
  });
});
