// The QI reviewer's walk (test/e2e/support/reviewer-walk.ts) in the built desktop app, over
// IPC: the same steps as test/e2e/walk.spec.ts in Chromium. Runs wherever the Electron
// binary is installed; skips with one line where it is not.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { keepScreenshot } from '../e2e/fixtures';
import { walkThroughAudit } from '../e2e/support/reviewer-walk';
import { launchDesktopApp, requireElectron } from './desktop-app';

const RENDERER_DIR = resolve('out', 'renderer');

/** Requests other than the app's own files and inline data: none may exist (offline app). */
function requestsLeavingApp(urls: readonly string[]): string[] {
  return urls.filter((url) => {
    if (url.startsWith('data:') || url.startsWith('blob:')) return false;
    try {
      const parsed = new URL(url);
      return (
        parsed.protocol !== 'file:' || !decodeURIComponent(parsed.pathname).startsWith(RENDERER_DIR)
      );
    } catch {
      return true;
    }
  });
}

// eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
test('a QI reviewer walks through an audit in the desktop app', async ({}, testInfo) => {
  test.setTimeout(480_000);
  const desktop = await launchDesktopApp(requireElectron());
  try {
    const window = await desktop.app.firstWindow();
    const requests: string[] = [];
    const consoleErrors: string[] = [];
    window.on('request', (request) => requests.push(request.url()));
    window.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    window.on('pageerror', (error) => consoleErrors.push(error.message));

    const walk = await walkThroughAudit(window, {
      cohortName: 'walk-desktop',
      screenshot: async (name) =>
        void (await keepScreenshot(window, testInfo, name.replace('walk-', 'walk-desktop-'))),
      savePdf: async (exportButton) => {
        // Setting the path in the main process before the download starts is what the
        // save dialog would do; the test has no one to answer a native dialog.
        const target = join(desktop.dir, 'saved-report.pdf');
        const saved = desktop.app.evaluate(
          ({ session }, path) =>
            new Promise<string>((done) => {
              session.defaultSession.once('will-download', (_event, item) => {
                item.setSavePath(path);
                item.once('done', (_done, state) => done(state));
              });
            }),
          target,
        );
        await exportButton.click();
        expect(await saved).toBe('completed');
        return readFileSync(target);
      },
    });

    expect(walk.runId).toBeGreaterThan(0);
    expect(requests.length).toBeGreaterThan(0);
    expect(requestsLeavingApp(requests)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  } finally {
    await desktop.close();
  }
});
