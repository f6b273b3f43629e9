/**
 * The abstention section of `toe evaluate`: the evaluated split audited (with its validation
 * audit) in the paper's mode and, when the bundle has a calibration file, on its calibrated
 * decision; each audit is reused from the store when one of the same model, decision and
 * data is complete. Every policy is then compared with the model's own confidence, exactly
 * as the run's dashboard and PDF compare them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runDecision } from '../../../shared/audit';
import type { EvaluationAbstention } from '../../../shared/charts';
import type { Split } from '../../../shared/domain';
import { CALIBRATION_FILE } from '../calibration';
import { runAbstentionAnalysis } from '../audit/run-abstention';
import type { RunOptions } from '../audit/run-engine';
import { RunStore } from '../audit/run-store';
import {
  resumeAuditWithValidation,
  reusableRun,
  startAuditWithValidation,
} from '../audit/validation-run';
import type { Store } from '../store';

export interface AbstentionAuditRequest {
  cohortId: number;
  task: string;
  split: Split;
  bundleDir: string;
  seed: number;
  resamples?: number;
}

export async function abstentionAudits(
  store: Store,
  request: AbstentionAuditRequest,
  options: RunOptions = {},
): Promise<EvaluationAbstention[]> {
  const modes = existsSync(join(request.bundleDir, CALIBRATION_FILE))
    ? (['none', 'bundle'] as const)
    : (['none'] as const);
  const out: EvaluationAbstention[] = [];
  for (const calibration of modes) {
    // The evaluation compares every policy, toe-tuned too, which replays each path to S_max.
    const runRequest = { ...request, calibration, searchExtent: 'to-limit' as const };
    const previous = reusableRun(store, runRequest);
    const run =
      previous?.status === 'completed'
        ? previous
        : previous
          ? await resumeAuditWithValidation(store, previous.id, options)
          : await startAuditWithValidation(store, runRequest, options);
    const analysis = runAbstentionAnalysis(store, run.id, {
      seed: request.seed,
      ...(request.resamples ? { resamples: request.resamples } : {}),
    });
    out.push({
      decision: runDecision(new RunStore(store).getRun(run.id)),
      runId: run.id,
      validationRunId: analysis.validationRunId,
      analysis,
    });
  }
  return out;
}
