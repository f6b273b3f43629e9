import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests. "browser" drives the renderer served by `toe serve` in the system
 * Chromium; "electron" launches the built desktop app and skips (saying why) when the
 * Electron binary is not installed. Both need `npx electron-vite build` first.
 */
export default defineConfig({
  // Its own folder: test-all.sh keeps its summaries in test-results/summary, which a
  // run would otherwise wipe.
  outputDir: 'test-results/playwright',
  globalSetup: './test/e2e/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
    viewport: { width: 1280, height: 800 },
    // A click or fill that cannot happen fails in seconds, not at the test's own timeout
    // (long walks allow minutes for audits, which wait with explicit expect timeouts).
    actionTimeout: 30_000,
  },
  projects: [
    {
      name: 'browser',
      testDir: 'test/e2e',
      use: {
        browserName: 'chromium',
        headless: true,
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    {
      name: 'electron',
      testDir: 'test/electron',
    },
  ],
});
