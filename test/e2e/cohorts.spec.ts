import {
  demoForm,
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { cohortNames, readCohort } from './support/store-snapshot';

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const share = (n: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(n);

test.describe('Cohorts view (browser over toe serve)', () => {
  test("lists the demo cohort and shows its import summary with the store's numbers", async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    const cohort = readCohort(app.dbPath, app.cohortName);
    const report = cohort.report;
    if (!report) throw new Error('the seeded cohort has no import summary');

    await openApp(page, app);
    // The token leaves the address bar at once (it stays in sessionStorage for this tab).
    await expect(page).toHaveURL(/#\/cohorts$/);
    expect(page.url()).not.toContain(app.token);
    // With none chosen, the first cohort's report is shown without moving the address, so the
    // list arriving late can never overrule a navigation the user started meanwhile.
    await expect(
      page.getByRole('heading', { level: 2, name: `Import summary: ${app.cohortName}` }),
    ).toBeVisible();

    const row = page.locator(`tr[data-cohort="${app.cohortName}"]`);
    await expect(row.getByRole('link', { name: app.cohortName, exact: true })).toBeVisible();
    await expect(row).toContainText('SYNTHETIC');
    await expect(row.getByRole('cell').nth(1)).toHaveText(count(cohort.stays));
    await expect(row.getByRole('cell').nth(2)).toHaveText(count(cohort.splits.train));
    await expect(row.getByRole('cell').nth(4)).toHaveText(count(cohort.splits.test));

    await row.getByRole('link', { name: app.cohortName, exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `Import summary: ${app.cohortName}` }),
    ).toBeVisible();
    await expect(page.getByTestId('stays-seen')).toHaveText(count(report.staysSeen));
    await expect(page.getByTestId('stays-included')).toHaveText(count(report.staysIncluded));
    await expect(page.getByTestId('stays-excluded')).toHaveText(
      count(report.staysSeen - report.staysIncluded),
    );
    await expect(page.getByTestId('values-dropped')).toHaveText(
      count(report.valuesDroppedImplausible),
    );
    await expect(page.getByTestId('without-notes')).toContainText(count(report.staysWithoutNotes));
    await expect(page.getByTestId('without-cxr')).toContainText(count(report.staysWithoutCxr));
    await expect(page.getByTestId('without-ecg')).toContainText(count(report.staysWithoutEcg));
    for (const task of report.tasks) {
      const taskRow = page.locator(`tr[data-task="${task.task}"]`);
      await expect(taskRow.locator('[data-col="positives"]')).toHaveText(count(task.positives));
      await expect(taskRow.locator('[data-col="stays"]')).toHaveText(count(task.stays));
      await expect(taskRow.locator('[data-col="prevalence"]')).toHaveText(
        share(task.positives / task.stays),
      );
    }
    await expect(page.locator('tr[data-variable]')).toHaveCount(report.coverage.length);
    for (const variable of report.coverage) {
      const cells = page.locator(`tr[data-variable="${variable.variable}"] td`);
      await expect(cells.nth(0)).toContainText(share(variable.stayCoverage));
      await expect(cells.nth(2)).toHaveText(count(variable.values));
      await expect(cells.nth(3)).toHaveText(count(variable.droppedImplausible));
    }
    for (const exclusion of report.exclusions) {
      await expect(page.getByRole('row', { name: exclusion.reason })).toContainText(
        count(exclusion.stays),
      );
    }

    await keepScreenshot(page, testInfo, 'cohorts-light.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await keepScreenshot(page, testInfo, 'cohorts-dark.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a demo cohort job shows progress with an ETA and can be cancelled, leaving the store unchanged', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    const before = cohortNames(app.dbPath);
    await openApp(page, app);
    await demoForm(page).getByLabel('Name').fill('big-cancelled');
    await demoForm(page).getByLabel('Stays').fill('100000');
    await demoForm(page).getByRole('button', { name: 'Create demo cohort' }).click();

    const progress = page.getByRole('progressbar', { name: 'Creating demo cohort big-cancelled' });
    await expect(progress).toBeVisible();
    await expect(
      page.getByText(
        /generating stays · [\d,]+ of 100,000 · (about [\d.]+ (s|min|h)|a few seconds) left/,
      ),
    ).toBeVisible();
    await keepScreenshot(page, testInfo, 'cohorts-job-progress.png');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Cancelled: nothing was added to the store.')).toBeVisible();
    await expect(progress).toBeHidden();
    expect(cohortNames(app.dbPath)).toEqual(before);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    // The cancelled call answers 409 by design, and Chromium logs every non-2xx fetch.
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 409 (Conflict)',
    ]);
  });

  test('a small demo cohort job finishes and its report opens', async ({
    page,
    app,
    consoleErrors,
  }) => {
    await openApp(page, app);
    await demoForm(page).getByLabel('Name').fill('small-demo');
    await demoForm(page).getByLabel('Stays').fill('50');
    await demoForm(page).getByRole('button', { name: 'Create demo cohort' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Import summary: small-demo' }),
    ).toBeVisible();
    await expect(page.getByTestId('stays-included')).toHaveText('50');
    await expect(page.locator('tr[data-cohort="small-demo"]')).toBeVisible();
    // Generated, not imported: the PHI panel says so, not that the guard came later.
    const phi = page.getByTestId('phi-screening');
    await expect(phi).toContainText('the app generated this cohort, it was not imported');
    await expect(phi).toContainText("hold no patient's text");
    await expect(phi).not.toContainText('imported before');
    expect(consoleErrors).toEqual([]);
  });

  test('a cohort list that arrives late does not pull the user back from where they went', async ({
    page,
    app,
  }) => {
    // The list is held, and the runs view's code too, so the list lands while the user's
    // navigation to the runs view is still under way: the race a slow store makes.
    let releaseList!: () => void;
    let releaseView!: () => void;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    const viewHeld = new Promise<void>((resolve) => (releaseView = resolve));
    await page.route('**/api/call/cohorts.list', async (route) => {
      await listHeld;
      await route.continue();
    });
    await page.route(/\/assets\/RunsView-[^/]*\.js$/, async (route) => {
      await viewHeld;
      await route.continue();
    });
    await page.goto(`${app.origin}/#/?token=${app.token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Cohorts' })).toBeVisible();

    const viewAsked = page.waitForRequest(/\/assets\/RunsView-[^/]*\.js$/);
    await page.goto(`${app.origin}/#/runs`);
    await viewAsked;
    const listed = page.waitForResponse('**/api/call/cohorts.list');
    releaseList();
    await listed;
    // The list has been shown to the still-mounted Cohorts view; now the runs view may load.
    await expect(page.locator('tr[data-cohort]').first()).toBeAttached();
    releaseView();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit runs' })).toBeVisible();
    await expect(page).toHaveURL(/#\/runs$/);
  });

  test('without the token the page says how to get in', async ({ page, app }) => {
    await page.goto(`${app.origin}/`);
    await expect(page.getByRole('alert').first()).toContainText(
      'Open the full link printed by `toe serve`',
    );
  });
});
