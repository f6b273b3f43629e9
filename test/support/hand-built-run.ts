/**
 * Audit runs built by hand for the monitoring tests: each stay's result states only what
 * monitoring reads (outcome, risk, decision, evidence), so a test knows every figure's truth.
 */
import type { RunSpec, StayAuditDetail } from '../../src/main/core/audit/audit-types';
import { RunStore } from '../../src/main/core/audit/run-store';
import { SEARCH_PARAM_DEFAULTS } from '../../src/main/core/search';
import type { Store } from '../../src/main/core/store';

/** A converged search's result: the stay's outcome, its risk and decision, its evidence. */
export function handBuiltResult(
  stayId: number,
  stayKey: string,
  label: 0 | 1,
  {
    pFull,
    evidence = [0],
    threshold = 0.5,
  }: { pFull: number; evidence?: number[]; threshold?: number },
): StayAuditDetail {
  return {
    stayId,
    stayKey,
    label,
    pFull,
    rawPFull: pFull,
    yFull: pFull >= threshold ? 1 : 0,
    evidence,
    pEvidence: pFull,
    pWithoutEvidence: 0.5,
    leaderPath: [pFull],
    confidence: 0.9,
    stability: 0.9,
    score: 1,
    status: 'converged',
    reachable: true,
    steps: 1,
    statesScored: 3,
    noteUnits: 0,
    elapsedMs: 1,
    trace: [],
    candidates: [0, 1],
  };
}

export interface HandBuiltRun {
  cohortId: number;
  cohortName: string;
  results: readonly StayAuditDetail[];
  task?: string;
  threshold?: number;
  /** Stays in scope without an outcome, to score afterwards (runs.scoreAwaiting). */
  awaitingStayIds?: readonly number[];
}

/** The run, created as the engine creates one (one bundle, one provenance), its results saved. */
export function handBuiltRun(store: Store, run: HandBuiltRun): number {
  const runs = new RunStore(store);
  const spec: RunSpec = {
    cohortId: run.cohortId,
    task: run.task ?? 'E1',
    split: 'test',
    bundleDir: '/bundles/E1',
    params: { ...SEARCH_PARAM_DEFAULTS, threshold: run.threshold ?? 0.5 },
    workers: 1,
    stayKeys: null,
  };
  const runId = runs.createRun({
    spec,
    provenance: {
      appVersion: '0.0.0-test',
      bundleTask: 'E1',
      bundleHashes: { 'manifest.json': 'ab'.repeat(32) },
      executionProvider: 'cpu',
      cohortContentHash: 'cd'.repeat(32),
      cohortName: run.cohortName,
      synthetic: true,
    },
    stayIds: run.results.map((r) => r.stayId),
    excluded: run.awaitingStayIds?.length ?? 0,
    awaitingStayIds: run.awaitingStayIds ?? [],
  });
  for (const result of run.results) runs.saveResult(runId, result);
  return runId;
}
