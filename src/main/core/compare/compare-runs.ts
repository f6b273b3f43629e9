/**
 * Two stored runs compared (`toe compare RUN_A RUN_B`): refuses pairs that make no sense
 * (the same run, different tasks, a run not completed), says in words how the runs differ
 * (cohort, split, bundle, decision, threshold) and compares their results (compare-results.ts).
 */
import type { RunSummary } from '../../../shared/audit';
import { transportedCalibration } from '../../../shared/calibration';
import type { ComparedRunInfo, RunComparison } from '../../../shared/run-comparison';
import { runStayAttributes } from '../audit/run-attributes';
import { RunStore } from '../audit/run-store';
import { runFigures } from '../audit/stored-figures';
import { InputError } from '../errors/input-error';
import { readUncheckedManifest } from '../models';
import { ConflictError, type Store } from '../store';
import { runChartedMasks } from './charted-masks';
import { compareResults, type CompareOptions } from './compare-results';
import { portablePath } from '../paths/portable-path';

export type CompareRunsOptions = Omit<CompareOptions, 'differences' | 'notes'>;

/** The resamples a run's statistics take when none are asked for (cohort-statistics.ts). */
const DEFAULT_RESAMPLES = 1000;

function decisionOf(run: RunSummary): string {
  return run.spec.decision?.mode === 'calibrated' ? 'calibrated' : "raw (paper's mode)";
}

/** Whether the bundle was trained on synthetic data; null when its manifest is unreadable. */
function trainedOnSynthetic(bundleDir: string): boolean | null {
  try {
    return readUncheckedManifest(bundleDir).training.synthetic ?? null;
  } catch {
    return null; // The run's own report says why the bundle cannot be read.
  }
}

/** A run's own warnings, carried into the comparison so a reader of it sees them too. */
function runWarnings(run: RunSummary, transported: string | null): string[] {
  const out: string[] = [];
  if (transported) out.push(transported);
  const synthetic = run.provenance.synthetic;
  if (!synthetic && trainedOnSynthetic(run.spec.bundleDir) === true)
    out.push(
      'The model was trained on SYNTHETIC data and is applied here to patient stays: its figures describe a model that was never fitted to patients.',
    );
  if (synthetic) out.push('Its cohort is SYNTHETIC: not patient data.');
  return out;
}

function infoOf(store: Store, run: RunSummary, stayIds: readonly number[]): ComparedRunInfo {
  const transported = run.spec.decision
    ? transportedCalibration(run.spec.decision, run.provenance)
    : null;
  return {
    runId: run.id,
    task: run.spec.task,
    cohortName: run.provenance.cohortName,
    cohortSource: store.getCohort(run.spec.cohortId).source,
    split: run.spec.split,
    synthetic: run.provenance.synthetic,
    bundleDir: run.spec.bundleDir,
    bundleFingerprint: run.provenance.bundleFingerprint ?? null,
    decision: decisionOf(run),
    threshold: run.spec.params.threshold,
    stays: run.doneStays,
    noteChunks: store.noteChunkCount(stayIds),
    calibrationTransported: transported !== null,
    warnings: runWarnings(run, transported),
  };
}

/** Refuses a pair that cannot be compared; the message says why. */
export function checkComparable(a: RunSummary, b: RunSummary): void {
  const pair = `audit runs ${a.id} and ${b.id}`;
  if (a.id === b.id)
    throw new InputError(pair, null, null, 'a run compared with itself: give two different runs');
  for (const run of [a, b]) {
    if (run.status !== 'completed') {
      throw new ConflictError(
        `Audit run ${run.id} is ${run.status} (${run.doneStays} of ${run.totalStays} stays): only completed runs are compared (\`toe resume ${run.id}\` continues it).`,
      );
    }
  }
  if (a.spec.task !== b.spec.task) {
    throw new InputError(
      pair,
      null,
      null,
      `run ${a.id} audits task ${a.spec.task} and run ${b.id} task ${b.spec.task}: figures of different outcomes do not compare; compare runs of the same task`,
    );
  }
}

