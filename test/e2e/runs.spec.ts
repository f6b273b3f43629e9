import type { Locator, Page } from '@playwright/test';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import type { E2eEnv } from './support/e2e-env';
import { callApi } from './support/app-api';
import { Store } from '../../src/main/core/store';
import { attributeWords } from '../../src/shared/attribute-words';
import { queueFlagsOf } from '../../src/shared/queue-subgroups';

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
/** Chromium logs every non-2xx fetch; these are the refusals the tests provoke on purpose. */
/** A search parameter out of range is refused by the contract's own schema, before the core. */
const REFUSED_400 =
  'Failed to load resource: the server responded with a status of 400 (Bad Request)';
const CANCELLED_409 =
  'Failed to load resource: the server responded with a status of 409 (Conflict)';

async function openRuns(page: Page, app: E2eEnv): Promise<void> {
  await openApp(page, app);
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Audit runs' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit runs' })).toBeVisible();
}

async function darkTheme(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

/**
 * Other specs may have audited the test split with the form's defaults already (through the
 * API): the form then offers that run, and this test means to audit again.
 */
async function runAgainIfAudited(page: Page, progress: Locator): Promise<void> {
  const identical = page.getByTestId('identical-run');
  await expect(progress.or(identical)).toBeVisible({ timeout: 60_000 });
  if (await identical.isVisible()) await page.getByRole('button', { name: 'Run it again' }).click();
}

test.describe.configure({ mode: 'serial' });

test.describe('Audit runs (browser over toe serve)', () => {
  test('starts an audit from the form, refuses a bad parameter by name, shows live progress and opens the dashboard', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(300_000);
    const before = await callApi(app, 'runs.list', {});
    await openRuns(page, app);
    if (before.length === 0) await expect(page.getByText('No audit runs yet.')).toBeVisible();
    await page.getByRole('link', { name: 'Start an audit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Start an audit' })).toBeVisible();

    // Every parameter shows method.md's default and says what it does.
    await expect(page.getByLabel('Beam width')).toHaveValue('8');
    await expect(page.getByLabel('Maximum steps')).toHaveValue('10');
    await expect(page.getByLabel('Stability weight')).toHaveValue('1');
    await expect(page.getByLabel('Cost per unit')).toHaveValue('0.05');
    await expect(page.getByText('Evidence sets kept after each step')).toBeVisible();
    await expect(page.getByLabel('Cohort')).toContainText(app.cohortName);
    await expect(page.getByLabel('Model bundle')).toContainText('Shipped E1 bundle (default)');
    await keepScreenshot(page, testInfo, 'run-start-light.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Out of range: the core names the parameter, and the form puts it on the field.
    await page.getByLabel('Beam width').fill('0');
    await page.getByRole('button', { name: 'Start audit' }).click();
    await expect(page.getByTestId('run-start-error')).toContainText('beamWidth');
    await expect(page.locator('#beamWidth-error')).toContainText('must be at least 1');
    await expect(page.getByLabel('Beam width')).toHaveAttribute('aria-invalid', 'true');
    expect(await callApi(app, 'runs.list', {})).toHaveLength(before.length);

    await page.getByRole('button', { name: 'Reset parameters to defaults' }).click();
    await page.getByLabel('Workers').fill('1');
    await page.getByRole('button', { name: 'Start audit' }).click();
    const progress = page.getByTestId('run-progress');
    await runAgainIfAudited(page, progress);
    await expect(progress).toContainText(/Auditing stays · [\d,]+ of \d+ · [\d.]+ stays\/s · /, {
      timeout: 60_000,
    });
    await progress.scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'run-progress-light.png');

    // The validation split is audited first (or a completed audit of it reused), then the test split.
    await page.waitForURL(/#\/runs\/\d+$/, { timeout: 180_000 });
    const runId = Number(/#\/runs\/(\d+)$/.exec(page.url())![1]);
    // The care figures are computed first when a run completes, ahead of the slower bias
    // audits and the validation run's figures (they once waited 35 s behind them).
    await expect(page.getByTestId('care-stays')).toBeVisible({ timeout: 15_000 });
    const run = await callApi(app, 'runs.get', { runId });
    expect(run).toMatchObject({ status: 'completed', spec: { split: 'test', workers: 1 } });
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: new RegExp(`Run ${runId}: E1 · hospital mortality on ${app.cohortName}`),
      }),
    ).toContainText('Completed');
    const stats = await callApi(app, 'runs.statistics', { runId });
    await expect(page.getByTestId('care-stays')).toContainText(count(stats.stays));
    await expect(page.getByTestId('confusion-FP')).toContainText(
      `${count(stats.confusion.fp)} false positives`,
    );
    await expect(page.getByTestId('confusion-TP')).toContainText(
      `${count(stats.confusion.tp)} true positives`,
    );
    // Every chart is a figure with a caption, an accessible name and its numbers as a table:
    // the run's six, the abstention section's risk–coverage, and the frontier's two when the
    // store holds an evaluation of its model (frontier.spec.ts may have made one for this
    // cohort, bundle and split).
    const { evaluation } = await callApi(app, 'evaluations.forRun', { runId });
    const frontier = page.getByTestId('frontier');
    if (evaluation) {
      await expect(frontier.locator('figure')).toHaveCount(2);
    } else {
      await expect(frontier).toContainText('No evaluation of this model on this cohort yet.');
      await expect(frontier).toContainText('toe evaluate --cohort');
    }
    const figures = page.locator('figure');
    await expect(page.getByTestId('abstention-verdict')).toBeVisible({ timeout: 60_000 });
    await expect(figures).toHaveCount(evaluation ? 9 : 7);
    for (const figure of await figures.all()) {
      await expect(figure.locator('figcaption')).not.toBeEmpty();
      await expect(figure.getByRole('img')).toHaveAttribute('aria-label', /\w+/);
      await expect(figure.locator('table')).toHaveCount(1);
    }
    // The queue by patient group: a table per attribute, a row per group of the analysis,
    // suppressed groups with their reason and flags in words.
    const { subgroups } = await callApi(app, 'runs.abstention', { runId });
    expect(subgroups).not.toBeNull();
    const byGroup = page.getByTestId('queue-subgroups');
    await expect(
      byGroup.getByRole('heading', { name: 'Does the queue serve every patient group alike?' }),
    ).toBeVisible();
    await expect(byGroup.locator('table')).toHaveCount(subgroups!.attributes.length);
    for (const a of subgroups!.attributes) {
      const rows = byGroup.locator(`table[data-attribute="${a.attribute}"] tbody tr`);
      await expect(rows).toHaveCount(a.groups.length);
      for (const g of a.groups) {
        const row = rows.filter({
          has: page.getByRole('rowheader', {
            name: attributeWords(a.attribute, g.group) ?? g.group,
            exact: true,
          }),
        });
        if (g.suppressed) {
          await expect(row).toContainText(`Not shown: ${g.reason}`);
          continue;
        }
        await expect(row).toContainText(`${count(g.queued)} (`);
        for (const flag of queueFlagsOf(g)) await expect(row).toContainText(flag);
        if (g.isReference) await expect(row).toContainText('reference');
      }
    }
    await keepScreenshot(page, testInfo, 'dashboard-light.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await darkTheme(page);
    await keepScreenshot(page, testInfo, 'dashboard-dark.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Audit runs' }).first().click();
    const row = page.locator(`tr[data-run="${runId}"]`);
    await expect(row).toContainText('Completed');
    await expect(row).toContainText(`${count(run.doneStays)} of ${count(run.totalStays)}`);
    await expect(row).toContainText(`provider ${run.provenance.executionProvider.toUpperCase()}`);
    await expect(row).toContainText(`app v${run.provenance.appVersion}`);
    await expect(row).toContainText(run.provenance.cohortContentHash.slice(0, 10));
    await keepScreenshot(page, testInfo, 'runs-dark.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([REFUSED_400]);
  });

  test('an audit already completed with the same settings is offered instead of run again', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    const before = await callApi(app, 'runs.list', {});
    await openRuns(page, app);
    await page.getByRole('link', { name: 'Start an audit' }).click();
    await page.getByLabel('Workers').fill('2');
    await page.getByRole('button', { name: 'Start audit' }).click();

    // Workers do not change the results: the completed audit of the test split is the same.
    const card = page.getByTestId('run-confirm');
    const identical = card.getByTestId('identical-run');
    await expect(identical).toContainText(/Run \d+ already audited exactly this\./);
    await expect(identical).toContainText('Same cohort, split, model bundle, search and decision');
    const runId = Number(/Run (\d+) already/.exec((await identical.textContent()) ?? '')![1]);
    const offered = before.find((r) => r.id === runId);
    expect(offered).toMatchObject({ status: 'completed', spec: { split: 'test', task: 'E1' } });
    await expect(card.getByRole('button', { name: 'Run it again' })).toBeEnabled();
    await keepScreenshot(page, testInfo, 'run-start-identical.png', card);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await callApi(app, 'runs.list', {})).toHaveLength(before.length);

    // Another setting that decides the figures: no offer, the audit would start.
    await card.getByRole('button', { name: 'Go back to the settings' }).click();
    await expect(card).toHaveCount(0);
    const check = await callApi(app, 'runs.checkStart', {
      cohortId: offered!.spec.cohortId,
      task: 'E1',
      split: 'test',
      params: { beamWidth: 6 },
    });
    expect(check.identicalRun).toBeNull();

    await page.getByRole('button', { name: 'Start audit' }).click();
    await card.getByRole('link', { name: `Open run ${runId}` }).click();
    await page.waitForURL(new RegExp(`#/runs/${runId}$`));
    await expect(page.getByTestId('care-stays')).toBeVisible({ timeout: 30_000 });
    expect(await callApi(app, 'runs.list', {})).toHaveLength(before.length);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a bundle folder is required before Start, and a wrong one is named in plain words', async ({
    page,
    app,
    consoleErrors,
  }) => {
    const before = await callApi(app, 'runs.list', {});
    await openRuns(page, app);
    await page.getByRole('link', { name: 'Start an audit' }).click();
    await page.getByLabel('Model bundle').selectOption({ label: 'Another bundle folder…' });
    const folder = page.getByRole('textbox', { name: /^Bundle folder/ });
    await expect(folder).toHaveValue('');
    await page.getByRole('button', { name: 'Start audit' }).click();
    const error = page.getByTestId('bundle-error');
    await expect(error).toHaveText('Type the folder of the model bundle to audit with.');
    await expect(folder).toHaveAttribute('aria-invalid', 'true');

    await folder.fill('/no/such/bundle');
    await page.getByRole('button', { name: 'Start audit' }).click();
    await expect(error).toHaveText(
      'There is no folder at /no/such/bundle. Check the path of the bundle folder.',
    );
    await expect(page.getByTestId('run-start-error')).toHaveCount(0);
    // No command line in the page's answers.
    await expect(page.locator('form.run-form')).not.toContainText('--');
    expect(await callApi(app, 'runs.list', {})).toHaveLength(before.length);
    expect(consoleErrors).toEqual([]);
  });

  test('a bundle trained on generated data waits for confirmation before auditing real stays', async ({
    page,
    app,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(120_000);
    // A second cohort marked real in the store: the shipped bundles learnt from the demo.
    const name = 'ward-real-e2e';
    const created = await callApi(app, 'cohorts.createDemo', { name, stays: 30 });
    const store = new Store(app.dbPath);
    try {
      store.db.prepare('UPDATE cohorts SET synthetic = 0 WHERE name = ?').run(created.cohortName);
    } finally {
      store.close();
    }
    try {
      const before = await callApi(app, 'runs.list', {});
      await openRuns(page, app);
      await page.getByRole('link', { name: 'Start an audit' }).click();
      await page.getByLabel('Cohort').selectOption({ label: `${name} · 30 stays` });
      await page.getByRole('button', { name: 'Start audit' }).click();

      const card = page.getByTestId('run-confirm');
      const warning = card.getByTestId('synthetic-on-real');
      await expect(warning).toContainText(
        'This model learnt from generated data, and this cohort holds real patients.',
      );
      await expect(warning).toContainText('trained on “demo”, a generated (synthetic) cohort');
      const start = card.getByRole('button', { name: 'Start audit' });
      await expect(start).toBeDisabled();
      await card.getByRole('checkbox', { name: /I understand/ }).check();
      await expect(start).toBeEnabled();
      await keepScreenshot(page, testInfo, 'run-start-synthetic-on-real.png', card);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Go back to the settings' }).click();
      await expect(card).toHaveCount(0);
      expect(await callApi(app, 'runs.list', {})).toHaveLength(before.length);
    } finally {
      const cohort = (await callApi(app, 'cohorts.list', {})).find((c) => c.name === name);
      if (cohort) await callApi(app, 'cohorts.delete', { cohortId: cohort.id });
    }
    expect(consoleErrors).toEqual([]);
  });

  test('a running audit can be cancelled, keeps its results, and resumes from the runs list', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(240_000);
    await openRuns(page, app);
    await darkTheme(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Start an audit' }).click();
    await keepScreenshot(page, testInfo, 'run-start-dark.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Other fields mention the validation split too: the select is the one named Split.
    await page.getByRole('combobox', { name: /^Split/ }).selectOption('all');
    await page.getByLabel('Workers').fill('1');
    await page.getByRole('button', { name: 'Start audit' }).click();
    const progress = page.getByTestId('run-progress');
    await expect(progress).toContainText(/Auditing stays · [1-9][\d,]* of/, {
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Cancel' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'was cancelled after' });
    await expect(notice).toBeVisible({ timeout: 60_000 });
    const runId = Number(/Audit run (\d+)/.exec((await notice.textContent()) ?? '')![1]);
    const cancelled = await callApi(app, 'runs.get', { runId });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.doneStays).toBeGreaterThan(0);
    expect(cancelled.doneStays).toBeLessThan(cancelled.totalStays);
    // The page offers the resume itself; the CLI's command is the CLI's to name.
    await expect(notice.getByRole('button', { name: `Resume run ${runId}` })).toBeVisible();
    await expect(notice).not.toContainText('toe resume');

    await page.getByRole('link', { name: 'the runs list' }).click();
    const row = page.locator(`tr[data-run="${runId}"]`);
    await expect(row).toContainText('Cancelled');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, 'runs-cancelled-dark.png');
    await row.getByRole('button', { name: `Resume run ${runId}` }).click();
    await expect(row.getByRole('progressbar', { name: `Progress of run ${runId}` })).toBeVisible({
      timeout: 60_000,
    });
    await expect(row.getByRole('button', { name: `Cancel run ${runId}` })).toBeVisible();
    await keepScreenshot(page, testInfo, 'runs-resuming-dark.png');
    await expect(row).toContainText('Completed', { timeout: 180_000 });
    const resumed = await callApi(app, 'runs.get', { runId });
    expect(resumed).toMatchObject({ status: 'completed', doneStays: cancelled.totalStays });
    expect(resumed.resumedAt).not.toBeNull();
    await expect(page.getByText(`Run ${runId} finished`)).toBeVisible();

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([CANCELLED_409]);
  });
});
