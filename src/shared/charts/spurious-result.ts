/**
 * The spurious-feature audit (`toe evaluate --spurious`, paper appendix "Spurious Feature
 * Injection"), as written to spurious.json: the clean model and the model trained with the
 * injected artefact, both audited in dynamic mode, split by the stay's spurious_flag.
 */
import type { Estimate } from '../estimate';
import type { BundleProvenance, CohortProvenance } from './evaluation-result';

export const SPURIOUS_SCHEMA = 'toe-spurious-audit/1';

export const FLAG_GROUPS = ['all', 'yes', 'no'] as const;
export type FlagGroup = (typeof FLAG_GROUPS)[number];

/** One model's dynamic-mode audit within one flag group. */
export interface ArmGroup {
  flag: FlagGroup;
  stays: number;
  /** Share of stays whose search converged (found sufficient evidence). */
  convergenceRate: Estimate;
  /** The same among stays where convergence was reachable from p_full. */
  convergenceRateReachable: Estimate;
  reachableShare: Estimate;
  /** Mean |E|, exhausted searches counting S_max. */
  meanSize: Estimate;
  /** Mean |E| among converged searches only. */
  meanSizeConverged: Estimate;
  /** Full-input AUROC of the model on these stays. */
  auroc: Estimate;
}

export interface SpuriousArm {
  role: 'clean' | 'corrupted';
  cohort: CohortProvenance;
  bundle: BundleProvenance;
  groups: ArmGroup[];
}

/** Corrupted against clean on the same stays (matched by stay key), paired bootstrap. */
export interface SpuriousComparison {
  flag: FlagGroup;
  stays: number;
  /** Mean |E| corrupted / mean |E| clean. */
  sizeRatio: Estimate;
  /** Mean |E| among converged searches, corrupted / clean. */
  convergedSizeRatio: Estimate;
  /** Convergence rate clean − corrupted (positive: the corrupted model converges less). */
  convergenceDrop: Estimate;
}

export interface SpuriousTraining {
  /** Whether the corrupted bundle was trained by this run or an existing one reused. */
  trained: boolean;
  seconds: number | null;
  command: string;
}

export interface SpuriousAuditResult {
  schema: typeof SPURIOUS_SCHEMA;
  command: string;
  date: string;
  appVersion: string;
  executionProvider: string;
  seed: number;
  resamples: number;
  maxSteps: number;
  training: SpuriousTraining;
  arms: SpuriousArm[];
  comparison: SpuriousComparison[];
  seconds: number;
}
