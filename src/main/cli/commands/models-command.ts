import { join, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { SPLITS, type Split } from '../../../shared/domain';
import {
  calibrationState,
  listBundles,
  ModelRuntime,
  scoreSplit,
  fullInputMetrics,
  signBundle,
  SHIPPED_MODELS_DIR,
  STREAMS,
  trainingRelation,
  type BundleSummary,
  type ExecutionProviderRequest,
  type Stream,
  type StreamFigures,
} from '../../core/models';
import type { BootstrapCi } from '../../core/statistics';
import type { CliContext } from '../cli-context';
import { terminalProgress } from '../progress-bar';
import { integerOption } from './cohort-commands';

interface EvalOptions {
  task: string;
  bundle?: string;
  cohort: string;
  split: Split;
  seed: number;
  resamples: number;
  executionProvider?: ExecutionProviderRequest;
}

const STREAM_LABEL: Record<Stream, string> = {
  ts: 'TS-only',
  note: 'notes-only',
  fused: 'fused',
};

const fixed = (x: number, digits = 3) => (Number.isNaN(x) ? 'n/a' : x.toFixed(digits));
const withInterval = (ci: BootstrapCi) =>
  `${fixed(ci.estimate, 4)} (${fixed(ci.lower)}–${fixed(ci.upper)})`;

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => cell.padEnd(widths[c]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function formatBundleList(bundles: BundleSummary[]): string {
  if (bundles.length === 0) return 'No model bundles found. Train one with `toe train`.';
  const rows = [['task', 'created', 'training cohort', 'test AUROC fused / TS / notes', 'files']];
  for (const b of bundles) {
    const auroc = b.testAuroc
      ? `${fixed(b.testAuroc.fused)} / ${fixed(b.testAuroc.ts)} / ${b.testAuroc.note === null ? 'none (hourly windows only)' : fixed(b.testAuroc.note)}`
      : 'n/a';
    const cohort = b.trainingCohort
      ? `${b.trainingCohort} (${b.trainingContentSha256?.slice(0, 12)}…)`
      : 'n/a';
    const files = `${b.filesVerified}/${b.files} verified${b.problem ? ' — REFUSED' : ''}`;
    rows.push([b.task ?? '?', b.createdAt ?? '?', cohort, auroc, files]);
  }
  const problems = bundles.filter((b) => b.problem).map((b) => `${b.dir}: ${b.problem}`);
  // Calibrations from before `toe calibrate` signed them are used, but said to be unverified.
  const unsigned = bundles
    .filter((b) => !b.problem && calibrationState(b.dir) === 'unsigned')
    .map(
      (b) =>
        `${b.dir}: calibration.json is not verified (written before \`toe calibrate\` recorded what it wrote); run \`toe calibrate --bundle ${b.dir} --cohort NAME --force\` to verify it from now on.`,
    );
  problems.push(...unsigned);
  return [table(rows), ...problems].join('\n');
}

/** The streams a bundle has figures for: a TS-only bundle has no notes-only stream. */
function streamsOf(runtime: ModelRuntime): readonly Stream[] {
  return runtime.hasNoteStream ? STREAMS : STREAMS.filter((s) => s !== 'note');
}

function metricsJson(figures: Record<Stream, StreamFigures>, streams: readonly Stream[]) {
  const ci = ({ estimate, lower, upper, skipped }: BootstrapCi) => ({
    estimate,
    lower,
    upper,
    skipped,
  });
  return Object.fromEntries(
    streams.map((s) => [
      s,
      { auroc: ci(figures[s].auroc), auprc: ci(figures[s].auprc), ece: ci(figures[s].ece) },
    ]),
  );
}

/**
 * `toe models list`, `toe models eval` and `toe models sign`: the shipped bundles, full-input
 * metrics of one on a cohort, and signing the manifest of a bundle made before manifests were
 * signed.
 */
export function registerModelsCommand(program: Command, context: CliContext): void {
  const models = program
    .command('models')
    .description('model bundles: list the shipped ones, evaluate one on a cohort, sign one');

  models
    .command('list')
    .description('the bundles in resources/models/<task>/, with their files and manifest verified')
    .option('--dir <dir>', 'folder holding one bundle folder per task', SHIPPED_MODELS_DIR)
    .action((options: { dir: string }) => {
      const bundles = listBundles(resolve(options.dir));
      if (context.json) context.printJson(bundles);
      else context.print(formatBundleList(bundles));
    });

  models
    .command('sign')
    .description(
      "sign a bundle's manifest.json (writes manifest.signature.json): for bundles made before manifests were signed; `toe train` signs new ones",
    )
    .argument('<dir>', 'bundle folder')
    .option(
      '--replace',
      'sign the manifest as it is now although it differs from what was signed (a deliberate change)',
      false,
    )
    .action((dir: string, options: { replace: boolean }) => {
      const outcome = signBundle(resolve(dir), { replace: options.replace });
      if (context.json) return context.printJson(outcome);
      const verb = {
        signed: 'signed',
        replaced: 'signed again (the earlier signature replaced)',
        unchanged: 'already signed, and matches its signature:',
      }[outcome.action];
      context.print(
        `${outcome.dir}: manifest.json ${verb} canonical SHA-256 ${outcome.manifestSha256}; bundle fingerprint ${outcome.fingerprint}`,
      );
      if (outcome.staleCalibration !== null) {
        context.print(
          `calibration.json was fitted for fingerprint ${outcome.staleCalibration.slice(0, 12)}…, not this one, and will be refused: calibrate again with \`toe calibrate --bundle ${outcome.dir} --cohort NAME\`.`,
        );
      }
    });

  models
    .command('eval')
    .description(
      'full-input AUROC, AUPRC and ECE (95% bootstrap CIs) of a bundle on a cohort split',
    )
    .requiredOption('--task <task>', 'outcome task, e.g. E1')
    .option('--bundle <dir>', 'bundle folder (default: resources/models/<task>)')
    .option('--cohort <name>', 'cohort name or id', 'demo')
    .addOption(new Option('--split <split>', 'split to evaluate').choices(SPLITS).default('test'))
    .option('--seed <s>', 'bootstrap seed', integerOption(0, 2 ** 32 - 1), 7)
    .option('--resamples <n>', 'bootstrap resamples', integerOption(1, 100_000), 1000)
    .addOption(
      new Option(
        '--execution-provider <ep>',
        'onnxruntime provider (default: $TOE_EXECUTION_PROVIDER or auto)',
      ).choices(['auto', 'cuda', 'cpu']),
    )
    .action(async (options: EvalOptions) => {
      const started = performance.now();
      const store = context.openStore();
      const cohortId = store.resolveCohort(options.cohort);
      const cohort = store.getCohort(cohortId);
      const dir = resolve(options.bundle ?? join(SHIPPED_MODELS_DIR, options.task));
      const runtime = await ModelRuntime.open(dir, {
        store,
        ...(options.executionProvider ? { executionProvider: options.executionProvider } : {}),
      });
      const bar = terminalProgress(context.json);
      try {
        const manifest = runtime.manifest;
        if (manifest.task !== options.task) {
          throw new Error(
            `The bundle in ${dir} predicts ${manifest.task}, not ${options.task}. Pass --task ${manifest.task} or another --bundle.`,
          );
        }
        runtime.checkCohort(cohort);
        const scored = await scoreSplit(runtime, store, cohortId, options.split, bar.sink);
        bar.stop();
        if (scored.labels.length === 0) {
          throw new Error(
            `Cohort "${cohort.name}" has no ${options.split} stays labelled for ${options.task}. Try another --split.`,
          );
        }
        const positives = scored.labels.reduce((n, y) => n + y, 0);
        const figures = fullInputMetrics(scored, {
          seed: options.seed,
          resamples: options.resamples,
        });
        const relation = trainingRelation(store, cohortId, manifest, options.split);
        const isTrainingCohort = relation.kind === 'training-cohort';
        const recorded = isTrainingCohort
          ? (manifest.metrics?.[options.split]?.full ?? null)
          : null;
        const result = {
          task: options.task,
          bundle: dir,
          cohort: cohort.name,
          split: options.split,
          stays: scored.labels.length,
          positives,
          executionProvider: runtime.provider,
          bootstrap: { seed: options.seed, resamples: options.resamples, level: 0.95 },
          metrics: metricsJson(figures, streamsOf(runtime)),
          trainingCohort: {
            name: manifest.training.cohort,
            contentSha256: manifest.training.contentSha256,
            isTrainingCohort,
            relation: relation.sentence,
            recordedMetrics: recorded,
          },
          seconds: (performance.now() - started) / 1000,
        };
        if (context.json) {
          context.printJson(result);
          return;
        }
        context.print(
          `${options.task} bundle ${dir}\ncohort "${cohort.name}", ${options.split} split: ${result.stays} stays, ${positives} positive; execution provider: ${runtime.provider}\n`,
        );
        const rows = [['stream', 'AUROC (95% CI)', 'AUPRC (95% CI)', 'ECE (95% CI)']];
        for (const s of streamsOf(runtime)) {
          rows.push([
            STREAM_LABEL[s],
            withInterval(figures[s].auroc),
            withInterval(figures[s].auprc),
            withInterval(figures[s].ece),
          ]);
        }
        context.print(table(rows));
        context.print(
          recorded
            ? `\nthis is the bundle's training cohort: the manifest records ${options.split} AUROC fused ${fixed(recorded.fused.auroc, 4)}, TS-only ${fixed(recorded.ts.auroc, 4)}, ${recorded.note ? `notes-only ${fixed(recorded.note.auroc, 4)}` : 'no note stream (hourly windows only)'}`
            : `\n${relation.sentence} Figures are not comparable with the manifest's.`,
        );
        context.print(
          `bootstrap: ${options.resamples} resamples of stays, seed ${options.seed}; done in ${result.seconds.toFixed(1)} s`,
        );
      } finally {
        bar.stop();
        await runtime.close();
      }
    });
}
