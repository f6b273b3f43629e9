/**
 * Gathers everything the PDF audit report prints from the store into one ReportData: plain
 * JSON, computed once (statistics, bias audit and abstention queue from the run's own
 * parameters and one bootstrap seed), so the layout code never computes a figure and a test
 * can compare every printed number with the store.
 */
import { hourlyWindowsOnly, runDecision } from '../../../shared/audit';
import type { CohortDetail } from '../../../shared/domain';
import {
  defaultMonitoringPeriod,
  UNIT_ATTRIBUTES,
  type MonitoringReport,
  type PeriodRule,
} from '../../../shared/monitoring';
import type { RunSummary } from '../audit/audit-types';
import { ReviewStore } from '../audit/review-store';
import { queueRowsOf } from '../audit/run-abstention';
import type { FiguresRequest } from '../audit/run-figures';
import { RunStore } from '../audit/run-store';
import {
  ABSTENTION_REASONS,
  type AbstentionReason,
  type AbstentionRow,
} from '../audit/statistics-index';
import { runFigures } from '../audit/stored-figures';
import { TASK_DESCRIPTIONS } from '../import/clinical-variables';
import {
  bundleHashes,
  changedBundleFiles,
  readManifest,
  trainingRelation,
  type BundleManifest,
} from '../models';
import { NotFoundError, type Store } from '../store';
import { chooseExamples } from './example-selection';
import { exampleTrace } from './example-trace-data';
import {
  REPORT_VERSION,
  type AbstentionData,
  type BundleFacts,
  type ExampleSlot,
  type ModelFacts,
  type ReportData,
} from './report-data-types';

export interface ReportDataOptions {
  /** Bootstrap seed of every interval (printed in the report). */
  seed: number;
  /** Bootstrap resamples (default 1,000, method.md). */
  resamples?: number;
  /** Bias-audit suppression threshold (default 11). */
  minGroupSize?: number;
  /** The report's date (default: now); tests pin it. */
  generatedAt?: string;
}

/** The manifest, if the bundle folder still holds the very files the run used. */
function runBundle(run: RunSummary): { manifest: BundleManifest | null; problem: string | null } {
  let manifest: BundleManifest;
  try {
    manifest = readManifest(run.spec.bundleDir);
  } catch (error) {
    return { manifest: null, problem: error instanceof Error ? error.message : String(error) };
  }
  // Runs recorded before manifests were hashed are compared on their files only.
  const changed = changedBundleFiles(run.provenance.bundleHashes, bundleHashes(manifest));
  if (changed.length > 0) {
    return {
      manifest: null,
      problem: `The bundle in ${run.spec.bundleDir} changed since the run (${changed.join(', ')} differ from the run's record), so its manifest no longer describes the audited model.`,
    };
  }
  return { manifest, problem: null };
}

function bundleFacts(m: BundleManifest): BundleFacts {
  const test = m.metrics?.test;
  return {
    createdAt: m.createdAt,
    trainingCohort: m.training.cohort,
    trainingSource: m.training.source ?? null,
    trainedOnSynthetic: m.training.synthetic ?? null,
    trainingContentHash: m.training.contentSha256,
    textEncoder: m.textEncoder?.id ?? null,
    windows: m.units.timeSeries.count,
    variables: m.featureSchema.variables.length,
    noteSlots: m.units.notes?.Mmax ?? 0,
    forwardFill: m.featureSchema.forwardFill,
    recordedTest: test
      ? { stays: test.stays, positives: test.positives, auroc: test.full.fused.auroc }
      : null,
  };
}

function modelFacts(
  store: Store,
  run: RunSummary,
  manifest: BundleManifest | null,
  problem: string | null,
) {
  const facts: ModelFacts = {
    bundleDir: run.spec.bundleDir,
    task: run.spec.task,
    taskDescription: TASK_DESCRIPTIONS[run.spec.task] ?? null,
    params: run.spec.params,
    decision: runDecision(run),
    files: Object.keys(run.provenance.bundleHashes).length,
    bundle: manifest ? bundleFacts(manifest) : null,
    training: manifest
      ? trainingRelation(store, run.spec.cohortId, manifest, run.spec.split)
      : null,
    bundleProblem: problem,
  };
  return facts;
}

function abstentionData(
  rows: AbstentionRow[],
  exhausted: AbstentionRow[],
  allReviews: number,
): AbstentionData {
  const byReason = Object.fromEntries(ABSTENTION_REASONS.map((r) => [r, 0])) as Record<
    AbstentionReason,
    number
  >;
  for (const row of exhausted) byReason[row.reason]++;
  const verdict = (v: string) => rows.filter((r) => r.review?.verdict === v).length;
  const flagged = rows.filter((r) => r.predicted === 1);
  return {
    rows,
    byReason,
    review: {
      queued: rows.length,
      reviewed: rows.filter((r) => r.review !== null).length,
      agree: verdict('agree'),
      disagree: verdict('disagree'),
      discuss: verdict('discuss'),
      flaggedPositive: flagged.length,
      flaggedPositiveReviewed: flagged.filter((r) => r.review !== null).length,
      allReviews,
    },
  };
}

