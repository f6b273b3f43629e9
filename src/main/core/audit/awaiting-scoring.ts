/**
 * Scores a run's stays whose outcomes are not in yet: the model's full-input decision on each,
 * on the scale the run decides on, and nothing more. They are not searched: a search is
 * audited against the outcome, which these stays do not have. Monitoring forecasts from these
 * risks what the stays' outcomes will show (run-monitoring.ts). Runs on the engine's thread,
 * the store's only writer, after the notes are embedded; a resumed run scores what is left.
 */
import { applyCalibration } from '../calibration';
import type { ModelRuntime } from '../models';
import { fullInputDecision, type ProbabilityMap } from '../search';
import type { Store } from '../store';
import type { AwaitingStayRisk, RunSpec } from './audit-types';
import type { RunLease, RunStore } from './run-store';

/** Stays loaded, scored and committed at a time: a crash loses at most one slice of work. */
const SCORE_SLICE = 64;

export async function scoreAwaitingStays(
  runtime: ModelRuntime,
  store: Store,
  runs: RunStore,
  run: { id: number; spec: RunSpec; lease: RunLease },
  stayIds: readonly number[],
  signal: AbortSignal,
): Promise<void> {
  const map = run.spec.decision?.mode === 'calibrated' ? run.spec.decision.map : null;
  const calibration: ProbabilityMap | undefined = map ? (p) => applyCalibration(map, p) : undefined;
  for (let start = 0; start < stayIds.length; start += SCORE_SLICE) {
    signal.throwIfAborted();
    const stays = store.loadStays(stayIds.slice(start, start + SCORE_SLICE));
    const models = await runtime.stayModels(stays);
    const risks: AwaitingStayRisk[] = [];
    for (const [i, stay] of stays.entries()) {
      const decision = await fullInputDecision(models[i]!, run.spec.params.threshold, calibration);
      risks.push({
        stayId: stay.id,
        pFull: decision.pFull,
        rawPFull: decision.rawPFull,
        yFull: decision.yFull,
      });
    }
    runs.scoreAwaiting(run.id, risks, run.lease);
  }
}
