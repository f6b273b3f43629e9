// Evaluations kept in the store (toe evaluate, or started from a run's dashboard) and what
// a run's dashboard knows of them: the faithfulness–sparsity frontier of the run's model.
import type { EvaluationResult } from './charts';
import type { JobProgress, Split } from './domain';

export interface StoredEvaluation {
  id: number;
  createdAt: string;
  result: EvaluationResult;
}

export interface RunEvaluationState {
  /**
   * The newest evaluation of the run's model (same bundle files) on the run's cohort (same
   * content), of the run's split when there is one; null when there is none.
   */
  evaluation: StoredEvaluation | null;
  /** An evaluation of the same model, cohort and split under way in this app, or null. */
  running: { jobId: string; progress: JobProgress | null } | null;
  /** What an evaluation started from the dashboard covers: the split and its stays. */
  plan: { split: Split; stays: number };
}
