/**
 * What the statistics layer reads of each stay: per-stay columns in stay order, so any two
 * columns are paired and a bootstrap over them resamples stays, never figures independently.
 * A run's results (audit/stay-columns.ts) and an evaluation's dynamic-mode outcomes
 * (evaluation/dynamic-sections.ts) both come in this form.
 */
import type { Flags, Numbers } from './inputs';

/** The outcome of audit-mode search on each stay, beside the full-input decision. */
export interface SearchOutcomes {
  pFull: Numbers;
  /** True outcomes, 0/1. */
  labels: Numbers;
  /** The full-input decision ŷ_full the search explained, 0/1. */
  yFull: Numbers;
  /** |E|: evidence units the search kept. */
  sizes: Numbers;
  /** The search ran its S_max steps without converging. */
  exhausted: Flags;
  /** Convergence was possible at all given p_full (method.md, "Reachability"). */
  reachable: Flags;
}

/** The same with what the evidence alone does, for the faithfulness and modality sections. */
export interface EvidenceOutcomes extends SearchOutcomes {
  /** p(E): the model on the evidence units alone. */
  pEvidence: Numbers;
  /** p(all minus E): for comprehensiveness. */
  pWithoutEvidence: Numbers;
  /** Evidence units that are note chunks. */
  noteUnits: Numbers;
}
