import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { callApi, completedTestSplitRun } from './support/app-api';

/**
 * The method's notation and bare task codes, which no heading, column name or label of the
 * worklist may show: they belong in its "how this was computed" fold.
 */
const NOTATION = /p_full|\|E\||τ|λ|μ|S_max|N_ts|\bE\d\b(?! ·)/;

/** The verdict controls of the selected stay's panel, each of which must be on screen. */
function verdictControls(page: Page) {
  const review = page.getByRole('form', { name: 'Review' });
  return [
    review.getByRole('radio', { name: /Agree/ }),
    review.getByRole('radio', { name: /Disagree/ }),
    review.getByRole('radio', { name: /Discuss/ }),
    review.getByLabel('Comment'),
    review.getByRole('button', { name: 'Save review' }),
  ];
}

test.describe('Review worklist (browser over toe serve)', () => {
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
    await page.getByRole('link', { name: /^Review worklist \(/ }).click();
    await expect(page).toHaveURL(new RegExp(`#/runs/${run.id}/abstentions$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review worklist');
    await expect(page).toHaveTitle('Review worklist · ToE Audit');
    await expect(page.getByTestId('queue-count')).toContainText(
      `of ${flagged.total} stays queued for review`,
    );
    await expect(
      page.getByRole('link', { name: `Run ${run.id}: Review worklist` }),
    ).toHaveAttribute('aria-current', 'page');

    // Sorting by the risk the decision used: aria-sort follows, rows follow the core's order.
    const pFull = page.getByRole('columnheader', { name: /^Risk/ });
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
      'of 2 stays queued for review matching the filters',
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
    expect(records[0]).toMatch(
      /^stay_id,store_row_id,review_rank,review_score,flagged_for_review,status,exhaustion_reason,/,
    );
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

  for (const size of [
    { width: 1024, height: 768 },
    { width: 1440, height: 900 },
  ]) {
    test(`at ${size.width}×${size.height} every queued stay says why it is queued, with its verdict controls on screen`, async ({
      page,
      app,
      consoleErrors,
    }, testInfo) => {
      test.setTimeout(180_000);
      const run = await completedTestSplitRun(app);
      const queued = await callApi(app, 'abstentions.list', { runId: run.id, limit: 25 });
      expect(queued.rows.length, 'stays queued for review').toBeGreaterThan(2);
      await page.setViewportSize(size);
      await openApp(page, app);
      await page.goto(`${app.origin}/#/runs/${run.id}/abstentions`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review worklist');
      const panel = page.getByRole('complementary', { name: 'Selected stay' });
      const rows = page.locator('table.queue-table tbody tr');
      // Up to eight stays, the last one last: the panel must hold wherever the row sits.
      const picked = [...queued.rows.slice(0, 7), ...queued.rows.slice(7).slice(-1)];
      for (const row of picked) {
        await rows.and(page.locator(`[data-stay="${row.stayId}"]`)).click();
        await expect(
          panel.getByRole('heading', { level: 2, name: `Stay ${row.stayKey}` }),
        ).toBeInViewport();
        // One sentence why, in the policy's terms, and the question to judge.
        await expect(panel.getByTestId('queue-reason')).toHaveText(
          /^The model gives an? \S+ risk, .+\.$/,
        );
        await expect(panel.getByTestId('queue-reason')).toBeInViewport();
        await expect(panel.getByTestId('queue-question')).toContainText(
          row.predicted === 1 ? 'Is this alert warranted?' : 'Was a deterioration missed?',
        );
        await expect(panel.getByTestId('queue-decision')).toContainText(
          row.predicted === 1 ? 'alert · risk' : 'no alert · risk',
        );
        for (const control of verdictControls(page)) await expect(control).toBeInViewport();
      }
      // The raw score only in the fold that explains it.
      await expect(panel.getByTestId('queue-raw-score')).toBeHidden();
      await panel.getByText('How this was computed').click();
      await expect(panel.getByTestId('queue-raw-score')).toContainText(
        'the decision uses the calibrated risk',
      );
      await panel.getByText('How this was computed').click();

      await rows.first().click();
      await expect(panel.getByTestId('queue-reason')).toBeInViewport();
      const name = `worklist-${size.width}.png`;
      await keepScreenshot(page, testInfo, name);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('no heading, column name or label of the worklist shows the method’s notation or a bare task code', async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000);
    const run = await completedTestSplitRun(app);
    await openApp(page, app);
    // Every stay, with the search details open: all the columns and filters there are.
    await page.goto(`${app.origin}/#/runs/${run.id}/abstentions?scope=all&reason=converged`);
    await expect(page.getByRole('columnheader', { name: 'Queued' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /^Search/ })).toBeVisible();
    await expect(page.getByTestId('queue-reason')).toBeVisible();
    await expect(page.getByRole('form', { name: 'Review' })).toBeVisible();
    const names = await page
      .locator(
        'main :is(h1, h2, h3, h4, th, label, legend, caption, summary, dt, option, button, [aria-label])',
      )
      .evaluateAll((elements) =>
        elements
          // The "how this was computed" fold is where the notation belongs.
          .filter((e) => !e.closest('[data-testid="queue-method"] ul'))
          // A landmark's name is its aria-label, not the text of all it holds.
          .map((e) => (e.getAttribute('aria-label') ?? e.textContent ?? '').trim()),
      );
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((text) => NOTATION.test(text))).toEqual([]);
    await expect(page.getByTestId('queue-run')).toContainText('E1 · hospital mortality');
  });
});
