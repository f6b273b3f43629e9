/**
 * Everything the PDF prints, gathered from the store once (audit-report-data.ts) as plain
 * JSON: the sections only lay it out, and tests compare it with the store directly.
 */
import type { MonitoringReport } from '../../../shared/monitoring';
import type { AbstentionAnalysis } from '../../../shared/abstention';
import type { RunDecision } from '../../../shared/calibration';
import type { CohortSource, Split } from '../../../shared/domain';
import type { SearchParams } from '../../../shared/search-params';
import type { RunSummary, StayAuditResult, StayReview } from '../audit/audit-types';
import type {
  AbstentionReason,
  AbstentionRow,
  BiasAudit,
  CohortStatistics,
} from '../audit/statistics-index';
import type { ConfusionClass } from '../statistics';
import type { TrainingRelation } from '../models';
import type { InputCoverage } from '../audit/input-coverage';

export type { InputCoverage, VariableMissingness } from '../audit/input-coverage';

export const REPORT_VERSION = 2;

export interface ReportSettings {
  /** Bootstrap seed of every interval in the report. */
  seed: number;
  resamples: number;
  /** Bias-audit groups under this size are suppressed. */
  minGroupSize: number;
  /** When the report was made (ISO 8601, UTC). */
  generatedAt: string;
}

export interface CohortFacts {
  id: number;
  name: string;
  source: CohortSource;
  synthetic: boolean;
  description: string;
  stays: number;
  splits: Record<Split, number>;
  attributes: string[];
  createdAt: string;
  /** The content hash the run recorded. */
  contentHash: string;
  /** The cohort's data differ from what the run audited (re-imported or edited since). */
  changedSinceRun: boolean;
}

/** The bundle as its manifest describes it; null fields when the bundle can no longer be read. */
export interface BundleFacts {
  createdAt: string;
  trainingCohort: string;
  /** The training cohort's source and whether it was synthetic; null for older bundles. */
  trainingSource: string | null;
  trainedOnSynthetic: boolean | null;
  trainingContentHash: string;
  /** null for a TS-only bundle: no text encoder, no note slots (noteSlots 0). */
  textEncoder: string | null;
  windows: number;
  variables: number;
  noteSlots: number;
  forwardFill: boolean;
  /** The fused model's test-split AUROC recorded at training, if any. */
  recordedTest: { stays: number; positives: number; auroc: number } | null;
}

export interface ModelFacts {
  bundleDir: string;
  task: string;
  taskDescription: string | null;
  params: SearchParams;
  /** How the run decided ŷ_full: calibrated (map and validated threshold) or the paper's. */
  decision: RunDecision;
  files: number;
  bundle: BundleFacts | null;
  /** How the audited cohort relates to the training cohort; null with the bundle. */
  training: TrainingRelation | null;
  /** Why `bundle` is null (moved or changed since the run). */
  bundleProblem: string | null;
}

export interface ReviewStatus {
  /** Stays in the review queue (flagged by the run's policy at its budget). */
  queued: number;
  reviewed: number;
  agree: number;
  disagree: number;
  discuss: number;
  /** Flagged positive predictions: the alerts held back for review. */
  flaggedPositive: number;
  flaggedPositiveReviewed: number;
  /** Reviews of the run in total, including stays that converged. */
  allReviews: number;
}

export interface AbstentionData {
  /** The review queue: the stays the run's policy flags at its budget, in review order. */
  rows: AbstentionRow[];
  /** Exhausted searches by why they exhausted (every exhausted stay, flagged or not). */
  byReason: Record<AbstentionReason, number>;
  review: ReviewStatus;
}

export interface TraceStepRow {
  step: number;
  /** The leading state's units as W/N labels. */
  units: string[];
  p: number;
  confidence: number;
  stability: number;
  size: number;
  score: number;
  childrenScored: number;
}

export interface QuotedChunk {
  label: string;
  charttime: string | null;
  text: string;
}

export interface WindowValues {
  label: string;
  /** "heart_rate 112 bpm" for every variable charted in that hour. */
  values: string[];
}

export interface VitalSeries {
  name: string;
  unit: string;
  values: (number | null)[];
}

export type ExampleKind = 'quick-convergence' | 'multimodal' | 'exhausted-false-positive';

export interface ExampleTrace {
  result: StayAuditResult;
  outcome: ConfusionClass;
  t0: string;
  evidenceLabels: string[];
  steps: TraceStepRow[];
  windows: number;
  vitals: VitalSeries[];
  evidenceWindows: number[];
  windowValues: WindowValues[];
  evidenceNotes: QuotedChunk[];
  review: StayReview | null;
}

export interface ExampleSlot {
  kind: ExampleKind;
  title: string;
  /** The selection rule, printed with the example. */
  rule: string;
  example: ExampleTrace | null;
  /** Why no stay qualifies, when `example` is null. */
  absentReason: string | null;
}

export interface ReportData {
  reportVersion: number;
  settings: ReportSettings;
  run: RunSummary;
  cohort: CohortFacts;
  model: ModelFacts;
  statistics: CohortStatistics;
  bias: BiasAudit;
  abstention: AbstentionData;
  /** Every policy's proof on the run: risk–coverage, AURC, figures at the budget, verdict. */
  abstentionAnalysis: AbstentionAnalysis;
  coverage: InputCoverage;
  /** The run's stays over time (and across units, when its stays name one). */
  monitoring: MonitoringReport;
  examples: ExampleSlot[];
}
