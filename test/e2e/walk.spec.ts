// What a QI reviewer does, end to end in Chromium over `toe serve`: make a cohort, audit it,
// read the dashboard, review an exhausted false positive, find the review in the abstention
// queue, read the bias audit and save the PDF report. The desktop twin is
// test/electron/walk.spec.ts; the steps are in support/reviewer-walk.ts.
import { readFileSync } from 'node:fs';
import { expect, keepScreenshot, openApp, requestsLeavingApp, test } from './fixtures';
import { callApi } from './support/app-api';
import { walkThroughAudit } from './support/reviewer-walk';

test('a QI reviewer walks through an audit in the browser', async ({
  page,
  app,
  requests,
  consoleErrors,
}, testInfo) => {
  test.setTimeout(480_000);
  await openApp(page, app);
  const walk = await walkThroughAudit(page, {
    cohortName: `walk-browser-${Date.now() % 100_000}`,
    screenshot: async (name) => void (await keepScreenshot(page, testInfo, name)),
    savePdf: async (exportButton) => {
      const downloading = page.waitForEvent('download', { timeout: 180_000 });
      await exportButton.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^toe-audit-run-\d+\.pdf$/);
      return readFileSync((await download.path())!);
    },
  });

  // What the walk saw is what the store holds.
  expect((await callApi(app, 'runs.get', { runId: walk.runId })).status).toBe('completed');
  const { review } = await callApi(app, 'reviews.get', { runId: walk.runId, stayId: walk.stayId });
  expect(review?.verdict).toBe('discuss');

  expect(requests.length).toBeGreaterThan(0);
  expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
