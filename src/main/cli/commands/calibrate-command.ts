import { resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  CALIBRATION_METHODS,
  type BundleCalibration,
  type CalibrationMap,
  type CalibrationMethod,
  describeThresholdRule,
  formatThresholdRule,
  type ThresholdChoice,
  type ThresholdRule,
} from '../../../shared/calibration';
import {
  calibrateBundle,
  DEFAULT_CALIBRATION_METHOD,
  parseThresholdRule,
  THRESHOLD_RULE_SYNTAX,
} from '../../core/calibration';
import { InputError } from '../../core/import/input-error';
import type { ExecutionProviderRequest } from '../../core/models';
import type { CliContext } from '../cli-context';
import { terminalProgress } from '../progress-bar';

interface CalibrateOptions {
  bundle: string;
  cohort: string;
  method: CalibrationMethod;
  thresholdRule: ThresholdRule;
  dryRun: boolean;
  force: boolean;
  executionProvider?: ExecutionProviderRequest;
}

/** commander's parser for --threshold-rule (also for the audit command). */
export function thresholdRuleOption(raw: string): ThresholdRule {
  try {
    return parseThresholdRule(raw);
  } catch (error) {
    if (error instanceof InputError) throw new InvalidArgumentError(error.problem);
    throw error;
  }
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

/** The command that makes a calibration, as recorded in its file. */
export function calibrateCommandLine(
  bundle: string,
  cohort: string,
  method: CalibrationMethod,
  rule: ThresholdRule,
): string {
  return `toe calibrate --bundle ${bundle} --cohort ${cohort} --method ${method} --threshold-rule ${formatThresholdRule(rule)}`;
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
      ).choices(['auto', 'cuda', 'cpu']),
    )
    .action(async (options: CalibrateOptions) => {
      const store = context.openStore();
      const cohortId = store.resolveCohort(options.cohort);
      const cohortName = store.getCohort(cohortId).name;
      const rule = options.thresholdRule;
      const command = calibrateCommandLine(options.bundle, cohortName, options.method, rule);
      const bar = terminalProgress(context.json);
      const dir = resolve(options.bundle);
      let outcome;
      try {
        outcome = await calibrateBundle(store, {
          bundleDir: dir,
          cohortId,
          method: options.method,
          rule,
          command,
          write: !options.dryRun,
          force: options.force,
          progress: bar.sink,
          ...(options.executionProvider ? { executionProvider: options.executionProvider } : {}),
        });
      } finally {
        bar.stop();
      }
      const { calibration, written } = outcome;
      if (context.json) {
        context.printJson({
          bundle: dir,
          executionProvider: outcome.executionProvider,
          file: written?.file ?? null,
          sha256: written?.sha256 ?? null,
          previous: written?.previous ?? null,
          calibration,
        });
        return;
      }
      const { fittedOn, threshold, ece } = calibration;
      context.print(
        [
          `${calibration.task} bundle ${dir} (fingerprint ${calibration.bundleFingerprint.slice(0, 12)}…); execution provider: ${outcome.executionProvider}`,
          `fitted on cohort "${fittedOn.cohortName}", val split: ${fittedOn.stays} stays, ${fittedOn.events} ${calibration.task} events`,
          `map: ${describeMap(calibration.map)}`,
          `ECE (10 bins) on val: ${ece.raw.toFixed(4)} → ${ece.calibrated.toFixed(4)}`,
          `threshold: ${threshold.value.toFixed(4)} on the calibrated scale (rule ${formatThresholdRule(threshold.rule)}: ${describeThresholdRule(threshold.rule)})`,
          `  on val: ${describeAchieved(threshold)}`,
          written
            ? `wrote ${written.file} (sha256 ${written.sha256.slice(0, 12)}…)`
            : 'dry run: nothing written',
          ...(written?.previous ? [`kept the calibration it replaced as ${written.previous}`] : []),
        ].join('\n'),
      );
    });
}
