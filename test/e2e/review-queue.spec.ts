// Abstention a QI team can size and defend (issue 12), in Chromium over `toe serve`: the start
// form sets the decision, the review policy and budget; the dashboard says whether the policy
// beats the model's own confidence; the queue holds the flagged stays, most likely wrong
// first, keeps its scope and filters in the URL, and moves on after each verdict.
import type { Page } from '@playwright/test';
import type { AbstentionAnalysis } from '../../src/shared/abstention';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { callApi } from './support/app-api';

const BUDGET_SHARE = 0.05;

/** The run the first test starts from the form; the others read it. */
let runId = 0;

test.describe.configure({ mode: 'serial' });

async function analysisOf(app: Parameters<typeof callApi>[0]): Promise<AbstentionAnalysis> {
  return callApi(app, 'runs.abstention', { runId, seed: 7 });
}

/** "4 stays queued for review", as the page writes a queue's size. */
const queueText = (n: number) => `${n} ${n === 1 ? 'stay' : 'stays'} queued for review`;
/** "4 stays queued for review", as the review worklist writes it. */
const queuedText = (n: number) => `${n} ${n === 1 ? 'stay' : 'stays'} queued for review`;

async function openDashboard(page: Page, app: Parameters<typeof callApi>[0]): Promise<void> {
  await openApp(page, app);
  await page.goto(`${app.origin}/#/runs/${runId}`);
  await expect(page.getByTestId('abstention-verdict')).toBeVisible({ timeout: 60_000 });
}

