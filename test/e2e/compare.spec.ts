// Issue 15, "Transport audit": two completed runs of the seeded demo cohort (its test and
// validation splits, the shipped E1 bundle) chosen on the Runs page and compared side by side
// in the browser: the figures with their intervals and flags, both reliability curves on one
// chart, the evidence composition, the subgroups and the PDF download, all matching what the
// API's comparison says.
import { readingText } from '../../src/shared/run-comparison';
import { expect, keepScreenshot, openApp, seriousA11yViolations, test } from './fixtures';
import { callApi, completedTestSplitRun, completedValSplitRun } from './support/app-api';

const signed = (x: number) => `${x > 0 ? '+' : ''}${x.toFixed(3).replace('-', '−')}`;

test.describe('Compare runs (browser over toe serve)', () => {
  test('chooses two runs on the Runs page and shows their comparison with flags, curves and evidence', async ({
    page,
    app,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(400_000);
    const a = await completedTestSplitRun(app);
    const b = await completedValSplitRun(app);
    const expected = await callApi(app, 'runs.compare', { runA: a.id, runB: b.id });

    await openApp(page, app);
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Audit runs' })
      .click();
    const form = page.getByRole('form', { name: 'Compare two runs' });
    await form.getByLabel('Run A').selectOption(String(a.id));
    await form.getByLabel('Run B').selectOption(String(b.id));
    await form.getByRole('button', { name: 'Compare' }).click();
    await expect(page).toHaveURL(new RegExp(`#/compare\\?a=${a.id}&b=${b.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Compare runs' })).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Compare runs' }),
    ).toHaveAttribute('aria-current', 'page');

    const compared = page.getByTestId('compared-runs');
    await expect(compared).toBeVisible({ timeout: 120_000 });
    await expect(compared.locator('[data-side="a"]')).toContainText(`run ${a.id}`);
    await expect(compared.locator('[data-side="b"]')).toContainText(`run ${b.id}`);
    await expect(compared).toContainText('different splits: test (A) and val (B)');

    // What to do comes first, in the comparison's own sentences.
    const advice = page.getByTestId('comparison-advice');
    for (const line of expected.advice) await expect(advice).toContainText(line);

    // Every figure row prints the comparison's own contrast, which way is better and its reading.
    await expect(page.getByTestId('figure-flags')).toContainText(
      `${expected.flagged} of ${expected.tested} tested differences shown`,
    );
    const table = page.getByTestId('figure-table');
    for (const f of expected.figures.filter(
      (x) => x.figure !== 'meanEvidenceSize' && x.contrast === 'difference',
    )) {
      const row = table.locator(`[data-figure="${f.figure}"]`);
      await expect(row.locator('th')).toHaveText(f.label);
      await expect(row).toHaveAttribute('data-reading', f.reading);
      if (f.difference.estimate !== null)
        await expect(row).toContainText(signed(f.difference.estimate));
      await expect(row.locator('td').last()).toHaveText(readingText(f));
    }

    // Both reliability curves on one chart: its numbers name both runs' bins.
    const calibration = page.getByRole('img', {
      name: "Reliability curves of the decision's probability, run A and run B on one chart",
    });
    await expect(calibration).toBeVisible();

    const evidence = page.getByTestId('evidence-composition');
    await expect(evidence).toBeVisible();
    const e = expected.evidence!;
    await expect(page.getByTestId('evidence-flags')).toContainText(
      `${e.flagged} of ${e.tested} tested hours and variables differ between the runs`,
    );
    await expect(evidence).toContainText(
      `${e.units.a.evidenceUnits} evidence units over ${e.units.a.stays} stays`,
    );
    const firstVariable = e.byVariable[0]!;
    await expect(
      page
        .getByTestId('variable-table')
        .locator(`[data-figure="variable-${firstVariable.variable}"]`),
    ).toContainText(firstVariable.a.estimate!.toFixed(3));
    await expect(
      evidence.getByRole('img', { name: /Share of evidence sets holding each hour/ }),
    ).toBeVisible();

    // The PDF of the same comparison, downloaded.
    const download = page.waitForEvent('download');
    await compared.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`toe-compare-runs-${a.id}-${b.id}.pdf`);
    await expect(compared).toContainText(`Saved toe-compare-runs-${a.id}-${b.id}.pdf`);

    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreenshot(page, testInfo, 'compare-runs.png');
    await keepScreenshot(page, testInfo, 'compare-runs-evidence.png', evidence);
    expect(consoleErrors).toEqual([]);
  });
});
