// Issue 27, item 7, "a monitoring view in the app": a completed run's stays by period and by
// unit, opened from the run's pages as a QI lead would, at a small laptop's window. The
// sentences are monitoring-text.ts's, so the view says what `toe monitor` and the PDF say.
// The demo cohort's admissions may span a century (every period too small to show) or two
// years (quarters shown): the test reads which from the API and expects what that data gives.
import { attributeName } from '../../src/shared/attribute-words';
import type { Page } from '@playwright/test';
import type { MonitoringReport } from '../../src/shared/monitoring';
import {
  cusumFinding,
  inputDriftFinding,
  periodNoun,
  periodWords,
  suppressedSentence,
} from '../../src/shared/monitoring-text';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';
import { WIDER_THAN_THE_WINDOW } from './support/page-width';

/** Method notation and bare task codes, which belong only in "How this was computed". */
const NOTATION = /p_full|p_E\b|\|E\||τ|λ|μ|φ|S_max|N_ts|\bE[1-4]\b(?!\s*·)/;

/** Headings, column names, labels and options outside the method's fold, as text. */
const NAMES_OUTSIDE_THE_FOLD = `[...document.querySelectorAll('.page h1, .page h2, .page h3, .page th, .page label, .page legend, .page option, .page summary, .page caption, .page figcaption strong')]
  .filter((el) => el.tagName === 'SUMMARY' || !el.closest('details.monitoring-method'))
  .map((el) => {
    const named = el.cloneNode(true);
    named.querySelectorAll('select').forEach((control) => control.remove());
    return (named.textContent ?? '').replace(/\\s+/g, ' ').trim();
  })`;

/**
 * The period card as the report gives it: a row per period shown, and the sentence naming
 * those too small to show; with none shown, the charts give way to the advice of a longer one.
 */
async function expectPeriods(page: Page, report: MonitoringReport, advice: string): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 2, name: `By ${periodWords(report.period)}`, exact: true }),
  ).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('monitoring-findings')).toContainText(cusumFinding(report));
  const shown = report.periods.filter((g) => !g.suppressed).length;
  await expect(page.getByTestId('monitoring-periods').locator('tbody tr')).toHaveCount(shown);
  const hidden = suppressedSentence(report.periods, periodNoun(report.period), report.minGroupSize);
  if (hidden !== null)
    await expect(page.getByTestId('monitoring-periods-hidden')).toHaveText(hidden);
  if (shown === 0) {
    await expect(page.getByTestId('monitoring-all-suppressed')).toContainText(advice);
    await expect(page.getByRole('figure')).toHaveCount(0);
  } else {
    await expect(page.getByRole('img', { name: /^Chart of outcomes per stay by / })).toBeVisible();
    await expect(
      page.getByRole('img', { name: /^Chart of the risk-adjusted CUSUM/ }),
    ).toBeVisible();
  }
}

test.describe('Monitoring (browser over toe serve)', () => {
  test('a QI lead opens it from the run, reads the CUSUM first, switches to years, downloads a CSV, at 1024×768', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1024, height: 768 });
    const run = await completedTestSplitRun(app);
    const quarters = await callApi(app, 'runs.monitoring', {
      runId: run.id,
      period: { calendar: 'quarter' },
      unit: null,
    });
    const years = await callApi(app, 'runs.monitoring', {
      runId: run.id,
      period: { calendar: 'year' },
      unit: null,
    });
    expect(quarters.periods.length).toBeGreaterThan(0);

    await openApp(page, app);
    await page.goto(`${app.origin}/#/runs/${run.id}`);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: `Run ${run.id}: Monitoring`, exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`#/runs/${run.id}/monitoring$`));
    await expect(page.getByRole('heading', { level: 1, name: /^Monitoring: Run / })).toBeVisible();

    // What the charts found comes first, the CUSUM's sentence word for word as the CLI's.
    await expectPeriods(page, quarters, 'choose a longer period (Year)');

    // Input drift, when two quarters are shown to compare: the sentence and a row per input.
    if (quarters.inputDrift !== null) {
      const drift = page.getByTestId('monitoring-input-drift');
      await expect(drift).toContainText(inputDriftFinding(quarters.inputDrift));
      await expect(drift.locator('tbody tr')).toHaveCount(quarters.inputDrift.inputs.length);
    }

    // At 1024×768 nothing widens the page: wide tables scroll inside their cards.
    expect(await page.evaluate<string[]>(WIDER_THAN_THE_WINDOW)).toEqual([]);
    // No heading, column name, label or option speaks in method notation; the fold may.
    const names = await page.evaluate<string[]>(NAMES_OUTSIDE_THE_FOLD);
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((text) => NOTATION.test(text))).toEqual([]);
    await page.getByText('How this was computed').click();
    await expect(page.getByTestId('monitoring-cusum-method')).toContainText(
      `tuned to an odds ratio of ${quarters.sequence.cusum.oddsRatio}`,
    );
    await keepScreenshot(page, testInfo, 'monitoring-1024.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Years: the view is computed again, its tables and sentences the year report's.
    await page.getByRole('combobox', { name: 'Period' }).selectOption('year');
    await expectPeriods(page, years, 'spread too thinly even over years');
    expect(await page.evaluate<string[]>(WIDER_THAN_THE_WINDOW)).toEqual([]);

    // A unit of the stays: its table, and its funnel plot when any unit is big enough to show.
    const cohort = (await callApi(app, 'cohorts.list', {})).find(
      (c) => c.id === run.spec.cohortId,
    )!;
    const unit = cohort.attributes.find((a) => a === 'admission_type') ?? cohort.attributes[0];
    if (unit !== undefined) {
      const byUnit = await callApi(app, 'runs.monitoring', {
        runId: run.id,
        period: { calendar: 'year' },
        unit,
      });
      await page.getByRole('combobox', { name: 'Unit' }).selectOption(unit);
      const unitCard = page.locator('section', {
        has: page.getByRole('heading', {
          level: 2,
          name: `By ${attributeName(unit).toLowerCase()}`,
          exact: true,
        }),
      });
      await expect(unitCard.locator('tbody tr').last()).toBeVisible({ timeout: 120_000 });
      if ((byUnit.funnel?.points.length ?? 0) > 0)
        await expect(
          unitCard.getByRole('img', { name: /^Funnel plot of observed ÷ expected/ }),
        ).toBeVisible();
      expect(await page.evaluate<string[]>(WIDER_THAN_THE_WINDOW)).toEqual([]);
    }

    // The CSV comes as a download, and the view says where it went.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toBe(`run-${run.id}-monitoring-groups.csv`);
    await expect(page.getByTestId('monitoring-csv-saved')).toContainText('downloads folder');

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
