import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TOE = fileURLToPath(new URL('../../bin/toe.mjs', import.meta.url));

export interface ToeResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `toe` command as a user would, against the given store. */
export function runToe(args: string[], db: string, env: NodeJS.ProcessEnv = {}): ToeResult {
  const result = spawnSync(process.execPath, [TOE, '--db', db, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 300_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
