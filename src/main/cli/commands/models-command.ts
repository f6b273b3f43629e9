import { Option, type Command } from 'commander';
import { EXECUTION_PROVIDERS } from '../../../shared/contract';
import { SPLITS, type Split } from '../../../shared/domain';
import {
  BUNDLE_STREAMS,
  type BootstrapInterval,
  type BundleStream,
  type BundleSummary,
} from '../../../shared/model-bundles';
import type { CliContext } from '../cli-context';
import { ContractClient } from '../contract-client';
import { contractOption } from '../contract-options';
import { terminalProgress } from '../progress-bar';

interface EvalOptions {
  task: string;
  bundle?: string;
  cohort: string;
  split: Split;
  seed: number;
  resamples: number;
  executionProvider?: (typeof EXECUTION_PROVIDERS)[number];
}

const STREAM_LABEL: Record<BundleStream, string> = {
  ts: 'TS-only',
  note: 'notes-only',
  fused: 'fused',
};

const fixed = (x: number, digits = 3) => (Number.isNaN(x) ? 'n/a' : x.toFixed(digits));
const withInterval = (ci: BootstrapInterval) =>
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
    .filter((b) => !b.problem && b.calibration === 'unsigned')
    .map(
      (b) =>
        `${b.dir}: calibration.json is not verified (written before \`toe calibrate\` recorded what it wrote); run \`toe calibrate --bundle ${b.dir} --cohort NAME --force\` to verify it from now on.`,
    );
  problems.push(...unsigned);
  return [table(rows), ...problems].join('\n');
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
    .option(
      '--dir <dir>',
      'folder holding one bundle folder per task (default: the shipped bundles)',
    )
    .action(async (options: { dir?: string }) => {
      const client = new ContractClient(context.openStore());
      const bundles = await client.call('models.list', options.dir ? { dir: options.dir } : {});
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
    .action(async (dir: string, options: { replace: boolean }) => {
      const client = new ContractClient(context.openStore());
      const outcome = await client.call('models.sign', { bundle: dir, replace: options.replace });
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
    .addOption(contractOption('models.fullInputMetrics', 'seed', '--seed <s>', 'bootstrap seed'))
    .addOption(
      contractOption(
        'models.fullInputMetrics',
        'resamples',
        '--resamples <n>',
        'bootstrap resamples',
      ),
    )
    .addOption(
      new Option(
        '--execution-provider <ep>',
        'onnxruntime provider (default: $TOE_EXECUTION_PROVIDER or auto)',
      ).choices(EXECUTION_PROVIDERS),
    )
    .action(async (options: EvalOptions) => {
      const client = new ContractClient(context.openStore());
      const bar = terminalProgress(context.json);
      let result;
      try {
        result = await client.callJob(
          'models.fullInputMetrics',
          {
            task: options.task,
            cohort: options.cohort,
            split: options.split,
            seed: options.seed,
            resamples: options.resamples,
            ...(options.bundle ? { bundle: options.bundle } : {}),
            ...(options.executionProvider ? { executionProvider: options.executionProvider } : {}),
          },
          (event) => {
            if (event.type === 'job.progress') bar.sink(event.progress);
          },
        );
      } finally {
        bar.stop();
      }
      if (context.json) {
        context.printJson(result);
        return;
      }
      context.print(
        `${result.task} bundle ${result.bundle}\ncohort "${result.cohort}", ${result.split} split: ${result.stays} stays, ${result.positives} positive; execution provider: ${result.executionProvider}\n`,
      );
      const rows = [['stream', 'AUROC (95% CI)', 'AUPRC (95% CI)', 'ECE (95% CI)']];
      for (const stream of BUNDLE_STREAMS) {
        const figures = result.metrics[stream];
        if (!figures) continue;
        rows.push([
          STREAM_LABEL[stream],
          withInterval(figures.auroc),
          withInterval(figures.auprc),
          withInterval(figures.ece),
        ]);
      }
      context.print(table(rows));
      const recorded = result.trainingCohort.recordedMetrics;
      context.print(
        recorded
          ? `\nthis is the bundle's training cohort: the manifest records ${result.split} AUROC fused ${fixed(recorded.fused.auroc, 4)}, TS-only ${fixed(recorded.ts.auroc, 4)}, ${recorded.note ? `notes-only ${fixed(recorded.note.auroc, 4)}` : 'no note stream (hourly windows only)'}`
          : `\n${result.trainingCohort.relation} Figures are not comparable with the manifest's.`,
      );
      context.print(
        `bootstrap: ${result.bootstrap.resamples} resamples of stays, seed ${result.bootstrap.seed}; done in ${result.seconds.toFixed(1)} s`,
      );
    });
}