test.describe('Abstention and review (browser over toe serve)', () => {
  test('the start form sets a policy and a 5% budget, and the dashboard proves the queue against confidence', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(300_000);
    await openApp(page, app);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Audit runs' })
      .click();
    await page.getByRole('link', { name: 'Start an audit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Start an audit' })).toBeVisible();
    const runsBefore = (await callApi(app, 'runs.list', {})).length;

    // The defaults: calibrated, the model's own error estimate, 10%, validation audited first.
    await expect(page.getByRole('radio', { name: /^Calibrated/ })).toBeChecked();
    await expect(page.getByLabel('Abstention policy')).toHaveValue('error-probability');
    const budget = page.getByLabel('Stays to review');
    await expect(budget).toHaveValue('10%');
    await expect(page.getByTestId('budget-reads')).toHaveText(
      'Review the 10% of stays most likely wrong.',
    );
    const validation = page.getByRole('checkbox', { name: /Audit the validation split first/ });
    await expect(validation).toBeChecked();
    // A calibrated decision brings its own threshold.
    await expect(page.getByLabel('Decision threshold')).toBeDisabled();

    // Budgets that are not budgets, refused in plain words before anything starts.
    await budget.fill('ten');
    await budget.press('Tab');
    const sizeError = page.locator('#start-size-error');
    await expect(sizeError).toHaveText(
      'Type a share such as 10% or a whole number of stays such as 25 (you typed “ten”).',
    );
    await expect(budget).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Start audit' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'review budget' })).toContainText(
      'The review budget is not valid yet',
    );
    await budget.fill('150%');
    await expect(sizeError).toHaveText(
      'A share of stays must be above 0% and at most 100% (you typed 150%).',
    );
    await page.getByRole('radio', { name: /As few stays as keep the error/ }).check();
    await page.getByLabel('Maximum error α').fill('2');
    await expect(page.locator('#start-alpha-error')).toHaveText(
      'The maximum error α must be above 0 and below 1 (you typed 2).',
    );
    await page.getByLabel('Maximum error α').fill('0.1');
    await expect(page.getByTestId('budget-reads')).toHaveText(
      'Review error ≤ 0.1 among accepted predictions, with probability ≥ 0.9.',
    );
    await page.getByRole('radio', { name: /The stays most likely wrong/ }).check();
    expect(await callApi(app, 'runs.list', {})).toHaveLength(runsBefore);

    // A policy fitted on validation, without the validation audit: said before the run starts.
    await page.getByLabel('Abstention policy').selectOption('learned');
    await validation.uncheck();
    await expect(page.getByTestId('validation-warning')).toContainText(
      'this run would have no review queue',
    );
    await validation.check();
    await expect(page.getByTestId('validation-warning')).toHaveCount(0);

    // Searches stop where they explain the decision unless asked to go on; toe-tuned, which
    // replays the path past that point, asks for it and cannot be left without it.
    const searchToLimit = page.getByRole('checkbox', { name: /Search on to the step limit/ });
    await expect(searchToLimit).not.toBeChecked();
    await expect(searchToLimit).toBeEnabled();
    await page.getByLabel('Abstention policy').selectOption('toe-tuned');
    await expect(searchToLimit).toBeChecked();
    await expect(searchToLimit).toBeDisabled();
    await page.getByLabel('Abstention policy').selectOption('learned');
    await expect(searchToLimit).not.toBeChecked();

    await budget.fill('5%');
    await expect(page.getByTestId('budget-reads')).toHaveText(
      'Review the 5% of stays most likely wrong.',
    );
    await page.getByLabel('Workers').fill('1');
    await keepScreenshot(page, testInfo, 'run-start-review.png', page.locator('form.run-form'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start audit' }).click();
    await expect(page.getByTestId('run-live-title')).toContainText('Auditing', { timeout: 60_000 });

    // The dashboard opens when the test split is done (after its validation split).
    await page.waitForURL(/#\/runs\/\d+$/, { timeout: 240_000 });
    runId = Number(/#\/runs\/(\d+)$/.exec(page.url())![1]);
    const run = await callApi(app, 'runs.get', { runId });
    expect(run).toMatchObject({
      status: 'completed',
      spec: {
        split: 'test',
        decision: { mode: 'calibrated' },
        abstention: { policy: 'learned', budget: { kind: 'share', share: BUDGET_SHARE } },
      },
    });
    expect(run.spec.abstention?.validationRunId).toBeGreaterThan(0);

    const analysis = await analysisOf(app);
    const section = page.locator('#abstention');
    await expect(section.getByTestId('abstention-verdict')).toHaveText(
      `Verdict. ${analysis.verdict}`,
      { timeout: 60_000 },
    );
    await expect(section.getByTestId('run-decision')).toContainText('Calibrated.');
    await expect(section.getByTestId('review-policy')).toContainText('learned');
    // The learned policy needs no path past convergence, so none was recorded.
    await expect(section.getByTestId('search-extent')).toContainText(
      'each stopped where it converged, so toe-tuned is unavailable',
    );
    await expect(section.getByTestId('review-budget')).toHaveText(
      'the 5% of stays most likely wrong',
    );
    // The queue holds no more than the budget.
    expect(analysis.queueSize).toBeLessThanOrEqual(Math.floor(BUDGET_SHARE * run.doneStays));
    expect(analysis.queueSize).toBeGreaterThan(1);
    await expect(section.getByTestId('review-queue-size')).toContainText(
      `${queueText(analysis.queueSize)} of ${run.doneStays} audited`,
    );

    // Every policy, with its figures at the budget; the run's own marked.
    const table = section.getByTestId('policy-table-all');
    await expect(table.locator('tbody tr')).toHaveCount(analysis.policies.length);
    for (const p of analysis.policies) {
      const row = table.locator(`tr[data-policy="${p.policy}"]`);
      if (p.unavailable === null && p.all) {
        await expect(row).toContainText(`${p.all.flagged} of ${p.all.stays}`);
        await expect(row).toContainText(`${p.all.errorsFlagged} of ${p.all.errors}`);
      } else {
        await expect(row).toContainText('Unavailable');
      }
    }
    await expect(table.locator('tr[data-policy="learned"]')).toContainText('this run');
    await expect(table.locator('tr[data-policy="error-probability"]')).toContainText(
      'the reference',
    );
    await expect(section.getByTestId('policy-table-reachable').locator('tbody tr')).toHaveCount(
      analysis.policies.length,
    );
    await expect(section.getByTestId('trace-feature-test')).toContainText(
      'Likelihood-ratio test of the trace features',
    );
    // Every warning is shown as one.
    const warnings = section.getByTestId('abstention-warnings');
    if (analysis.warnings.length > 0) {
      await expect(warnings).toHaveAttribute('role', 'alert');
      await expect(warnings.locator('li')).toHaveCount(analysis.warnings.length);
    } else {
      await expect(warnings).toHaveCount(0);
    }
    // The risk–coverage figure: caption, accessible name, its numbers as a table.
    const figure = section.locator('figure');
    await expect(figure).toHaveCount(1);
    await expect(figure.locator('figcaption')).toContainText(
      'Error among accepted stays, by review policy',
    );
    await expect(figure.getByRole('img')).toHaveAttribute('aria-label', /learned AURC \d/);
    await expect(figure.locator('table tbody tr')).toHaveCount(
      analysis.policies.filter((p) => p.riskCoverage.length > 0).length,
    );
    await keepScreenshot(page, testInfo, 'dashboard-abstention.png', section);
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the queue opens on the flagged stays, moves on after each verdict and keeps its scope in the URL', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    expect(runId, 'the run the first test started').toBeGreaterThan(0);
    const analysis = await analysisOf(app);
    await openDashboard(page, app);
    await page
      .getByRole('link', { name: `Review worklist (${queueText(analysis.queueSize)})` })
      .click();
    await expect(page).toHaveURL(new RegExp(`#/runs/${runId}/abstentions$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review worklist');
    await expect(page.getByTestId('queue-run')).toContainText('E1 · hospital mortality');
    await expect(page.getByTestId('queue-policy')).toContainText('policy “learned”');
    await expect(page.getByTestId('queue-policy')).toContainText(
      'budget: the 5% of stays most likely wrong',
    );
    await expect(page.getByTestId('queue-size')).toHaveText(queuedText(analysis.queueSize));

    // Flagged stays only, most likely wrong first.
    const listed = await callApi(app, 'abstentions.list', { runId });
    expect(listed.total).toBe(analysis.queueSize);
    expect(listed.rows.every((r) => r.flagged)).toBe(true);
    await expect(page.getByLabel(/Queued for review/)).toBeChecked();
    await expect(page.getByTestId('queue-count')).toHaveText(
      `1–${listed.total} of ${listed.total} stays queued for review`,
    );
    const rows = page.locator('table.queue-table tbody tr');
    await expect(rows).toHaveCount(listed.total);
    await expect(page.getByTestId('queue-rank')).toHaveText(listed.rows.map((r) => String(r.rank)));
    await expect(page.getByTestId('queue-rank')).toHaveText(
      listed.rows.map((_, i) => String(i + 1)),
    );
    await expect(rows.first()).toHaveAttribute('aria-current', 'true');

    // The review panel shows the selected stay's evidence; a verdict moves to the next stay.
    const first = listed.rows[0]!;
    const second = listed.rows[1]!;
    const panel = page.getByRole('complementary', { name: 'Selected stay' });
    await expect(
      panel.getByRole('heading', { level: 2, name: `Stay ${first.stayKey}` }),
    ).toBeVisible();
    await expect(panel.getByTestId('queue-stay-rank')).toContainText(
      `Rank 1 of ${listed.total} · queued for review`,
    );
    // Why it is queued, in the learned policy's terms, and what to judge.
    await expect(panel.getByTestId('queue-reason')).toContainText(
      'a model of wrong decisions, fitted on the validation split',
    );
    await expect(panel.getByTestId('queue-question')).toContainText(
      first.predicted === 1 ? 'Is this alert warranted?' : 'Was a deterioration missed?',
    );
    await expect(panel.getByRole('term').filter({ hasText: /^Evidence$/ })).toBeVisible();
    await expect(panel.locator('figure').getByRole('img')).toHaveAttribute('aria-label', /\w+/);
    await keepScreenshot(page, testInfo, 'review-queue.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    const review = page.getByRole('form', { name: 'Review' });
    await review.getByRole('radio', { name: /Agree/ }).check();
    await review.getByLabel('Comment').fill('Queue: the alert deserved a second look.');
    await review.getByRole('button', { name: 'Save review' }).click();
    await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(rows.first().getByTestId('queue-review')).toHaveText('agree');
    await expect(page.getByTestId('queue-saved')).toHaveText(
      `Saved “agree” for stay ${first.stayKey}; now stay ${second.stayKey}.`,
    );
    await expect(
      panel.getByRole('heading', { level: 2, name: `Stay ${second.stayKey}` }),
    ).toBeVisible();
    await keepScreenshot(page, testInfo, 'review-queue-after-verdict.png');

    // The keyboard does the same: d records "disagree" and moves on.
    await page.getByTestId('abstention-queue').focus();
    await page.keyboard.press('d');
    await expect(rows.nth(1).getByTestId('queue-review')).toHaveText('disagree');
    if (listed.total > 2) await expect(rows.nth(2)).toHaveAttribute('aria-current', 'true');
    expect(
      (await callApi(app, 'reviews.get', { runId, stayId: first.stayId })).review,
    ).toMatchObject({ verdict: 'agree', comment: 'Queue: the alert deserved a second look.' });
    expect(
      (await callApi(app, 'reviews.get', { runId, stayId: second.stayId })).review?.verdict,
    ).toBe('disagree');

    // Scope and filters live in the URL: a reload and the back button keep them.
    const exhausted = await callApi(app, 'abstentions.list', {
      runId,
      scope: 'exhausted',
      filter: { reasons: ['unreachable'] },
    });
    expect(exhausted.total, 'exhausted searches that were unreachable').toBeGreaterThan(0);
    await page.getByLabel(/Every search that ran out of steps/).check();
    await expect(page).toHaveURL(/\?scope=exhausted$/);
    await expect(page.getByRole('columnheader', { name: 'Queued' })).toBeVisible();
    // How the search ended is a search detail: its filter and columns open on request.
    await expect(page.getByRole('columnheader', { name: /^Search/ })).toHaveCount(0);
    await page.getByTestId('search-details').getByText('Search details').click();
    await expect(page.getByRole('columnheader', { name: /^Search/ })).toBeVisible();
    await page.getByLabel('How the search ended').selectOption('unreachable');
    await expect(page).toHaveURL(/\?scope=exhausted&reason=unreachable$/);
    const count = `of ${exhausted.total} stays whose search ran out of steps matching the filters`;
    await expect(page.getByTestId('queue-count')).toContainText(count);
    await page.reload();
    await expect(page.getByLabel(/Every search that ran out of steps/)).toBeChecked();
    await expect(page.getByLabel('How the search ended')).toHaveValue('unreachable');
    await expect(page.getByTestId('queue-count')).toContainText(count);
    await page.getByTestId('abstention-queue').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`#/runs/${runId}/stays/${exhausted.rows[0]!.stayId}\\?status=exhausted$`),
    );
    await page.goBack();
    await expect(page).toHaveURL(/\?scope=exhausted&reason=unreachable$/);
    await expect(page.getByTestId('queue-count')).toContainText(count);
    await expect(page.getByLabel(/Every search that ran out of steps/)).toBeChecked();

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a reviewer re-sizes the queue from the dashboard, and the runs list shows it with its warnings', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(120_000);
    expect(runId, 'the run the first test started').toBeGreaterThan(0);
    await openDashboard(page, app);
    const section = page.locator('#abstention');
    await section.getByRole('button', { name: 'Change policy or budget' }).click();
    const form = section.getByRole('form', { name: 'Change the review policy or budget' });
    await form.getByLabel('Abstention policy').selectOption('confidence');
    await form.getByLabel('Stays to review').fill('2.5');
    await form.getByRole('button', { name: 'Apply to this run' }).click();
    await expect(form.locator('#change-size-error')).toContainText('whole number of stays');
    await form.getByLabel('Stays to review').fill('3');
    await expect(form.getByTestId('budget-reads')).toHaveText(
      'Review the 3 stays most likely wrong.',
    );
    await form.getByRole('button', { name: 'Apply to this run' }).click();
    await expect(section.getByTestId('review-budget')).toHaveText('the 3 stays most likely wrong');
    await expect(section.getByTestId('review-policy')).toContainText('confidence');
    await expect(section.getByTestId('review-queue-size')).toContainText(queueText(3));
    await expect(
      section.getByTestId('policy-table-all').locator('tr[data-policy="confidence"]'),
    ).toContainText('this run');
    const run = await callApi(app, 'runs.get', { runId });
    expect(run.spec.abstention).toMatchObject({
      policy: 'confidence',
      budget: { kind: 'stays', count: 3 },
    });
    const analysis = await analysisOf(app);
    expect(analysis.queueSize).toBe(3);
    await expect(section.getByTestId('abstention-verdict')).toHaveText(
      `Verdict. ${analysis.verdict}`,
    );
    await expect(
      page.getByRole('link', { name: `Review worklist (${queueText(3)})` }),
    ).toBeVisible();

    // The runs list: each run's policy and budget, and a marker when its figures warn.
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Audit runs' })
      .click();
    const cell = page.getByTestId(`run-review-${runId}`);
    await expect(cell).toContainText('confidence · 3 stays');
    await expect(cell).toContainText('queue: 3 stays');
    const marker = cell.getByTestId('run-warning');
    if (analysis.warnings.length > 0) {
      const n = analysis.warnings.length;
      await expect(marker).toHaveText(`⚠ ${n} ${n === 1 ? 'warning' : 'warnings'}`);
      await expect(marker).toHaveAttribute('aria-label', new RegExp(`^${n} warning`));
    } else {
      await expect(marker).toHaveCount(0);
    }
    await expect(page.getByText('checking its figures…')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'runs-review.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
