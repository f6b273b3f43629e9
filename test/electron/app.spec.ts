// The built desktop app opens over IPC, and its page sees only the one bridge object.
import { expect, test } from '@playwright/test';
import { launchDesktopApp, requireElectron } from './desktop-app';

test.describe('desktop app', () => {
  test('opens the Cohorts view over IPC on a throwaway store', async () => {
    const desktop = await launchDesktopApp(requireElectron());
    try {
      const window = await desktop.app.firstWindow();
      await expect(window.getByRole('heading', { level: 1, name: 'Cohorts' })).toBeVisible();
      await expect(window.locator(`tr[data-cohort="${desktop.cohortName}"]`)).toContainText(
        'SYNTHETIC',
      );
      await expect(window.getByText('Desktop app · offline')).toBeVisible();
      // Over IPC the import form offers the native folder dialog (the browser cannot).
      await expect(
        window
          .getByRole('form', { name: 'Import a cohort' })
          .getByRole('button', { name: 'Choose folder…' }),
      ).toBeVisible();
      // The page must not see Node or raw IPC: only the one bridge object.
      expect(
        await window.evaluate(() => typeof (globalThis as { require?: unknown }).require),
      ).toBe('undefined');
      expect(
        await window.evaluate(() => Object.keys((globalThis as { toe?: object }).toe ?? {}).sort()),
      ).toEqual(['invoke', 'onEvent']);
    } finally {
      await desktop.close();
    }
  });
});