/**
 * The dashboard's figures the report prints, asked as the dashboard asks them (its bias view
 * opens on the largest group as reference), so both read the same stored rows.
 */
export function reportFigureRequests(runId: number, options: ReportDataOptions) {
  const { seed, resamples, minGroupSize } = options;
  const asked = { runId, seed, ...(resamples !== undefined ? { resamples } : {}) };
  return {
    statistics: { kind: 'statistics', ...asked },
    abstention: { kind: 'abstention', ...asked },
    bias: {
      kind: 'bias',
      ...asked,
      reference: 'largest',
      ...(minGroupSize !== undefined ? { minGroupSize } : {}),
    },
  } as const satisfies Record<
    Exclude<FiguresRequest['kind'], 'coverage' | 'monitoring'>,
    FiguresRequest
  >;
}

export function gatherReportData(
  store: Store,
  runId: number,
  options: ReportDataOptions,
): ReportData {
  const runs = new RunStore(store);
  const run = runs.getRun(runId);
  const results = runs.results(runId);
  if (results.length === 0) {
    throw new NotFoundError(
      `Audit run ${runId} has no results yet, so there is nothing to report. Resume it with \`toe resume ${runId}\`.`,
    );
  }
  const cohort: CohortDetail = store.getCohort(run.spec.cohortId);
  const { manifest, problem } = runBundle(run);
  const windows = manifest?.units.timeSeries.count ?? cohort.featureSchema.hours;
  // A TS-only run had no note slots (its stays' chunks were not units).
  const noteSlots = hourlyWindowsOnly(run.provenance)
    ? 0
    : (manifest?.units.notes?.Mmax ?? cohort.noteRule.maxChunks);
  // Kept with the run's figures: on a large run the pass over every stay is seconds.
  const coverage = runFigures(store, { kind: 'coverage', runId, noteSlots });
  const { seed, resamples = 1000, minGroupSize = 11 } = options;
  const figures = reportFigureRequests(runId, options);
  const statistics = runFigures(store, figures.statistics);
  const bias = runFigures(store, figures.bias);
  const reviews = new ReviewStore(store).list(runId);
  const queueRows = queueRowsOf(store, run, results);
  const queue = queueRows({ scope: 'flagged' });
  const exhausted = queueRows({ scope: 'exhausted' });
  const abstentionAnalysis = runFigures(store, figures.abstention);
  const monitoring = reportMonitoring(store, runId, cohort.attributes, seed, minGroupSize);
  const examples: ExampleSlot[] = chooseExamples(results, hourlyWindowsOnly(run.provenance)).map(
    (choice) => {
      const { stayId, ...slot } = choice;
      if (stayId === null) return { ...slot, example: null };
      const [stay] = store.loadStays([stayId]);
      const review = reviews.find((r) => r.stayId === stayId) ?? null;
      const detail = runs.detail(runId, stayId);
      return { ...slot, example: exampleTrace(detail, stay!, cohort, windows, manifest, review) };
    },
  );
  return {
    reportVersion: REPORT_VERSION,
    settings: {
      seed,
      resamples,
      minGroupSize,
      generatedAt: options.generatedAt ?? new Date().toISOString(),
    },
    run,
    cohort: {
      id: cohort.id,
      name: cohort.name,
      source: cohort.source,
      synthetic: cohort.synthetic,
      description: cohort.description,
      stays: cohort.stays,
      splits: cohort.splits,
      attributes: cohort.attributes,
      createdAt: cohort.createdAt,
      contentHash: run.provenance.cohortContentHash,
      // The traces quote today's store; say so if it no longer holds what the run audited.
      changedSinceRun: store.cohortContentHash(cohort.id) !== run.provenance.cohortContentHash,
    },
    model: modelFacts(store, run, manifest, problem),
    statistics,
    bias,
    abstention: abstentionData(queue, exhausted, reviews.length),
    abstentionAnalysis,
    coverage,
    monitoring,
    examples,
  };
}

/**
 * The monitoring the report prints: by the stays' own period attribute when they carry one
 * (PERIOD_ATTRIBUTES), else by quarter of admission, or by year when fewer than two quarters
 * have enough stays to show; across units when the stays name one (UNIT_ATTRIBUTES).
 */
function reportMonitoring(
  store: Store,
  runId: number,
  attributes: readonly string[],
  seed: number,
  minGroupSize: number,
): MonitoringReport {
  const unit = UNIT_ATTRIBUTES.find((name) => attributes.includes(name)) ?? null;
  const asked = (period: PeriodRule) =>
    runFigures(store, {
      kind: 'monitoring',
      runId,
      seed,
      period,
      unit,
      minGroupSize,
      referencePeriods: 0,
    });
  const period = defaultMonitoringPeriod(attributes);
  // A cohort's own period attribute is its calendar; quarters give way to years when too few
  // quarters have enough stays to show.
  if (!('calendar' in period)) return asked(period);
  const quarters = asked(period);
  return quarters.periods.filter((g) => !g.suppressed).length >= 2
    ? quarters
    : asked({ calendar: 'year' });
}
