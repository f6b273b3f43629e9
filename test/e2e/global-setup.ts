// Global set-up for the browser project: a throwaway store with the demo cohort, served by
// the real `toe serve` on a free port with a known token. Needs the built renderer.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeE2eEnv } from './support/e2e-env';
import { runSeed } from './support/run-seed';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'e2e-known-token-5f2b9c1d7a3e4b60';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(join(ROOT, 'out', 'renderer', 'index.html'))) {
    throw new Error(
      'No built renderer in out/renderer. Run `npx electron-vite build` first (`npm run test:e2e` does).',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'toe-e2e-'));
  const dbPath = join(dir, 'e2e.sqlite');
  const seeded = runSeed(dbPath);

  // Port 0: the server binds a free port itself and prints it, so there is no race.
  const server = spawn(
    process.execPath,
    ['bin/toe.mjs', '--db', dbPath, 'serve', '--port', '0', '--token', TOKEN],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`toe serve did not start in 30 s:\n${output}`)),
      30_000,
    );
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`toe serve exited with ${code}:\n${output}`)));
  });
  writeE2eEnv({ origin, token: TOKEN, dbPath, cohortName: seeded.cohortName });

  return async () => {
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
}
