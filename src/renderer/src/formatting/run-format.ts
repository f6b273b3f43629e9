// How runs, stays and evidence units are named on screen.
import { taskTitle } from '../../../shared/task-titles';
import type { RunSummary, StayAuditResult } from '../../../shared/audit';
import type { ConfusionClass } from '../../../shared/audit-statistics';

/** What a person needs to know about a run's state; 'interrupted' = crashed or killed. */
export type RunState = 'running' | 'completed' | 'cancelled' | 'interrupted' | 'failed';

export function runState(run: RunSummary): RunState {
  return run.interrupted ? 'interrupted' : run.status;
}

export const RUN_STATE_LABEL: Record<RunState, string> = {
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
  failed: 'Failed',
};

/** A run can be continued unless it finished or is being executed right now. */
export function isResumable(run: RunSummary): boolean {
  const state = runState(run);
  return state === 'cancelled' || state === 'interrupted' || state === 'failed';
}

export function shortHash(hex: string, length = 10): string {
  return hex.slice(0, length);
}

export function runTitle(run: RunSummary): string {
  const split = run.spec.split ? `${run.spec.split} split` : 'all splits';
  return `Run ${run.id}: ${taskTitle(run.spec.task)} on ${run.provenance.cohortName} (${split})`;
}

/** Unit ids 0..T−1 are the hourly windows W1..WT; from T on, note chunks N1, N2, … */
export function unitLabel(unit: number, windows: number): string {
  return unit < windows ? `W${unit + 1}` : `N${unit - windows + 1}`;
}

export function unitLabels(units: readonly number[], windows: number): string {
  return units.length === 0 ? '∅ (empty)' : units.map((u) => unitLabel(u, windows)).join(' ');
}

export const OUTCOME_NAMES: Record<ConfusionClass, string> = {
  TP: 'true positive',
  FP: 'false positive',
  TN: 'true negative',
  FN: 'false negative',
};

export const OUTCOME_PLURALS: Record<ConfusionClass, string> = {
  TP: 'true positives',
  FP: 'false positives',
  TN: 'true negatives',
  FN: 'false negatives',
};

/** The line under every dashboard chart: which stays and model, how the CIs were made. */
export function figureSubtitle(
  run: RunSummary,
  stays: number,
  bootstrap: { resamples: number; seed: number },
): string {
  const cohort = `${run.provenance.cohortName}${run.provenance.synthetic ? ' (SYNTHETIC)' : ''}`;
  const split = run.spec.split ?? 'all splits';
  return `${cohort} · ${split} · ${stays} stays · ${taskTitle(run.spec.task)} · 95% CIs, ${bootstrap.resamples} resamples, seed ${bootstrap.seed}`;
}

/**
 * Why an exhausted search exhausted (docs/audit-metrics.md, "Abstention queue"), from the
 * stored result and the run's τ; the queue computes the same from p_full.
 */
export function exhaustionReason(
  result: Pick<StayAuditResult, 'reachable' | 'confidence' | 'stability'>,
  tau: { tauConf: number; tauSuff: number },
): string {
  if (!result.reachable)
    return 'convergence was unreachable from p_full: the model was not confident enough, whatever the evidence';
  const c = result.confidence < tau.tauConf;
  const s = result.stability < tau.tauSuff;
  if (c && s)
    return `the best set missed both τ_conf (C < ${tau.tauConf}) and τ_suff (S < ${tau.tauSuff})`;
  if (c) return `the best set's confidence C stayed below τ_conf = ${tau.tauConf}`;
  if (s)
    return `the evidence alone moved the risk too far from p_full (S < τ_suff = ${tau.tauSuff})`;
  return 'both thresholds passed, which a correct search never reports as exhausted: check the run';
}
