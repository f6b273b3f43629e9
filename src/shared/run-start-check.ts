import type { RunSummary } from './audit';

/**
 * What the start form is told before an audit starts (`runs.checkStart`): whether the chosen
 * bundle can be used at all, whether it was trained on generated data and would judge real
 * patients, and whether a completed audit already answers exactly this request.
 */
export interface RunStartCheck {
  /** Why the chosen bundle folder cannot be audited with, in plain words; null: it can. */
  bundleProblem: string | null;
  /** The bundle learnt from a generated (synthetic) cohort and this cohort is real. */
  syntheticOnReal: { trainingCohort: string } | null;
  /**
   * The latest completed run of the same cohort, task, split and stays, with the same bundle
   * fingerprint, search parameters, search extent, decision and review settings; null: none.
   */
  identicalRun: RunSummary | null;
}
