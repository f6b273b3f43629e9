// The dashboard's faithfulness–sparsity frontier: none at first, then an evaluation of the
// run's model started from the page, followed to the end, and drawn as two charts whose
// numbers are the stored evaluation's.
import type { Page } from '@playwright/test';
import type { RunEvaluationState } from '../../src/shared/evaluations';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';
import type { E2eEnv } from './support/e2e-env';

async function openDashboard(page: Page, app: E2eEnv, runId: number) {
  await openApp(page, app);
  await page.goto(`${app.origin}/#/runs/${runId}`);
  await expect(page.getByTestId('care-stays')).toBeVisible({ timeout: 60_000 });
}

test.describe('Faithfulness–sparsity frontier (browser over toe serve)', () => {
  test("evaluates the run's model from the dashboard and draws its frontier", async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(300_000);
    const run = await completedTestSplitRun(app);
    await openDashboard(page, app, run.id);

    const frontier = page.getByTestId('frontier');
    await expect(frontier).toContainText('No evaluation of this model on this cohort yet.');
    const plan = (await callApi(app, 'evaluations.forRun', { runId: run.id })).plan;
    const form = frontier.getByRole('form', { name: 'Evaluate the explainers' });
    const stays = form.getByLabel('Stays to evaluate');
    await expect(stays).toHaveAttribute('placeholder', `all ${plan.stays}`);

    // A number outside 1..N is refused in place, before anything starts.
    await stays.fill(String(plan.stays + 1));
    await expect(form.getByRole('button', { name: 'Evaluate the explainers' })).toBeDisabled();
    await expect(frontier.getByRole('alert')).toContainText('a whole number from 1 to');

    await stays.fill('3');
    await form.getByRole('button', { name: 'Evaluate the explainers' }).click();
    await expect(
      frontier.getByRole('progressbar', {
        name: `Evaluating the explainers on run ${run.id}'s model`,
      }),
    ).toBeVisible();
    await expect(frontier.getByRole('button', { name: 'Cancel the evaluation' })).toBeEnabled();

    const auroc = frontier.getByRole('img', { name: /^Line chart of sufficiency AUROC/ });
    await expect(auroc).toBeVisible({ timeout: 240_000 });
    await expect(frontier.getByRole('img', { name: /^Line chart of fidelity MAE/ })).toBeVisible();
    await expect(frontier.getByTestId('frontier-provenance')).toContainText(
      `on 3 of the ${plan.stays} stays of the test split`,
    );
    await expect(frontier.getByRole('button', { name: 'Evaluate again' })).toBeVisible();

    // The table behind the chart holds the stored evaluation's own numbers.
    const state: RunEvaluationState = await callApi(app, 'evaluations.forRun', { runId: run.id });
    const toeAt5 = state.evaluation!.result.rows.find((r) => r.method === 'toe' && r.k === 5)!;
    await frontier.getByText('Show the numbers').first().click();
    const row5 = frontier.locator('table').first().getByRole('row', { name: /^5 / });
    await expect(row5).toContainText(toeAt5.auroc.estimate!.toFixed(3));

    await frontier.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'dashboard-frontier.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
