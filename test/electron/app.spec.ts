// The built desktop app (out/main/index.js) under Playwright's Electron driver. Machines
// installed with ELECTRON_SKIP_BINARY_DOWNLOAD have no Electron binary: skip, saying so.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { runSeed } from '../e2e/support/run-seed';

function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const binary = electronBinary();
const SKIP_REASON =
  'Electron binary not installed (ELECTRON_SKIP_BINARY_DOWNLOAD); run on a machine with it';

test.describe('desktop app', () => {
  let dir = '';
  test.afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('opens the Cohorts view over IPC on a throwaway store', async () => {
    if (binary === null) {
      // The list reporter does not print skip reasons; this is the one line that says why.
      console.log(`electron project skipped: ${SKIP_REASON}`);
      test.skip(true, SKIP_REASON);
      return;
    }
    dir = mkdtempSync(join(tmpdir(), 'toe-electron-'));
    const dbPath = join(dir, 'app.sqlite');
    const { cohortName } = runSeed(dbPath);
    const app = await electron.launch({
      executablePath: binary,
      args: ['out/main/index.js', '--db', dbPath],
    });
    try {
      const window = await app.firstWindow();
      await expect(window.getByRole('heading', { level: 1, name: 'Cohorts' })).toBeVisible();
      await expect(window.locator(`tr[data-cohort="${cohortName}"]`)).toContainText('SYNTHETIC');
      await expect(window.getByText('Desktop app · offline')).toBeVisible();
      // The page must not see Node or raw IPC: only the one bridge object.
      expect(
        await window.evaluate(() => typeof (globalThis as { require?: unknown }).require),
      ).toBe('undefined');
      expect(
        await window.evaluate(() => Object.keys((globalThis as { toe?: object }).toe ?? {}).sort()),
      ).toEqual(['invoke', 'onEvent']);
    } finally {
      await app.close();
    }
  });
});
