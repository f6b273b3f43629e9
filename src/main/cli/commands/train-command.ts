import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Option, type Command } from 'commander';
import { calibrateCommandLine, DEFAULT_CALIBRATION_METHOD } from '../../../shared/calibration';
import { calibrateBundle } from '../../core/calibration';
import { InputError } from '../../core/errors/input-error';
import { embedCohortNotes, openEncoderFolder, type EmbedReport } from '../../core/models';
import { ConflictError, NotFoundError } from '../../core/store';
import type { CliContext } from '../cli-context';
import { terminalProgress } from '../progress-bar';
import { calibrationSummaryLine } from './calibrate-command';
import { cohortWithTask, integerOption } from './cohort-commands';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const TRAIN_SCRIPT = resolve(REPO_ROOT, 'training/train.py');

/** The Python that trains: Debian's, which has torch and onnx from apt, unless overridden. */
export function trainingPython(): string {
  return process.env.TOE_PYTHON ?? '/usr/bin/python3';
}

export const PYTHON_INSTALL_HINT = `Training needs Python 3 with torch, onnx and numpy. On Debian/Ubuntu:
  apt-get install -y python3-torch python3-onnx python3-sklearn
or point TOE_PYTHON at a Python that has them.`;

/** Returns null when the Python can import what training needs, else why not. */
export function checkTrainingPython(python: string): string | null {
  const probe = spawnSync(python, ['-c', 'import torch, onnx, numpy'], { encoding: 'utf8' });
  if (probe.error) return `cannot run ${python}: ${probe.error.message}`;
  if (probe.status !== 0)
    return `${python} cannot import torch, onnx and numpy:\n${probe.stderr.trim()}`;
  return null;
}

interface TrainOptions {
  cohort: string;
  task: string;
  out?: string;
  seed: number;
  quick: boolean;
  maxStays?: number;
  epochs?: number;
  textEncoder?: string;
  streams?: 'ts' | 'ts,note';
  /** false with --no-static: the cohort's static inputs are left out of the model. */
  static: boolean;
  replaceShipped: boolean;
}

/**
 * A shipped bundle (and the calibration beside it) is only retrained on purpose: the
 * README's training command would otherwise overwrite the very model the demo audits.
 */
function refuseShippedOverwrite(out: string, allowed: boolean): void {
  const shipped = resolve(REPO_ROOT, 'resources/models');
  const inside = relative(shipped, out);
  if (allowed || inside.startsWith('..') || !existsSync(join(out, 'manifest.json'))) return;
  throw new ConflictError(
    `${out} holds a shipped bundle. Pass --out DIR to train a new bundle elsewhere, or --replace-shipped to retrain the shipped one (as its manifest's command did).`,
  );
}

/**
 * The embed step of training with an ONNX text encoder: the pipeline has no onnxruntime,
 * so every note chunk goes through the encoder here, into the store, where train.py reads it.
 */
async function embedNotes(context: CliContext, cohort: string, dir: string): Promise<void> {
  const store = context.openStore();
  const encoder = await openEncoderFolder(dir, { executionProvider: 'cpu' });
  const bar = terminalProgress(context.json);
  let report: EmbedReport;
  try {
    report = await embedCohortNotes(
      store,
      store.resolveCohort(cohort),
      encoder.runner,
      encoder.folder.id,
      (done, total) => bar.sink({ phase: 'embedding notes (stays)', done, total }),
    );
  } finally {
    bar.stop();
    await encoder.close();
    // train.py opens the store read-only next; nothing of ours stays open meanwhile.
    context.close();
  }
  context.print(
    `text encoder ${encoder.folder.id}: ${report.embedded} of ${report.chunks} note chunks embedded now, the rest were in the store`,
  );
}

