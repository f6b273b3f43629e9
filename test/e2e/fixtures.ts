// Test fixtures for the browser project: the served app's coordinates, and recorders for
// every network request and console error of the test's browser context.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base, type Locator, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readE2eEnv, type E2eEnv } from './support/e2e-env';

export const ARTIFACT_DIR = join(process.cwd(), 'artifacts', 'screenshots');

interface Fixtures {
  app: E2eEnv;
  /** Every URL the page asked for, including sockets and workers. */
  requests: string[];
  /** Console errors and uncaught page errors. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
  app: async ({}, use) => use(readE2eEnv()),
  requests: async ({ context }, use) => {
    const urls: string[] = [];
    context.on('request', (request) => urls.push(request.url()));
    context.on('weberror', (error) => urls.push(`weberror:${error.error().message}`));
    await use(urls);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect } from '@playwright/test';

/**
 * Saves a deliberate screenshot under test-results and copies it to artifacts/screenshots: the
 * window as the user sees it, or only `element` (a whole section, however tall).
 */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  element?: Locator,
): Promise<string> {
  const path = testInfo.outputPath(name);
  if (element) await element.screenshot({ path });
  else await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  mkdirSync(ARTIFACT_DIR, { recursive: true });
  copyFileSync(path, join(ARTIFACT_DIR, name));
  return path;
}

/** axe-core violations that matter: serious or critical, as "rule: target" lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(' ')} — ${v.help}`),
    );
}

/** Requests whose origin is not the served app (data: URLs never leave the page). */
export function requestsLeavingApp(urls: string[], origin: string): string[] {
  return urls.filter((url) => {
    if (url.startsWith('data:')) return false;
    try {
      return new URL(url).origin !== origin;
    } catch {
      return true;
    }
  });
}

/**
 * Opens the served app as its user does, through the address `toe serve` prints (with the
 * session token), and waits for the first view, Cohorts.
 */
export async function openApp(page: Page, app: Pick<E2eEnv, 'origin' | 'token'>): Promise<void> {
  await page.goto(`${app.origin}/#/?token=${app.token}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cohorts' })).toBeVisible();
}

/** The Cohorts view's demo-cohort form (the import form beside it has a Name field too). */
export function demoForm(page: Page) {
  return page.getByRole('form', { name: 'Create a demo cohort' });
}
