// Importing from the Cohorts view in the browser over toe serve: a folder typed by path (the
// browser cannot pick one; the desktop app adds a native dialog), the report afterwards, bad
// input located and lossless, a PHI-guard refusal listed and overridden, and a cancel.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import {
  expect,
  keepScreenshot,
  openApp,
  requestsLeavingApp,
  seriousA11yViolations,
  test,
} from './fixtures';
import { copyFixture } from '../support/fixture-copy';
import { cohortNames } from './support/store-snapshot';

const INCIDENTS = resolve('docs/examples/service-incidents');
const CLINICAL = resolve('test/fixtures/generic-minimal');
const MIMIC_DEMO = resolve('../shared/data/mimic-iv-demo');

function importForm(page: Page) {
  return page.getByRole('form', { name: 'Import a cohort' });
}

async function startImport(page: Page, format: string, folder: string, name: string) {
  const form = importForm(page);
  await form.getByRole('radio', { name: new RegExp(`^${format}`) }).check();
  await form.getByRole('textbox', { name: /^Folder/ }).fill(folder);
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('button', { name: 'Import', exact: true }).click();
}

const copies = mkdtempSync(join(tmpdir(), 'toe-e2e-import-'));
test.afterAll(() => rmSync(copies, { recursive: true, force: true }));
const fixtureCopy = () => copyFixture(CLINICAL, copies);

test.describe('Importing a cohort (browser over toe serve)', () => {
  test('imports a generic-format folder by its path and opens its report', async ({
    page,
    app,
    requests,
    consoleErrors,
  }, testInfo) => {
    await openApp(page, app);
    const form = importForm(page);
    // A browser cannot hand over a folder's path: no dialog button, a typed path instead.
    await expect(form.getByRole('button', { name: 'Choose folder…' })).toHaveCount(0);
    await expect(form).toContainText('Its full path on the computer running toe serve.');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await startImport(page, 'Generic interchange format', INCIDENTS, 'incidents-e2e');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Import report: incidents-e2e' }),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('tr[data-cohort="incidents-e2e"]')).toBeVisible();
    expect(cohortNames(app.dbPath)).toContain('incidents-e2e');
    await keepScreenshot(page, testInfo, 'cohorts-import-report.png');
    expect(requestsLeavingApp(requests, app.origin)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a malformed file: the error names file, line and field, and nothing is imported', async ({
    page,
    app,
    consoleErrors,
  }, testInfo) => {
    const dir = fixtureCopy();
    const file = join(dir, 'measurements.csv');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[2] = lines[2]!.replace(/,[^,]*$/, ',ninety');
    writeFileSync(file, lines.join('\n'));
    const before = cohortNames(app.dbPath);

    await openApp(page, app);
    await startImport(page, 'Generic interchange format', dir, 'broken-e2e');
    const alert = importForm(page).getByRole('alert');
    await expect(alert).toContainText('measurements.csv, line 3, field "value"');
    await expect(importForm(page).getByTestId('import-error-location')).toContainText(
      'Where: measurements.csv, line 3, field “value”. Nothing was imported',
    );
    expect(cohortNames(app.dbPath)).toEqual(before);
    await keepScreenshot(page, testInfo, 'cohorts-import-bad-input.png');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The refused call answers 422 by design, and Chromium logs every non-2xx fetch.
    expect(consoleErrors).toEqual([
      'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });

  test('identified note text is refused with where it was, and imported only on the override', async ({
    page,
    app,
  }, testInfo) => {
    const dir = fixtureCopy();
    writeFileSync(join(dir, 'notes.csv'), 's3,2180-04-10 02:00:00,"Call 617-555-0123."\n', {
      flag: 'a',
    });
    const line = readFileSync(join(dir, 'notes.csv'), 'utf8').trimEnd().split('\n').length;
    const before = cohortNames(app.dbPath);

    await openApp(page, app);
    await startImport(page, 'Generic interchange format', dir, 'phi-e2e');
    const form = importForm(page);
    await expect(form.getByRole('alert').first()).toContainText(
      'Refused: 1 possible direct identifier in note text. Nothing was imported.',
    );
    const findings = form.getByTestId('phi-findings');
    await expect(findings.getByRole('row').nth(1)).toHaveText(
      new RegExp(`notes\\.csv\\s*${line}\\s*phone\\s*61\\*+23`),
    );
    expect(await findings.innerText()).not.toContain('555-0123');
    expect(cohortNames(app.dbPath)).toEqual(before);
    await keepScreenshot(page, testInfo, 'cohorts-import-phi-refused.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const importAnyway = form.getByRole('button', { name: 'Import with identified text' });
    await expect(importAnyway).toBeDisabled();
    await form.getByLabel('Our data-use agreement permits identified note text').check();
    await importAnyway.click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Import report: phi-e2e' }),
    ).toBeVisible({ timeout: 60_000 });
  });

  test('a MIMIC-IV import shows progress and can be cancelled, leaving the store unchanged', async ({
    page,
    app,
  }) => {
    test.skip(!existsSync(MIMIC_DEMO), `the MIMIC-IV demo is not at ${MIMIC_DEMO}`);
    const before = cohortNames(app.dbPath);
    await openApp(page, app);
    await startImport(page, 'MIMIC-IV', MIMIC_DEMO, 'mimic-cancelled');
    await expect(page.getByRole('progressbar', { name: `Importing ${MIMIC_DEMO}` })).toBeVisible();
    await importForm(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(
      page.getByText('Cancelled: nothing was imported, the store is unchanged.'),
    ).toBeVisible({ timeout: 60_000 });
    expect(cohortNames(app.dbPath)).toEqual(before);
  });
});
