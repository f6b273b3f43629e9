import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

test.describe('Bias audit (browser over toe serve)', () => {
  test('shows per-group figures, comparisons, suppressed groups and charts; the reference is selectable', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(240_000);
    const run = await completedTestSplitRun(app);
    const audit = await callApi(app, 'runs.bias', { runId: run.id });
    expect(audit.attributes.length).toBeGreaterThan(0);

    await openApp(page, app);
    await page.goto(`${app.origin}/#/runs/${run.id}`);
    await page.getByRole('link', { name: 'Bias audit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/runs/${run.id}/bias$`));
    await expect(page.getByTestId('bias-comparisons')).toContainText(
      `${audit.comparisons.tested} comparisons tested`,
      { timeout: 120_000 },
    );
    await expect(page.getByTestId('bias-comparisons')).toContainText(
      `${audit.comparisons.flagged} flagged`,
    );
    await expect(page.getByTestId('bias-comparisons')).toContainText(
      `${audit.comparisons.notEstimable} not made`,
    );
    await expect(page.getByTestId('bias-estimability')).toContainText(
      `at least ${audit.parameters.minEvents} outcome events`,
    );
    if (audit.suppressed.length > 0) {
      await expect(page.getByTestId('bias-suppressed')).toContainText(audit.suppressed[0]!.size);
    }
    const first = audit.attributes[0]!;
    const reported = first.groups.filter((g) => !g.suppressed);
    const faithfulness = page.getByRole('table', { name: `Faithfulness by ${first.attribute}` });
    await expect(faithfulness.locator('tbody tr')).toHaveCount(reported.length);
    const performance = page.getByRole('table', {
      name: `Performance of p_full by ${first.attribute}`,
    });
    await expect(performance).toBeVisible();
    // A figure below its minimum shows "not estimable" and its shortfall, never a number.
    const hidden = reported.flatMap((g) =>
      g.suppressed
        ? []
        : Object.entries(g.performance)
            .filter(([, r]) => r.value === null)
            .map(([metric, r]) => ({ group: g.group, metric, why: r.notEstimable! })),
    );
    for (const { group, metric, why } of hidden.slice(0, 3)) {
      const cell = performance.locator(`tr[data-group="${group}"] td[data-metric="${metric}"]`);
      await expect(cell).toContainText('not estimable');
      await expect(cell).toContainText(why.reason.replace(/^not estimable: /, ''));
    }
    await expect(page.getByRole('figure')).toHaveCount(10);
    await expect(
      page.getByRole('img', { name: new RegExp(`Bar chart of Exhaustion per ${first.attribute}`) }),
    ).toBeVisible();
    await keepScreenshot(page, testInfo, 'bias-audit-light.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A named reference group: that group is the reference of every metric of its attribute.
    const named = reported.at(-1)!;
    await page.getByLabel('Reference group').selectOption(`${first.attribute}=${named.group}`);
    await expect(
      faithfulness.locator(`tr[data-group="${named.group}"] td[data-metric="exhaustionRate"]`),
    ).toContainText('reference', { timeout: 120_000 });

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
