/**
 * The whole of evaluation.json (`toe evaluate`): where the numbers came from, then every
 * table and figure of the report. The method rows live in evaluation-data.ts; calibration,
 * evidence size, exhaustion and abstention are the sections an audit run reports too
 * (../audit-statistics.ts), made by the same code.
 */
import type { MethodRow, SelectableMethod } from './evaluation-data';
import type { AbstentionAnalysis } from '../abstention';
import type {
  AbstentionSection,
  CalibrationSection,
  EvidenceSizeSection,
  ExhaustionSection,
} from '../audit-statistics';
import type { HOURLY_WINDOWS_ONLY } from '../audit';
import type { RunDecision } from '../calibration';
import type { Estimate } from '../estimate';
import type { VariableMatch } from '../variable-match';

/** 2: intervals are the shared Estimate; calibration, evidence size and exhaustion the shared sections. */
export const EVALUATION_SCHEMA = 'toe-evaluation/2';

/** One model bundle as evaluated: folder, task and the SHA-256 of every file. */
export interface BundleProvenance {
  dir: string;
  task: string;
  createdAt: string;
  decisionThreshold: number;
  trainingCohort: string;
  trainingContentSha256: string;
  /**
   * The evaluated cohort is the one the bundle was trained on (same content hash): its test
   * split was held out from training, its train split was not.
   */
  trainedOnEvaluatedCohort: boolean;
  files: { path: string; sha256: string }[];
  /** 'hourly windows only' for a TS-only bundle (no note stream); absent: both kinds of units. */
  evidenceUnits?: typeof HOURLY_WINDOWS_ONLY;
}

export interface CohortProvenance {
  name: string;
  synthetic: boolean;
  source: string;
  contentSha256: string;
  split: string;
  /** Labelled stays of the split, and how many of them (the first, by id) were evaluated. */
  staysInSplit: number;
  staysEvaluated: number;
  positives: number;
  limit: number | null;
  /** How the bundle's variables matched the cohort's by name; absent in older results. */
  variableMatch?: VariableMatch;
}

export interface EvaluationProvenance {
  /** The command line as typed (`toe evaluate …`). */
  command: string;
  /** ISO 8601 time the run finished. */
  date: string;
  appVersion: string;
  executionProvider: string;
  cohort: CohortProvenance;
  bundle: BundleProvenance;
  seconds: number;
}

export interface EvaluationSettings {
  task: string;
  ks: number[];
  methods: SelectableMethod[];
  /** Bootstrap: resamples of stays, seed, level. Also the seed of Random, LIME and SHAP. */
  seed: number;
  resamples: number;
  limeSamples: number;
  /** KernelSHAP coalitions per stay; null = the default 2·units + 2048. */
  shapBudget: number | null;
  /** ToE's search parameters (method.md defaults unless changed). */
  search: Record<string, number | string>;
}

/** ToE's fixed-budget selections against exhaustive enumeration of every k-set. */
export interface OptimalityRow {
  k: number;
  toeAuroc: Estimate;
  exhaustiveAuroc: Estimate;
  /** ToE − exhaustive (paired over stays). */
  gap: Estimate;
  /** Share of stays where ToE's set scores as well as the optimum (within 1e-9). */
  optimumFound: Estimate;
  /** Mean objective shortfall, optimum score − ToE score (≥ 0). */
  scoreShortfall: Estimate;
  /** Share of stays where ToE returned the exhaustive optimum's very set (ties broken alike). */
  sameSet: Estimate;
}

/** Calibration of the full model beside ToE's evidence at one budget k (10 equal-width bins). */
export interface CalibrationComparison {
  k: number;
  full: CalibrationSection;
  toe: CalibrationSection;
  /** ECE of ToE − ECE of the full model (paired). */
  difference: Estimate;
}

/** Dynamic-mode ToE (audit mode) at S_max = maxSteps: TP/FP exhaustion and abstaining on it. */
export interface DynamicExhaustion {
  maxSteps: number;
  /** Positive predictions: p_full ≥ threshold. */
  threshold: number;
  exhaustion: ExhaustionSection;
  abstention: AbstentionSection;
}

/** The figures the issue asks the report to lead with. */
export interface HeadlineSection {
  /** AUROC(ToE, k = 5) / AUROC(full), paired bootstrap; null without k = 5. */
  retentionAt5: Estimate | null;
  /** Fidelity MAE of ToE and Top-k and their ratio ToE / Top-k, at k = 1 and 5. */
  maeComparison: {
    k: number;
    toe: Estimate;
    topk: Estimate;
    ratio: Estimate;
  }[];
}

export interface ConceptBottleneckSection {
  trainStays: number;
  auroc: Estimate;
  auprc: Estimate;
  ece: Estimate;
  converged: boolean;
  unavailableConcepts: string[];
}

export interface EvaluationResult {
  schema: typeof EVALUATION_SCHEMA;
  provenance: EvaluationProvenance;
  settings: EvaluationSettings;
  full: { auroc: Estimate; auprc: Estimate; ece: Estimate };
  headline: HeadlineSection;
  rows: MethodRow[];
  cbm: ConceptBottleneckSection | null;
  optimality: OptimalityRow[];
  calibration: CalibrationComparison | null;
  /**
   * Dynamic-mode ToE at S_max = 5 (the paper's figure) and at the configured S_max, each
   * section's histograms running to its S_max (maxSize).
   */
  evidenceSize: EvidenceSizeSection[];
  /** At the largest S_max. */
  exhaustion: DynamicExhaustion | null;
  /**
   * Abstention policies against the model's own confidence on audits of the same split
   * (paper mode, and the bundle's calibrated decision when it has one). Absent in results
   * written before it existed, and when the evaluation was limited to some stays.
   */
  abstention?: EvaluationAbstention[];
}

/** One decision mode's abstention proof, from the audit runs kept in the store. */
export interface EvaluationAbstention {
  decision: RunDecision;
  /** The audit run of the evaluated split, and its validation audit (null: none). */
  runId: number;
  validationRunId: number | null;
  analysis: AbstentionAnalysis;
}