function sameBundle(a: RunSummary, b: RunSummary): boolean {
  const fa = a.provenance.bundleFingerprint;
  const fb = b.provenance.bundleFingerprint;
  if (fa && fb) return fa === fb;
  return JSON.stringify(a.provenance.bundleHashes) === JSON.stringify(b.provenance.bundleHashes);
}

/** How run B differs from run A, in words; one line saying so when nothing does. */
export function describeDifferences(a: RunSummary, b: RunSummary): string[] {
  const out: string[] = [];
  const ca = a.provenance;
  const cb = b.provenance;
  if (a.spec.cohortId !== b.spec.cohortId || ca.cohortContentHash !== cb.cohortContentHash) {
    out.push(`different cohorts: "${ca.cohortName}" (A) and "${cb.cohortName}" (B)`);
  }
  if (a.spec.split !== b.spec.split) {
    out.push(
      `different splits: ${a.spec.split ?? 'all stays'} (A) and ${b.spec.split ?? 'all stays'} (B)`,
    );
  }
  if (!sameBundle(a, b)) {
    out.push(
      a.spec.bundleDir === b.spec.bundleDir
        ? `different model bundles in the same folder ${portablePath(a.spec.bundleDir)} (its files or calibration changed between the runs)`
        : `different model bundles: ${portablePath(a.spec.bundleDir)} (A) and ${portablePath(b.spec.bundleDir)} (B)`,
    );
  }
  const da = decisionOf(a);
  const db = decisionOf(b);
  if (da !== db) out.push(`different decisions: ${da} probability (A), ${db} probability (B)`);
  const ta = a.spec.params.threshold;
  const tb = b.spec.params.threshold;
  if (ta !== tb) {
    out.push(`different decision thresholds: ${ta.toFixed(3)} (A) and ${tb.toFixed(3)} (B)`);
  }
  const { threshold: _ta, ...searchA } = a.spec.params;
  const { threshold: _tb, ...searchB } = b.spec.params;
  const changed = (Object.keys(searchA) as (keyof typeof searchA)[]).filter(
    (k) => searchA[k] !== searchB[k],
  );
  if (changed.length > 0) {
    out.push(
      `different search parameters: ${changed.map((k) => `${k} ${searchA[k]} (A) vs ${searchB[k]} (B)`).join(', ')}`,
    );
  }
  if (out.length === 0) {
    out.push(
      'the same bundle, cohort, split, decision and search parameters: a re-run, whose figures should not differ',
    );
  }
  return out;
}

export function compareRuns(
  store: Store,
  runA: number,
  runB: number,
  options: CompareRunsOptions,
): RunComparison {
  const runs = new RunStore(store);
  const a = runs.getRun(runA);
  const b = runs.getRun(runB);
  checkComparable(a, b);
  const resultsA = runs.results(runA);
  const resultsB = runs.results(runB);
  const notes: string[] = [];
  if (a.spec.cohortId === b.spec.cohortId) {
    const inA = new Set(resultsA.map((r) => r.stayId));
    const shared = resultsB.filter((r) => inA.has(r.stayId)).length;
    if (shared > 0) {
      notes.push(
        `${shared} stays are in both runs: the intervals treat the runs as independent samples, which overstates the uncertainty of a difference on shared stays (conservative)`,
      );
    }
  }
  // Each run's figures as its dashboard reads them: its stored cohort statistics, computed
  // and kept here if not yet stored (the dashboard's request: resamples only when not 1,000).
  const resamples =
    options.resamples !== undefined && options.resamples !== DEFAULT_RESAMPLES
      ? { resamples: options.resamples }
      : {};
  const statistics = (runId: number) =>
    runFigures(store, { kind: 'statistics', runId, seed: options.seed, ...resamples });
  return compareResults(
    {
      info: infoOf(
        store,
        a,
        resultsA.map((r) => r.stayId),
      ),
      results: resultsA,
      attributes: runStayAttributes(store, runA),
      charted: runChartedMasks(store, a),
      statistics: statistics(runA),
    },
    {
      info: infoOf(
        store,
        b,
        resultsB.map((r) => r.stayId),
      ),
      results: resultsB,
      attributes: runStayAttributes(store, runB),
      charted: runChartedMasks(store, b),
      statistics: statistics(runB),
    },
    { ...options, differences: describeDifferences(a, b), notes },
  );
}
