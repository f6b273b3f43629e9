import type { Page, TestInfo } from '@playwright/test';
import type { RunSummary, StayAuditDetail } from '../../src/shared/audit';
import {
  evidenceSentence,
  leaderTies,
  reportedStep,
  stepsText,
} from '../../src/shared/evidence-reading';
import { hourReadingsText } from '../../src/shared/hour-readings';
import { percentText } from '../../src/shared/review-reason';
import { unchartedHours, type StayDetail, type StayLink } from '../../src/shared/stay-detail';
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

/** The clock time `hours` after t0, as the page writes it (the project's time zone is UTC). */
const clockAt = (t0: string, hours: number) =>
  new Date(Date.parse(t0) + hours * 3_600_000).toISOString().slice(11, 16);

/** The whole page, however long, saved with the test's results (never committed). */
async function keepFullPage(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * What issue 13 asks the trace to show a clinician: the plain sentence, clock hours beside
 * the evidence units, a flowsheet row per variable with its unit and normal range, the
 * search's path one leading set per step (the whole beam on request), and a caveat wherever
 * an evidence hour is empty, the leader ties or the score peaked before the reported step.
 */
async function expectReadableTrace(
  page: Page,
  run: RunSummary,
  audit: StayAuditDetail,
  stay: StayDetail,
): Promise<void> {
  const calibrated = run.spec.decision?.mode === 'calibrated';
  const sentence = evidenceSentence(
    audit,
    { threshold: run.spec.params.threshold, calibrated },
    stay.windows,
  );
  await expect(page.getByTestId('evidence-sentence')).toHaveText(sentence);
  expect(sentence).toMatch(/(sufficient|necessary)\.$/);

  const firstWindow = audit.evidence.find((u) => u < stay.windows);
  const evidence = page.getByTestId('stay-evidence');
  // A run of consecutive windows is named once: "W1–W2 (hours 1–2, 02:21–04:21)".
  if (firstWindow !== undefined)
    await expect(evidence).toContainText(
      new RegExp(`hours? ${firstWindow + 1}(–\\d+)?, ${clockAt(stay.t0, firstWindow)}–`),
    );
  const firstNote = stay.notes.find((n) => n.unit !== null && audit.evidence.includes(n.unit));
  if (firstNote?.charttime)
    await expect(evidence).toContainText(`charted ${firstNote.charttime.slice(11, 16)}`);

  // The flowsheet: clock times under the hour ids, one row per charted variable with its
  // unit and normal range, flags where a value left it.
  const flowsheet = page.getByRole('region', { name: /Flowsheet/ });
  await expect(flowsheet.locator('th[data-hour="1"]')).toContainText(clockAt(stay.t0, 0));
  const heartRate = flowsheet.locator('tr[data-variable="heart_rate"]');
  await expect(heartRate.getByRole('rowheader')).toHaveText(/Heart rate\s+bpm/);
  await expect(heartRate.getByTestId('normal-range')).toHaveText('60–100');
  const charted = stay.variables.filter((v) => v.mean.some((x) => x !== null));
  await expect(flowsheet.locator('tbody tr[data-variable]')).toHaveCount(charted.length);
  await expect(page.locator('li[data-variable="heart_rate"] canvas')).toHaveAttribute(
    'aria-label',
    /^Heart rate \(bpm\) hour by hour, normal range 60–100 bpm/,
  );

  // Issue 15: the trace opens on the vital signs, the flowsheet reads in concept sections, and
  // every evidence hour says what was charted in it.
  const firstVital = charted.find((v) => v.concept.group === 'vital signs');
  await expect(page.locator('ul.strips > li').first()).toHaveAttribute(
    'data-variable',
    firstVital!.name,
  );
  await expect(flowsheet.locator('tbody[data-section]').first()).toHaveAttribute(
    'data-section',
    'vital signs',
  );
  // Issue 25: the banner in words, each evidence hour with its values, the whole flowsheet
  // reachable with its names in view, the review form one link away, no notation outside the
  // "how this was computed" folds. An exhausted search shows its best-scoring set.
  const banner = page.getByTestId('patient-banner');
  await expect(banner.locator('[data-fact="age"] dd')).toHaveText(/years|not recorded/);
  await expect(banner.locator('[data-fact="sex"] dd')).toHaveText(/Female|Male|not recorded/);
  await expect(banner.locator('[data-fact="unit"] dt')).toHaveText('Care unit');
  await expect(banner.locator('[data-fact="risk"] dd')).toContainText(
    `${percentText(audit.pFull)} · alert at ${percentText(run.spec.params.threshold)}`,
  );
  await expect(banner.locator('[data-fact="alert"] dd')).toHaveText(
    audit.yFull === 1 ? 'alert raised' : 'no alert',
  );
  const steps = reportedStep(audit);
  const shown = audit.status === 'exhausted' && steps ? steps.peak.state.units : audit.evidence;
  const shownWindows = shown.filter((u) => u < stay.windows).sort((a, b) => a - b);
  const hours = page.getByTestId('evidence-hours').getByRole('listitem');
  await expect(hours).toHaveCount(shownWindows.length);
  for (const [i, t] of shownWindows.entries()) {
    await expect(hours.nth(i)).toHaveAttribute('data-hour', String(t + 1));
    await expect(hours.nth(i)).toContainText(hourReadingsText(stay.variables, t));
  }
  if (shownWindows.some((t) => /[↑↓]/.test(hourReadingsText(stay.variables, t))))
    await expect(page.getByTestId('evidence-hours')).toContainText(/\d \S+ [↑↓]/);
  const shownNotes = stay.notes.filter((n) => n.unit !== null && shown.includes(n.unit));
  await expect(page.getByTestId('evidence-notes').getByRole('listitem')).toHaveCount(
    shownNotes.length,
  );

  const lastHour = flowsheet.locator(`th[data-hour="${stay.windows}"]`);
  await lastHour.scrollIntoViewIfNeeded();
  await expect(lastHour).toBeInViewport();
  await expect(heartRate.getByRole('rowheader')).toBeInViewport();

  const labels = await page
    .locator('.page')
    .first()
    .evaluate((root) =>
      [...root.querySelectorAll('h1, h2, h3, h4, th, label, legend, dt, caption, summary')]
        .filter((e) => !e.closest('details.how-computed'))
        .map((e) => e.textContent ?? ''),
    );
  expect(labels.filter((l) => /p_full|\|E\||τ|λ|μ|S_max|N_ts|\bE\d\b(?! ·)/.test(l))).toEqual([]);

  // Caveats where they apply, and only there.
  const caveats = page.getByTestId('evidence-caveats');
  const empty = new Set(unchartedHours(stay.variables, stay.windows));
  const emptyEvidence = audit.evidence.filter((u) => u < stay.windows && empty.has(u));
  const peaked = steps !== null && steps.peak.step !== steps.reported.step;
  const ties = leaderTies(audit.trace, audit.pFull);
  await expect(page.locator('[data-caveat="empty-hour"]')).toHaveCount(emptyEvidence.length);
  await expect(page.locator('[data-caveat="peak"]')).toHaveCount(peaked ? 1 : 0);
  await expect(page.locator('[data-caveat="tie"]')).toHaveCount(ties.length > 0 ? 1 : 0);
  if (emptyEvidence.length > 0)
    await expect(caveats).toContainText('no measurement in this hour: the model saw it as missing');
  if (peaked) await expect(caveats).toContainText(`The score peaked at step ${steps.peak.step}`);
  if (ties.length > 0)
    await expect(caveats).toContainText(
      `The leading set tied with other kept sets at ${stepsText(ties.map((t) => t.step))}`,
    );

  // The search's path: one leading set per step; every kept set on request.
  const rows = page.locator('table.steps tbody tr');
  await expect(rows).toHaveCount(audit.trace.length);
  await expect(page.locator('table.steps').getByText('reported as the evidence')).toHaveCount(1);
  const kept = audit.trace.reduce((n, step) => n + step.kept.length, 0);
  await page.getByRole('button', { name: `Show all ${kept} kept sets (the whole beam)` }).click();
  await expect(rows).toHaveCount(kept);
  await expect(page.locator('table.steps').getByText('leads', { exact: true })).toHaveCount(
    audit.trace.length,
  );
  await page.getByRole('button', { name: 'Show only the leading set of each step' }).click();
  await expect(rows).toHaveCount(audit.trace.length);
}

/**
 * A converged true positive. The calibrated run may have none (a positive converges only if
 * its risk reaches τ_conf, method.md), so then its true positives are audited again in the
 * paper's mode, where the raw probability of the shipped bundle reaches it.
 */
async function convergedTruePositive(
  app: E2eEnv,
  run: RunSummary,
): Promise<{ run: RunSummary; stay: StayLink }> {
  const found = async (r: RunSummary) =>
    (await callApi(app, 'runs.neighbours', { runId: r.id, outcome: 'TP', status: 'converged' }))
      .first;
  const inRun = await found(run);
  if (inRun) return { run, stay: inRun };
  const { results } = await callApi(app, 'runs.results', { runId: run.id, limit: 10_000 });
  const stayKeys = results.filter((r) => r.yFull === 1 && r.label === 1).map((r) => r.stayKey);
  const existing = (await callApi(app, 'runs.list', {})).find(
    (r) =>
      r.status === 'completed' &&
      r.spec.decision?.mode !== 'calibrated' &&
      r.spec.stayKeys?.join() === stayKeys.join(),
  );
  const paper =
    existing ??
    (await callApi(app, 'runs.start', {
      cohortId: run.spec.cohortId,
      task: run.spec.task,
      split: 'test',
      stayKeys,
      calibration: 'none',
      validation: false,
      workers: 1,
    }));
  const stay = await found(paper);
  expect(
    stay,
    'a converged true positive in the paper-mode audit of the true positives',
  ).not.toBeNull();
  return { run: paper, stay: stay! };
}

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
      .getByRole('link', { name: /Traces of false positives whose search ran out of steps/ })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`#/runs/${run.id}/stays/${first.stayId}\\?outcome=FP&status=exhausted$`),
    );
    const audit = await callApi(app, 'runs.stay', { runId: run.id, stayId: first.stayId });
    const stay = await callApi(app, 'stays.detail', { runId: run.id, stayId: first.stayId });
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Stay ${first.stayKey}`);
    await expect(page.getByTestId('stay-outcome')).toHaveText('FP · false positive');
    await expect(page.getByTestId('stay-status')).toHaveText('no small set of evidence found');
    await expect(page.getByTestId('exhausted-lead')).toContainText(
      'No small set of hours or notes reproduced',
    );
    await expect(page.getByTestId('stay-pfull')).toHaveText(`p_full = ${three(audit.pFull)}`);
    await expect(page.getByTestId('stepper-position')).toHaveText(
      `1 of ${exhaustedFps.total} false positives whose search ran out of steps`,
    );

    await expectReadableTrace(page, run, audit, stay);
    // Hovering a strip shows the hour by its clock time (drawn on the canvas; in the screenshot).
    const evidenceWindow = audit.evidence.find((u) => u < stay.windows) ?? 0;
    const strip = page.locator('li[data-variable="heart_rate"] canvas');
    const box = (await strip.boundingBox())!;
    await strip.hover({
      position: { x: box.width * ((evidenceWindow + 0.5) / stay.windows), y: box.height / 2 },
    });
    await expect(page.locator('.chunk--evidence mark')).toHaveCount(audit.noteUnits);
    await expect(
      page.getByRole('heading', { name: 'Context: chest X-ray, ECG and patient facts' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Chest X-ray labels' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ECG machine measurements' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'trace-light.png');
    await keepScreenshot(page, testInfo, 'trace-evidence-hours.png', page.locator('.stay-header'));
    await keepFullPage(page, testInfo, 'trace-exhausted-fp-full.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate('window.scrollTo(0, 0)');
      await page.getByRole('link', { name: 'Review this stay' }).click();
      await expect(page.getByRole('form', { name: 'Review' })).toBeInViewport();
    }

    // Next and back again, within the filter.
    await page.getByRole('link', { name: 'Next →' }).click();
    await expect(page.getByTestId('stepper-position')).toHaveText(
      `2 of ${exhaustedFps.total} false positives whose search ran out of steps`,
    );
    await expect(page.getByTestId('stay-outcome')).toHaveText('FP · false positive');
    await page.getByRole('link', { name: '← Previous' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Stay ${first.stayKey}`);

    // The reviewer's controls: the stay is exhausted, so it is in the abstention queue.
    const review = page.getByRole('form', { name: 'Review' });
    await review.getByRole('radio', { name: /Disagree/ }).check();
    // A comment naming a relative and a phone number is refused, then saved redacted.
    await review.getByLabel('Comment').fill('Called daughter Amara Obi at 617-555-0123.');
    await review.getByRole('button', { name: 'Save review' }).click();
    await expect(review.getByRole('alert')).toContainText(
      'Not saved: the comment holds 2 possible identifiers.',
    );
    await expect(review.getByTestId('phi-findings')).toContainText('commentphone61********23');
    await keepScreenshot(page, testInfo, 'trace-review-phi-refused.png', review);
    await review.getByRole('button', { name: 'Save with identifiers redacted' }).click();
    await expect(review.getByText('Review saved.')).toBeVisible();
    await expect(review.getByLabel('Comment')).toHaveValue(
      'Called daughter [**name**] at [**phone**].',
    );
    expect(
      (await callApi(app, 'reviews.get', { runId: run.id, stayId: first.stayId })).review?.comment,
    ).toBe('Called daughter [**name**] at [**phone**].');
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
      .getByRole('heading', { name: 'Flowsheet: vital signs and labs, first 24 hours' })
      .scrollIntoViewIfNeeded();
    await keepScreenshot(page, testInfo, 'trace-dark.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    // The refused comment answered 422 by design, and Chromium logs every non-2xx fetch.
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });

  test("a converged true positive's trace reads in clock hours, with the plain sentence", async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { run, stay: link } = await convergedTruePositive(app, await completedTestSplitRun(app));
    const audit = await callApi(app, 'runs.stay', { runId: run.id, stayId: link.stayId });
    const stay = await callApi(app, 'stays.detail', { runId: run.id, stayId: link.stayId });

    await openApp(page, app);
    await page.goto(
      `${app.origin}/#/runs/${run.id}/stays/${link.stayId}?outcome=TP&status=converged`,
    );
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Stay ${link.stayKey}`);
    await expect(page.getByTestId('stay-outcome')).toHaveText('TP · true positive');
    await expect(page.getByTestId('stay-status')).toHaveText('evidence found');
    await expectReadableTrace(page, run, audit, stay);
    await keepFullPage(page, testInfo, 'trace-converged-tp-full.png');
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
