// The walk a QI reviewer takes through the app, written once and run by two specs: in
// Chromium over `toe serve` (test/e2e/walk.spec.ts) and in the desktop app over IPC
// (test/electron/walk.spec.ts). It moves only as a user does (sidebar, links, buttons),
// because the desktop window refuses navigation to typed URLs.
import type { Page } from '@playwright/test';
import { demoForm, expect, seriousA11yViolations } from '../fixtures';
import { ABSTENTION_POLICIES } from '../../../src/shared/abstention';

export interface WalkOptions {
  /** Saves the view's screenshot as an artifact under this name. */
  screenshot: (name: string) => Promise<void>;
  /** Clicks "Export PDF" and returns the bytes the user ends up with on disk. */
  savePdf: (exportButton: ReturnType<Page['getByRole']>) => Promise<Buffer>;
  /** The name the walk gives its demo cohort (unique per walk: the store is shared). */
  cohortName: string;
}

export interface WalkRecord {
  runId: number;
  stayId: number;
  pdf: Buffer;
}

/**
 * 600 stays, seed 7: the same cohort as the e2e seed (test/e2e/support/seed-store.ts), whose
 * test split has exhausted false positives to review.
 */
const WALK_STAYS = 600;

/** Counts page objects (/Type /Page, not /Pages) in an uncompressed-dictionary PDF. */
export function pdfPageCount(bytes: Buffer): number {
  return bytes.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

async function checkView(page: Page, options: WalkOptions, name: string): Promise<void> {
  await options.screenshot(`walk-${name}.png`);
  expect(await seriousA11yViolations(page), `axe on the ${name} view`).toEqual([]);
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Sections' });
}

/** Starts on the Cohorts view; ends with the PDF saved. */
export async function walkThroughAudit(page: Page, options: WalkOptions): Promise<WalkRecord> {
  const { cohortName } = options;

  // 1. A demo cohort, created from the Cohorts view.
  await expect(page.getByRole('heading', { level: 1, name: 'Cohorts' })).toBeVisible();
  await demoForm(page).getByLabel('Name').fill(cohortName);
  await demoForm(page).getByLabel('Stays').fill(String(WALK_STAYS));
  await demoForm(page).getByRole('button', { name: 'Create demo cohort' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: `Import summary: ${cohortName}` }),
  ).toBeVisible({ timeout: 120_000 });
  await checkView(page, options, 'cohorts');

  // 2. An audit of its test split, watched to the end.
  await sidebar(page).getByRole('link', { name: 'Audit runs' }).click();
  await page.getByRole('link', { name: 'Start an audit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Start an audit' })).toBeVisible();
  // The option reads as the form shows it: name, SYNTHETIC mark, size.
  await page
    .getByLabel('Cohort')
    .selectOption({ label: `${cohortName} (SYNTHETIC) · ${WALK_STAYS} stays` });
  // The team can review 5% of the stays; the validation split is audited first (the default).
  await page.getByLabel('Stays to review').fill('5%');
  await expect(page.getByTestId('budget-reads')).toHaveText(
    'Review the 5% of stays most likely wrong.',
  );
  await expect(
    page.getByRole('checkbox', { name: /Audit the validation split first/ }),
  ).toBeChecked();
  await page.getByLabel('Workers').fill('1');
  await page.getByRole('button', { name: 'Start audit' }).click();
  await expect(page.getByTestId('run-progress')).toBeVisible({ timeout: 60_000 });
  await checkView(page, options, 'run-progress');

  // 3. The dashboard opens by itself when the run completes, with the verdict on its queue.
  await expect(page.getByTestId('care-stays')).toBeVisible({ timeout: 240_000 });
  const runId = Number(/#\/runs\/(\d+)$/.exec(page.url())?.[1]);
  expect(runId, `a run's dashboard URL, not ${page.url()}`).toBeGreaterThan(0);
  const abstention = page.locator('#abstention');
  await expect(abstention.getByTestId('abstention-verdict')).toContainText('Verdict.', {
    timeout: 60_000,
  });
  await expect(abstention.getByTestId('review-budget')).toHaveText(
    'the 5% of stays most likely wrong',
  );
  await expect(abstention.getByTestId('policy-table-all').locator('tbody tr')).toHaveCount(
    ABSTENTION_POLICIES.length,
  );
  const sized = /(\d+) stays? queued for review of (\d+) audited/.exec(
    (await abstention.getByTestId('review-queue-size').textContent()) ?? '',
  );
  expect(sized, 'the queue size on the dashboard').not.toBeNull();
  const [queued, audited] = [Number(sized![1]), Number(sized![2])];
  expect(queued).toBeLessThanOrEqual(Math.floor(0.05 * audited));
  await checkView(page, options, 'dashboard');

  // 4. An exhausted false positive's trace, reviewed.
  await page
    .getByTestId('confusion-FP')
    .getByRole('link', { name: /Traces of false positives whose search ran out of steps/ })
    .click();
  await expect(page.getByTestId('stay-outcome')).toHaveText('FP · false positive');
  const stayId = Number(/stays\/(\d+)/.exec(page.url())?.[1]);
  const review = page.getByRole('form', { name: 'Review' });
  await review.getByRole('radio', { name: /Discuss/ }).check();
  await review.getByLabel('Comment').fill('Walk: bring to the QI meeting.');
  await review.getByRole('button', { name: 'Save review' }).click();
  await expect(review.getByTestId('review-saved')).toContainText('Saved: discuss');
  await checkView(page, options, 'trace');

  // 5. The review queue: the flagged stays, no more than the budget, reviewed one after the
  // other; the exhausted false positive reviewed above is under "every exhausted search".
  await sidebar(page)
    .getByRole('link', { name: `Run ${runId}: Review worklist` })
    .click();
  await expect(page.getByLabel(/Queued for review/)).toBeChecked();
  const rows = page.locator('table.queue-table tbody tr');
  await expect(rows).toHaveCount(queued);
  await expect(page.getByTestId('queue-size')).toHaveText(
    `${queued} ${queued === 1 ? 'stay' : 'stays'} queued for review`,
  );
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  // A verdict from the review panel moves the selection on to the next stay (the stay reviewed
  // from its trace above is left as it is, wherever it ranks).
  const ids = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-stay')));
  const at = ids.findIndex((id) => id !== String(stayId));
  await rows.nth(at).click();
  const queueReview = page.getByRole('form', { name: 'Review' });
  await queueReview.getByRole('radio', { name: /Agree/ }).check();
  await queueReview.getByRole('button', { name: 'Save review' }).click();
  await expect(rows.nth(at).getByTestId('queue-review')).toHaveText('agree');
  if (at + 1 < queued) await expect(rows.nth(at + 1)).toHaveAttribute('aria-current', 'true');
  await checkView(page, options, 'abstention-queue');
  await page.getByLabel(/Every search that ran out of steps/).check();
  await page.getByLabel('Outcome').selectOption('FP');
  await page.getByLabel('Review state').selectOption('reviewed');
  await expect(page.locator(`tr[data-stay="${stayId}"]`).getByTestId('queue-review')).toHaveText(
    'discuss',
  );

  // 6. The bias audit.
  await sidebar(page)
    .getByRole('link', { name: `Run ${runId}: Bias audit` })
    .click();
  await expect(page.getByTestId('bias-comparisons')).toContainText('comparisons tested', {
    timeout: 120_000,
  });
  await checkView(page, options, 'bias');

  // 7. The PDF report: previewed, then saved.
  await sidebar(page)
    .getByRole('link', { name: `Run ${runId}: Report` })
    .click();
  await expect(page.getByTestId('report-preview')).toBeVisible({ timeout: 180_000 });
  await checkView(page, options, 'report');
  const pdf = await options.savePdf(page.getByRole('button', { name: 'Export PDF' }));
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const pages = pdfPageCount(pdf);
  expect(pages).toBeGreaterThan(5);
  const exported = page.getByTestId('report-exported');
  await expect(exported).toContainText(`Exported the report: ${pages} pages.`);
  await expect(exported).toContainText(`toe-audit-run-${runId}.pdf`);
  return { runId, stayId, pdf };
}
