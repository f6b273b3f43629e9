import { readFileSync } from 'node:fs';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

test.describe('Abstention queue (browser over toe serve)', () => {
  test('sorts, filters, reviews from the keyboard moving on after each verdict, opens a trace and exports the CSV', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = await completedTestSplitRun(app);
    const flagged = await callApi(app, 'abstentions.list', { runId: run.id, limit: 5000 });
    expect(flagged.total, 'stays flagged for review in the seeded run').toBeGreaterThan(2);
    // Other specs may have left reviews: start from an unreviewed run.
    const all = await callApi(app, 'abstentions.list', {
      runId: run.id,
      scope: 'all',
      limit: 5000,
    });
    for (const row of all.rows.filter((r) => r.review)) {
      await callApi(app, 'reviews.clear', { runId: run.id, stayId: row.stayId });
    }

    await openApp(page, app);
    await page.goto(`${app.origin}/#/runs/${run.id}`);
    await page.getByRole('link', { name: /^Abstention queue \(/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/runs/${run.id}/abstentions$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Abstention queue');
    await expect(page.getByTestId('queue-count')).toContainText(
      `of ${flagged.total} stays flagged for review`,
    );
    await expect(
      page.getByRole('link', { name: `Run ${run.id}: Abstention queue` }),
    ).toHaveAttribute('aria-current', 'page');

    // Sorting by p_full: aria-sort follows, rows follow the core's order.
    const pFull = page.getByRole('columnheader', { name: /p_full/ });
    await pFull.getByRole('button').click();
    await expect(pFull).toHaveAttribute('aria-sort', 'ascending');
    await pFull.getByRole('button').click();
    await expect(pFull).toHaveAttribute('aria-sort', 'descending');
    const byPFull = await callApi(app, 'abstentions.list', {
      runId: run.id,
      sort: { key: 'pFull', direction: 'desc' },
      limit: 25,
    });
    const rows = page.locator('table.queue-table tbody tr');
    await expect(rows.first()).toHaveAttribute('data-stay', String(byPFull.rows[0]!.stayId));

    // Keyboard review: j moves down, d records "disagree" and moves on, k and ↑ move back, a
    // records "agree" and moves on again.
    const queue = page.getByTestId('abstention-queue');
    await queue.focus();
    await page.keyboard.press('j');
    const second = byPFull.rows[1]!;
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('d');
    await expect(rows.nth(1).getByTestId('queue-review')).toHaveText('disagree');
    await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('k');
    await page.keyboard.press('ArrowUp');
    await expect(rows.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('a');
    await expect(rows.nth(0).getByTestId('queue-review')).toHaveText('agree');
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    expect(
      (await callApi(app, 'reviews.get', { runId: run.id, stayId: second.stayId })).review,
    ).toMatchObject({ verdict: 'disagree' });

    // The review panel of the selection: a comment saved there shows in the queue.
    await rows.nth(1).click();
    const review = page.getByRole('form', { name: 'Review' });
    await expect(review.getByRole('radio', { name: /Disagree/ })).toBeChecked();
    await review.getByLabel('Comment').fill('Lab artefact drove the alert.');
    await review.getByRole('radio', { name: /Discuss/ }).check();
    await review.getByRole('button', { name: 'Save review' }).click();
    await expect(rows.nth(1).getByTestId('queue-review')).toHaveText('discuss');
    await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');

    // Filters: reviewed only.
    await page.getByLabel('Review state').selectOption('reviewed');
    await expect(page).toHaveURL(/\?sort=pFull&dir=desc&reviewed=reviewed$/);
    await expect(page.getByTestId('queue-count')).toContainText(
      'of 2 stays flagged for review matching the filters',
    );
    await keepScreenshot(page, testInfo, 'abstention-queue-light.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Export CSV: the filtered queue, header first.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`run-${run.id}-abstentions.csv`);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const records = csv.trimEnd().split('\r\n');
    expect(records[0]).toMatch(/^stay_id,stay_key,rank,review_score,flagged,reason,/);
    expect(records).toHaveLength(3);
    expect(csv).toContain('Lab artefact drove the alert.');

    // Enter opens the selected stay's trace; back returns to the queue as it was.
    await page.getByLabel('Review state').selectOption('');
    await expect(page).toHaveURL(/\?sort=pFull&dir=desc$/);
    await queue.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`#/runs/${run.id}/stays/\\d+$`));
    await page.goBack();
    await expect(pFull).toHaveAttribute('aria-sort', 'descending');

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
