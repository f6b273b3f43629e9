/**
 * The corrupted model of the spurious audit: a bundle trained on the spurious demo cohort
 * with the ordinary training pipeline, reused when the folder already holds one trained on
 * that cohort for the task. Training goes through `toe train` (a child process) because that
 * is the pipeline's one entry point: it checks the Python, passes the Node for the ONNX
 * parity check and records the command in the manifest.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readManifest } from '../models';
import { portablePath } from '../paths/portable-path';
import type { SpuriousTraining } from '../../../shared/charts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const TOE_BIN = join(REPO_ROOT, 'bin/toe.mjs');

export interface CorruptedBundleRequest {
  db: string;
  cohort: string;
  task: string;
  dir: string;
  seed: number;
}

/** True when `dir` holds a bundle trained on `cohort` for `task`. */
export function reusableBundle(
  request: Pick<CorruptedBundleRequest, 'cohort' | 'task' | 'dir'>,
): boolean {
  if (!existsSync(join(request.dir, 'manifest.json'))) return false;
  const manifest = readManifest(request.dir);
  return manifest.training.cohort === request.cohort && manifest.task === request.task;
}

function trainArgs(request: CorruptedBundleRequest): string[] {
  return [
    '--db',
    request.db,
    'train',
    '--cohort',
    request.cohort,
    '--task',
    request.task,
    '--out',
    request.dir,
    '--seed',
    String(request.seed),
  ];
}

/**
 * Trains the bundle unless a reusable one is there. The pipeline's log goes to stderr, so
 * stdout stays clean for `--json`.
 */
export async function ensureCorruptedBundle(
  request: CorruptedBundleRequest,
): Promise<SpuriousTraining> {
  // As reports print it: paths relative to the working folder when below it.
  const command = [
    'toe',
    ...trainArgs({ ...request, db: portablePath(request.db), dir: portablePath(request.dir) }),
  ].join(' ');
  if (reusableBundle(request)) return { trained: false, seconds: null, command };
  const started = performance.now();
  const child = spawn(process.execPath, [TOE_BIN, ...trainArgs(request)], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 2, 2],
  });
  const code = await new Promise<number>((done, fail) => {
    child.on('error', fail);
    child.on('exit', (status, signal) => done(status ?? (signal ? 130 : 1)));
  });
  if (code !== 0) throw new Error(`training the corrupted model failed (exit ${code}): ${command}`);
  return { trained: true, seconds: (performance.now() - started) / 1000, command };
}