/** `toe train`: runs the reference training pipeline (training/train.py) on a cohort of the store. */
export function registerTrainCommand(program: Command, context: CliContext): void {
  program
    .command('train')
    .description(
      'train a model bundle on a cohort of the store (Python + PyTorch; see docs/model-bundle.md)',
    )
    .requiredOption('--cohort <name>', 'cohort name')
    .requiredOption('--task <task>', 'outcome task, e.g. E1')
    .option('--out <dir>', 'bundle folder (default: resources/models/<task>)')
    .option('--seed <s>', 'random seed', integerOption(0, 2 ** 31 - 1), 7)
    .option('--quick', 'CI mode: a few hundred stays, one epoch per phase', false)
    .option(
      '--max-stays <n>',
      'train on a seeded subset of this many stays',
      integerOption(10, 10_000_000),
    )
    .option('--epochs <n>', 'max Phase I epochs per stream', integerOption(1, 10_000))
    .option(
      '--replace-shipped',
      'allow overwriting a shipped bundle in resources/models (how the shipped ones are made)',
      false,
    )
    .option(
      '--text-encoder <dir>',
      'an ONNX encoder folder (encoder.json, model, vocab.txt) instead of the built-in encoder; its note embeddings are computed first',
    )
    .addOption(
      new Option(
        '--streams <streams>',
        'streams to train (default: ts,note when the cohort has note chunks, else ts: a TS-only bundle, hourly windows only)',
      ).choices(['ts', 'ts,note']),
    )
    .option(
      '--no-static',
      "leave the cohort's static inputs (age, sex, ...) out of the model, to measure what they add",
    )
    .action(async (options: TrainOptions) => {
      const db = context.dbPath;
      if (!existsSync(db)) {
        throw new NotFoundError(
          `No store at ${db}. Create the demo cohort with \`toe demo-cohort\` first.`,
        );
      }
      // What the user typed is checked first: a task the cohort lacks is named as such, with
      // the cohort's tasks, before any other refusal (a shipped bundle's folder) or any work.
      cohortWithTask(context.openStore(), options.cohort, options.task);
      // train.py opens the store read-only; nothing of ours stays open meanwhile.
      context.close();
      const out = resolve(options.out ?? resolve(REPO_ROOT, 'resources/models', options.task));
      refuseShippedOverwrite(out, options.replaceShipped);
      const python = trainingPython();
      const problem = checkTrainingPython(python);
      if (problem) throw new Error(`${problem}\n${PYTHON_INSTALL_HINT}`);
      const encoderDir = options.textEncoder ? resolve(options.textEncoder) : undefined;
      if (encoderDir) await embedNotes(context, options.cohort, encoderDir);
      const args = [TRAIN_SCRIPT, '--db', db, '--cohort', options.cohort, '--task', options.task];
      args.push('--out', out, '--seed', String(options.seed));
      if (options.quick) args.push('--quick');
      if (options.maxStays !== undefined) args.push('--max-stays', String(options.maxStays));
      if (options.epochs !== undefined) args.push('--epochs', String(options.epochs));
      if (encoderDir) args.push('--text-encoder', encoderDir);
      if (options.streams !== undefined) args.push('--streams', options.streams);
      if (!options.static) args.push('--no-static');
      // TOE_NODE: the pipeline's parity check runs onnxruntime-node with this same Node.
      const child = spawn(python, args, {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: { ...process.env, TOE_NODE: process.execPath },
      });
      const code = await new Promise<number>((done, fail) => {
        child.on('error', fail);
        child.on('exit', (status, signal) => done(status ?? (signal ? 130 : 1)));
      });
      if (code !== 0)
        throw new Error(`training failed (exit ${code}); nothing was written to ${out}`);
      await calibrateNewBundle(context, options.cohort, out);
    });
}

/**
 * A new bundle gets its calibration.json right away: the default map and threshold rule,
 * fitted on the training cohort's val split, one line printed. A cohort without a val split
 * (or whose val split the fit cannot use) leaves the bundle uncalibrated, saying so.
 */
async function calibrateNewBundle(context: CliContext, cohort: string, out: string): Promise<void> {
  const store = context.openStore();
  const cohortId = store.resolveCohort(cohort);
  const command = calibrateCommandLine(out, cohort, DEFAULT_CALIBRATION_METHOD, {
    kind: 'prevalence',
  });
  if (store.stayIds(cohortId, 'val').length === 0) {
    context.print(
      `not calibrated: cohort "${cohort}" has no val split (\`${command}\` once it has one)`,
    );
    return;
  }
  try {
    const { calibration, written } = await calibrateBundle(store, {
      bundleDir: out,
      cohortId,
      command,
    });
    context.print(calibrationSummaryLine(calibration, written!.file));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    context.print(`not calibrated: ${error.message}`);
  }
}
