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

async function darkTheme(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
}

test.describe('Report view (browser over toe serve)', () => {
  test('shows the pages of the PDF it then exports, in both themes', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    test.setTimeout(300_000);
    const run = await completedTestSplitRun(app);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    await page.goto(`${app.origin}/#/runs/${run.id}/report`);

    // Page 1 as pdf.js drew it in the core, with the facts of the PDF it came from.
    const preview = page.getByTestId('report-preview');
    const pageOne = preview.getByRole('img', {
      name: `Page 1 of the audit report for run ${run.id}`,
    });
    await expect(pageOne).toBeVisible({ timeout: 120_000 });
    await expect(pageOne).toHaveJSProperty('naturalWidth', 800);
    await expect(preview).toContainText('Contents');
    await expect(preview).toContainText('1. Summary for the quality-improvement committee');
    const pages = Number(
      /toe-audit-run-\d+\.pdf: (\d+) pages\./.exec(await preview.innerText())?.[1],
    );
    expect(pages).toBeGreaterThan(5);
    await keepScreenshot(page, testInfo, 'report-light.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await darkTheme(page);
    await keepScreenshot(page, testInfo, 'report-dark.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Every page can be looked at before saving, drawn from the same bytes.
    await preview.getByRole('button', { name: 'Next page' }).click();
    await expect(preview.getByTestId('report-page-number')).toHaveText(`Page 2 of ${pages}`);
    await expect(
      preview.getByRole('img', { name: `Page 2 of the audit report for run ${run.id}` }),
    ).toBeVisible({ timeout: 60_000 });
    await preview.getByRole('button', { name: 'Previous page' }).click();
    await expect(pageOne).toBeVisible();

    // The page fills the space beside the contents, and zooms in steps back to that width.
    const fitted = (await pageOne.boundingBox())!.width;
    expect(fitted).toBeGreaterThan(0.55 * 1440);
    await preview.getByRole('button', { name: 'Zoom in' }).click();
    await expect(preview.getByTestId('report-zoom')).toHaveText('125%');
    await expect
      .poll(async () => (await pageOne.boundingBox())!.width / fitted)
      .toBeCloseTo(1.25, 1);
    await preview.getByRole('button', { name: 'Zoom out' }).click();
    await preview.getByRole('button', { name: 'Zoom out' }).click();
    await expect(preview.getByTestId('report-zoom')).toHaveText('75%');
    await preview.getByRole('button', { name: 'Fit to width' }).click();
    await expect(preview.getByTestId('report-zoom')).toHaveText('100%');
    await expect.poll(async () => (await pageOne.boundingBox())!.width).toBeCloseTo(fitted, 0);

    // Each entry of the contents turns the preview to the page its section starts on.
    const { contents } = await callApi(app, 'reports.pdf', { runId: run.id });
    const toc = preview.getByRole('navigation', { name: 'Contents' });
    await expect(toc.getByRole('button')).toHaveText(contents.map((c) => c.title));
    const bias = contents.find((c) => c.title === '5. Bias audit')!;
    expect(bias.page).toBeGreaterThan(1);
    await toc.getByRole('button', { name: '5. Bias audit' }).click();
    await expect(preview.getByTestId('report-page-number')).toHaveText(
      `Page ${bias.page} of ${pages}`,
    );
    await expect(
      preview.getByRole('img', { name: `Page ${bias.page} of the audit report for run ${run.id}` }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(toc.getByRole('button', { name: '5. Bias audit' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await keepScreenshot(page, testInfo, 'report-bias-page.png');
    // The cover comes before the first section.
    const first = contents[0]!;
    expect(first.page).toBe(2);
    await toc.getByRole('button', { name: first.title }).click();
    await expect(preview.getByTestId('report-page-number')).toHaveText(
      `Page ${first.page} of ${pages}`,
    );

    // Export saves the bytes already written: at once, and the PDF the preview described.
    const downloading = page.waitForEvent('download', { timeout: 10_000 });
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`toe-audit-run-${run.id}.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // In a browser the page cannot know the folder: it says who chose it and the file's name.
    const exported = page.getByTestId('report-exported');
    await expect(exported).toContainText(`Exported the report: ${pages} pages.`);
    await expect(exported).toContainText(
      `Your browser saved toe-audit-run-${run.id}.pdf in its downloads folder`,
    );

    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
