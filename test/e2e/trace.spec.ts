import type { Page } from '@playwright/test';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import type { E2eEnv } from './support/e2e-env';
import { callApi, completedTestSplitRun } from './support/app-api';

const three = (x: number) => x.toFixed(3);

async function openDashboard(page: Page, app: E2eEnv, runId: number) {
  await openApp(page, app);
  await page.goto(`${app.origin}/#/runs/${runId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`Run ${runId}:`) }),
  ).toBeVisible();
}

test.describe('Patient trace (browser over toe serve)', () => {
  test("opens an exhausted false positive's trace from the dashboard, steps through them and saves a review", async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = await completedTestSplitRun(app);
    const exhaustedFps = await callApi(app, 'runs.neighbours', {
      runId: run.id,
      outcome: 'FP',
      status: 'exhausted',
    });
    // The seeded cohort is sized so that this exists (test/e2e/support/seed-store.ts).
    expect(exhaustedFps.total, 'exhausted false positives in the seeded run').toBeGreaterThan(1);
    const first = exhaustedFps.first!;

    await openDashboard(page, app, run.id);
    await page
      .getByTestId('confusion-FP')
      .getByRole('link', { name: /Traces of exhausted false positives/ })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`#/runs/${run.id}/stays/${first.stayId}\\?outcome=FP&status=exhausted$`),
    );
    const audit = await callApi(app, 'runs.stay', { runId: run.id, stayId: first.stayId });
    const stay = await callApi(app, 'stays.detail', { runId: run.id, stayId: first.stayId });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Stay ${first.stayKey}`);
    await expect(page.getByTestId('stay-outcome')).toHaveText('FP · false positive');
    await expect(page.getByTestId('stay-status')).toHaveText('exhausted');
    await expect(page.getByTestId('stay-pfull')).toHaveText(`p_full = ${three(audit.pFull)}`);
    await expect(page.getByTestId('stepper-position')).toHaveText(
      `1 of ${exhaustedFps.total} exhausted false positives`,
    );

    // The vitals chart names its shaded evidence windows; choosing a variable redraws it.
    const windows = audit.evidence.filter((u) => u < stay.windows).map((u) => `W${u + 1}`);
    const vitals = page.locator('figure').filter({ hasText: 'Hourly means' }).getByRole('img');
    await expect(vitals).toHaveAttribute(
      'aria-label',
      new RegExp(`evidence windows shaded: ${windows.join(', ') || 'none'}\\.$`),
    );
    const variable = stay.variables.at(-1)!;
    await page.getByLabel('Variables').selectOption(variable.name);
    await expect(vitals).toHaveAttribute('aria-label', new RegExp(`means of ${variable.name} \\(`));
    await page.getByLabel('Variables').selectOption({ index: 0 });
    await expect(vitals).toHaveAttribute('aria-label', /means of heart_rate \(bpm\)/);
    // Hovering shows the hour's values (drawn on the canvas; seen in the screenshot).
    await vitals.hover({ position: { x: 420, y: 120 } });

    // Evidence chunks are marked; every step's kept sets are listed with the leader marked.
    await expect(page.locator('.chunk--evidence mark')).toHaveCount(audit.noteUnits);
    const kept = audit.trace.reduce((n, step) => n + step.kept.length, 0);
    await expect(page.locator('table.steps tbody tr')).toHaveCount(kept);
    await expect(page.locator('table.steps').getByText('leads', { exact: true })).toHaveCount(
      audit.trace.length,
    );
    await expect(page.getByRole('heading', { name: 'Context: fixed priors' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chest X-ray labels' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ECG machine measurements' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'trace-light.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Next and back again, within the filter.
    await page.getByRole('link', { name: 'Next →' }).click();
    await expect(page.getByTestId('stepper-position')).toHaveText(
      `2 of ${exhaustedFps.total} exhausted false positives`,
    );
    await expect(page.getByTestId('stay-outcome')).toHaveText('FP · false positive');
    await page.getByRole('link', { name: '← Previous' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Stay ${first.stayKey}`);

    // The reviewer's controls: the stay is exhausted, so it is in the abstention queue.
    const review = page.getByRole('form', { name: 'Review' });
    await review.getByRole('radio', { name: /Disagree/ }).check();
    await review
      .getByLabel('Comment')
      .fill('Evidence windows are artefact; alert was right to be held.');
    await review.getByRole('button', { name: 'Save review' }).click();
    await expect(review.getByText('Review saved.')).toBeVisible();
    await expect(review.getByTestId('review-saved')).toContainText('Saved: disagree');
    const stored = await callApi(app, 'reviews.get', { runId: run.id, stayId: first.stayId });
    expect(stored.review).toMatchObject({
      verdict: 'disagree',
      comment: 'Evidence windows are artefact; alert was right to be held.',
    });
    await keepScreenshot(page, testInfo, 'trace-review-light.png');

    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Review' }).getByRole('radio', { name: /Disagree/ }),
    ).toBeChecked();
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page
      .getByRole('heading', { name: 'Vital signs and labs, first 24 hours' })
      .scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'trace-dark.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown stay says where to go instead', async ({ page, app, consoleErrors }) => {
    const run = await completedTestSplitRun(app);
    await openDashboard(page, app, run.id);
    await page.goto(`${app.origin}/#/runs/${run.id}/stays/999999`);
    await expect(page.getByRole('alert').first()).toContainText(/stay 999999/);
    await expect(page.getByRole('link', { name: "the run's dashboard" })).toBeVisible();
    expect(consoleErrors.every((e) => e.includes('404 (Not Found)'))).toBe(true);
  });
});
