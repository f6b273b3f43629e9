import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SEED = fileURLToPath(new URL('./seed-store.ts', import.meta.url));

/** Seeds a store in a child process under tsx, exactly as the CLI loads the core. */
export function runSeed(dbPath: string): { cohortName: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', SEED, dbPath], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`Seeding the e2e store failed:\n${result.stderr}`);
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as { cohortName: string };
}
