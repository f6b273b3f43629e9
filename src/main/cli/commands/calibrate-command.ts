import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  CALIBRATION_METHODS,
  type BundleCalibration,
  type CalibrationMap,
  type CalibrationMethod,
  DEFAULT_CALIBRATION_METHOD,
  describeThresholdRule,
  formatThresholdRule,
  type ThresholdChoice,
  type ThresholdRule,
} from '../../../shared/calibration';
import { EXECUTION_PROVIDERS } from '../../../shared/contract';
import { readThresholdRule, THRESHOLD_RULE_SYNTAX } from '../../../shared/threshold-rule-text';
import type { CliContext } from '../cli-context';
import { ContractClient } from '../contract-client';
import { terminalProgress } from '../progress-bar';

interface CalibrateOptions {
  bundle: string;
  cohort: string;
  method: CalibrationMethod;
  thresholdRule: ThresholdRule;
  dryRun: boolean;
  force: boolean;
  executionProvider?: (typeof EXECUTION_PROVIDERS)[number];
}

/** commander's parser for --threshold-rule (also for the audit command). */
export function thresholdRuleOption(raw: string): ThresholdRule {
  const read = readThresholdRule(raw);
  if ('problem' in read) throw new InvalidArgumentError(read.problem);
  return read.rule;
}

const percent = (x: number | null) => (x === null ? 'n/a' : `${(100 * x).toFixed(1)}%`);

export function describeMap(map: CalibrationMap): string {
  switch (map.method) {
    case 'temperature':
      return `temperature scaling, T = ${map.temperature.toFixed(4)}`;
    case 'platt':
      return `Platt scaling on logit(p), slope ${map.slope.toFixed(4)}, intercept ${map.intercept.toFixed(4)}`;
    case 'isotonic':
      return `isotonic regression, ${map.x.length} knots over p ${map.x[0]!.toFixed(4)}–${map.x[map.x.length - 1]!.toFixed(4)}`;
  }
}

export function describeAchieved(choice: ThresholdChoice): string {
  return `sensitivity ${percent(choice.sensitivity)}, specificity ${percent(choice.specificity)}, PPV ${percent(choice.ppv)}, predicted positive ${percent(choice.predictedPositiveRate)}`;
}

/** One line for `toe train`: what calibrating the new bundle gave. */
export function calibrationSummaryLine(calibration: BundleCalibration, file: string): string {
  return `calibrated on the val split (${calibration.fittedOn.stays} stays): ${describeMap(calibration.map)}; ECE ${calibration.ece.raw.toFixed(4)} → ${calibration.ece.calibrated.toFixed(4)}; threshold ${calibration.threshold.value.toFixed(4)} (${formatThresholdRule(calibration.threshold.rule)}); ${file}`;
}

/** `toe calibrate`: fits a bundle's calibration and threshold on a cohort's val split. */
export function registerCalibrateCommand(program: Command, context: CliContext): void {
  program
    .command('calibrate')
    .description(
      "calibrate a bundle's fused probability and choose its decision threshold on a cohort's val split; writes calibration.json into the bundle folder",
    )
    .requiredOption('--bundle <dir>', 'bundle folder, e.g. resources/models/E1')
    .requiredOption('--cohort <name>', 'cohort name or id (its val split is used)')
    .addOption(
      new Option('--method <method>', 'calibration map')
        .choices(CALIBRATION_METHODS)
        .default(DEFAULT_CALIBRATION_METHOD),
    )
    .addOption(
      new Option('--threshold-rule <rule>', `how the threshold is chosen: ${THRESHOLD_RULE_SYNTAX}`)
        .argParser(thresholdRuleOption)
        .default({ kind: 'prevalence' }, 'prevalence'),
    )
    .option('--dry-run', 'fit and print, but write nothing', false)
    .option(
      '--force',
      'fit on a validation split with few events, and replace an existing calibration.json (the old one is kept as calibration.previous-<time>.json)',
      false,
    )
    .addOption(
      new Option(
        '--execution-provider <ep>',
        'onnxruntime provider (default: $TOE_EXECUTION_PROVIDER or auto)',
      ).choices(EXECUTION_PROVIDERS),
    )
    .action(async (options: CalibrateOptions) => {
      const client = new ContractClient(context.openStore());
      const bar = terminalProgress(context.json);
      let outcome;
      try {
        outcome = await client.callJob(
          'models.calibrate',
          {
            bundle: options.bundle,
            cohort: options.cohort,
            method: options.method,
            thresholdRule: options.thresholdRule,
            dryRun: options.dryRun,
            force: options.force,
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
        context.printJson(outcome);
        return;
      }
      const { calibration, file, sha256, previous } = outcome;
      const dir = outcome.bundle;
      const { fittedOn, threshold, ece } = calibration;
      context.print(
        [
          `${calibration.task} bundle ${dir} (fingerprint ${calibration.bundleFingerprint.slice(0, 12)}…); execution provider: ${outcome.executionProvider}`,
          `fitted on cohort "${fittedOn.cohortName}", val split: ${fittedOn.stays} stays, ${fittedOn.events} ${calibration.task} events`,
          `map: ${describeMap(calibration.map)}`,
          `ECE (10 bins) on val: ${ece.raw.toFixed(4)} → ${ece.calibrated.toFixed(4)}`,
          `threshold: ${threshold.value.toFixed(4)} on the calibrated scale (rule ${formatThresholdRule(threshold.rule)}: ${describeThresholdRule(threshold.rule)})`,
          `  on val: ${describeAchieved(threshold)}`,
          file !== null && sha256 !== null
            ? `wrote ${file} (sha256 ${sha256.slice(0, 12)}…)`
            : 'dry run: nothing written',
          ...(previous !== null ? [`kept the calibration it replaced as ${previous}`] : []),
        ].join('\n'),
      );
    });
}
