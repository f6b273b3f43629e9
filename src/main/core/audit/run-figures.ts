/**
 * A run's cohort statistics, abstention analysis and bias audit, read from the store and computed at the run's
 * own parameters (threshold, τ, stability space), as the dashboard and the PDF show them.
 * Both take seconds on a large run, so the API computes them on a worker thread
 * (figures-worker.ts) through this one function, and keeps a settled run's in the store
 * (stored-figures.ts).
 */
import type { AbstentionAnalysis } from '../../../shared/abstention';
import type { CohortStatistics } from '../../../shared/audit-statistics';
import type { BiasAudit, ReferenceRule } from '../../../shared/bias-audit';
import type { MonitoringReport, PeriodRule } from '../../../shared/monitoring';
import { ConflictError, type Store } from '../store';
import type { RunSummary } from './audit-types';
import { biasAudit } from './bias-audit';
import { cohortStatistics } from './cohort-statistics';
import { inputCoverage, type InputCoverage } from './input-coverage';
import { runAbstentionAnalysis } from './run-abstention';
import { runStayAttributes } from './run-attributes';
import { runMonitoring } from './run-monitoring';
import { RunStore } from './run-store';

/** resamples: the bootstrap's (default 1,000); the dashboard keeps the default, `toe report` may not. */
export type FiguresRequest =
  | { kind: 'statistics'; runId: number; seed: number; resamples?: number }
  | { kind: 'abstention'; runId: number; seed: number; resamples?: number }
  | {
      kind: 'bias';
      runId: number;
      seed: number;
      resamples?: number;
      reference?: ReferenceRule;
      minGroupSize?: number;
      intersections?: [string, string][];
    }
  | {
      kind: 'monitoring';
      runId: number;
      seed: number;
      period: PeriodRule;
      unit: string | null;
      minGroupSize: number;
      referencePeriods: number;
      seriesRunIds?: number[];
    }
  /** The audited stays' missing inputs; noteSlots: the bundle's (0 for an hourly-windows-only run). */
  | { kind: 'coverage'; runId: number; noteSlots: number };

export type FiguresOf<R extends FiguresRequest> = R extends { kind: 'statistics' }
  ? CohortStatistics
  : R extends { kind: 'abstention' }
    ? AbstentionAnalysis
    : R extends { kind: 'coverage' }
      ? InputCoverage
      : R extends { kind: 'monitoring' }
        ? MonitoringReport
        : BiasAudit;

/** The run, refusing one without any result yet: there is nothing to compute on. */
export function runWithResults(store: Store, runId: number): RunSummary {
  const run = new RunStore(store).getRun(runId);
  if (run.doneStays === 0) {
    throw new ConflictError(
      `Audit run ${runId} has no results yet. Wait until its first stays are audited${run.status === 'running' ? '' : ', or resume it'}.`,
    );
  }
  return run;
}

export function computeFigures<R extends FiguresRequest>(store: Store, request: R): FiguresOf<R> {
  const run = runWithResults(store, request.runId);
  if (request.kind === 'coverage') {
    const stayIds = new RunStore(store).results(request.runId).map((r) => r.stayId);
    const cohort = store.getCohort(run.spec.cohortId);
    return inputCoverage(store, stayIds, cohort, request.noteSlots) as FiguresOf<R>;
  }
  if (request.kind === 'monitoring') {
    const { period, unit, minGroupSize, seed, referencePeriods, seriesRunIds } = request;
    return runMonitoring(store, request.runId, {
      period,
      unit,
      minGroupSize,
      seed,
      referencePeriods,
      seriesRunIds: seriesRunIds ?? [],
    }) as FiguresOf<R>;
  }
  const p = run.spec.params;
  const resamples = request.resamples !== undefined ? { resamples: request.resamples } : {};
  if (request.kind === 'abstention') {
    return runAbstentionAnalysis(store, request.runId, {
      seed: request.seed,
      ...resamples,
    }) as FiguresOf<R>;
  }
  const results = new RunStore(store).results(request.runId);
  if (request.kind === 'statistics') {
    // The histogram axis runs to S_max at least, so runs with the same S_max compare.
    const largest = results.reduce((max, r) => Math.max(max, r.evidence.length), p.maxSteps);
    return cohortStatistics(results, {
      threshold: p.threshold,
      seed: request.seed,
      ...resamples,
      tauConf: p.tauConf,
      tauSuff: p.tauSuff,
      stability: p.stability,
      maxEvidenceSize: largest,
    }) as FiguresOf<R>;
  }
  const attributes = runStayAttributes(store, request.runId);
  const inputs = store.getCohort(run.spec.cohortId).contextSchema.staticInputs ?? [];
  return biasAudit(results, attributes, {
    threshold: p.threshold,
    seed: request.seed,
    modelInputs: inputs.map((input) => input.name),
    ...resamples,
    ...(request.reference !== undefined ? { reference: request.reference } : {}),
    ...(request.minGroupSize !== undefined ? { minGroupSize: request.minGroupSize } : {}),
    ...(request.intersections !== undefined ? { intersections: request.intersections } : {}),
  }) as FiguresOf<R>;
}
