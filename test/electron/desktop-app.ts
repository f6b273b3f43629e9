// Launching the built desktop app (out/main/index.js) under Playwright's Electron driver on
// a throwaway store. Machines installed with ELECTRON_SKIP_BINARY_DOWNLOAD have no Electron
// binary: specs skip there, printing one line that says why.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron as electron, test, type ElectronApplication } from '@playwright/test';
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

let skipAnnounced = false;

/** Skips the calling test where there is no Electron binary; returns the binary otherwise. */
export function requireElectron(): string {
  if (binary === null) {
    // The list reporter does not print skip reasons; this is the one line that says why.
    if (!skipAnnounced) console.log(`electron project skipped: ${SKIP_REASON}`);
    skipAnnounced = true;
    test.skip(true, SKIP_REASON);
  }
  return binary ?? '';
}

export interface DesktopApp {
  app: ElectronApplication;
  /** The seeded demo cohort's name. */
  cohortName: string;
  /** The throwaway folder holding the store; removed by close(). */
  dir: string;
  close: () => Promise<void>;
}

/** The built app on a new store seeded as the browser tests' store is. */
export async function launchDesktopApp(executablePath: string): Promise<DesktopApp> {
  const dir = mkdtempSync(join(tmpdir(), 'toe-electron-'));
  const dbPath = join(dir, 'app.sqlite');
  const { cohortName } = runSeed(dbPath);
  const app = await electron.launch({
    executablePath,
    args: ['out/main/index.js', '--db', dbPath],
  });
  return {
    app,
    cohortName,
    dir,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
