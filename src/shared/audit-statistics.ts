/**
 * The cohort statistics of one audit run as they cross IPC and HTTP: plain JSON made by the
 * core's cohortStatistics (src/main/core/audit/cohort-statistics.ts) and read by the
 * dashboard, the CLI and the PDF. docs/audit-metrics.md explains every figure. The types
 * live here because the renderer cannot import the core; the core imports them from here.
 */

/** Why an estimate is null: 0/0 or a missing class ('undefined'), or x/0 with x > 0. */
export type MissingReason = 'undefined' | 'infinite';

/** One figure with its bootstrap interval, safe to serialise as JSON. */
export interface Figure {
  /** The statistic on the stays as given; null when it is undefined or infinite. */
  estimate: number | null;
  /** Why `estimate` is null; null when it is a number. */
  missing: MissingReason | null;
  /**
   * Percentile interval bounds; a bound is null when it is not finite: both null means no
   * resample gave a finite bound (see `skipped`), a null `upper` beside a numeric `lower`
   * means the interval is unbounded above (some resampled ratios were infinite).
   */
  lower: number | null;
  upper: number | null;
  /** Resamples drawn. */
  resamples: number;
  /** Resamples where the figure was undefined, left out of the interval. */
  skipped: number;
}

/** Where one stay falls: the decision ŷ_full against the true label. */
export const CONFUSION_CLASSES = ['TP', 'FP', 'TN', 'FN'] as const;
export type ConfusionClass = (typeof CONFUSION_CLASSES)[number];

export interface ConfusionCounts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

export type StabilitySpace = 'probability' | 'logit';

/** Where convergence is possible at all (method.md, "Reachability"). */
export interface ReachabilityBand {
  stability: StabilitySpace;
  /** A positive decision can converge only if p_full >= this. */
  positiveAtLeast: number;
  /** A negative decision can converge only if p_full <= this. */
  negativeAtMost: number;
  /** Stays marked unreachable: their exhaustion is forced by p_full. */
  unreachableStays: number;
  /** Stays whose recorded `reachable` disagrees with these τ: > 0 means the τ are not the run's. */
  mismatches: number;
}

export interface ClassExhaustion {
  stays: number;
  exhausted: number;
  /** exhausted / stays of the class. */
  rate: Figure;
}

export interface ExhaustionSection {
  /** Exhausted searches among all stays. */
  overall: Figure;
  byClass: Record<ConfusionClass, ClassExhaustion>;
  /** FP exhaustion rate / TP exhaustion rate (the paper's Table "TP vs FP"). */
  fpTpRatio: Figure;
  /** The same among stays where convergence was reachable: what the search itself found. */
  reachableOnly: { tp: number; fp: number; tpRate: Figure; fpRate: Figure; fpTpRatio: Figure };
  /** #(exhausted ∧ unreachable) / #exhausted: the share p_full alone forces. */
  explainedByReachability: { all: Figure; positive: Figure; tp: Figure; fp: Figure };
  /** Unreachable stays that converged anyway: impossible, so > 0 flags inconsistent input. */
  unreachableButConverged: number;
}

/** The rates of an abstention rule, each reported with its interval. */
export const EFFECT_FIGURES = [
  'precisionWithout',
  'precisionWith',
  'precisionGained',
  'sensitivityWithout',
  'sensitivityWith',
  'sensitivityLost',
] as const;
export type EffectFigure = (typeof EFFECT_FIGURES)[number];

/** The exact counts of an abstention rule (no interval). */
export interface AbstentionCounts {
  /** Stays with true label 1 (the sensitivity denominator, with or without abstaining). */
  positives: number;
  /** Positive predictions before abstaining (TP + FP). */
  predictedPositive: number;
  /** Positive predictions withdrawn, and how many of them were TP / FP. */
  abstained: number;
  tpAbstained: number;
  fpAbstained: number;
}

/** One abstention rule: counts as they are, rates with intervals. */
export type AbstentionFigures = AbstentionCounts & Record<EffectFigure, Figure> & { rule: string };

export interface AbstentionSection {
  /** The paper's rule: withdraw every positive prediction whose search exhausted. */
  onExhaustion: AbstentionFigures;
  /** Confidence-only rule: withdraw wherever convergence was unreachable; needs no search. */
  onUnreachable: AbstentionFigures;
  /** Withdraw only exhausted searches that could have converged: what the search adds. */
  onReachableExhaustion: AbstentionFigures;
}

export interface SizeGroup {
  n: number;
  /** histogram[s] = stays with |E| = s, s = 0..maxSize. */
  histogram: number[];
  mean: Figure;
  median: Figure;
}

export interface EvidenceSizeSection {
  maxSize: number;
  all: SizeGroup;
  byOutcome: { positive: SizeGroup; negative: SizeGroup };
  /** Whether the full-input decision y_full matched the true label. */
  byCorrectness: { correct: SizeGroup; incorrect: SizeGroup };
}

export interface ModalitySection {
  evidenceUnits: number;
  noteUnits: number;
  /** Σ note units / Σ evidence units over the cohort (a pooled share, not a mean of shares). */
  noteUnitShare: Figure;
  staysWithNotes: number;
  /** Stays whose evidence holds at least one note chunk / all stays. */
  staysWithNotesShare: Figure;
}

export interface CalibrationBinReport {
  lower: number;
  upper: number;
  count: number;
  /** Mean predicted probability in the bin; null for an empty bin. */
  meanPredicted: number | null;
  /** Share of positive labels in the bin, with its interval (bin membership resampled too). */
  observedRate: Figure;
}

export interface CalibrationSection {
  /** Expected calibration error over equal-width bins. */
  ece: Figure;
  curve: CalibrationBinReport[];
}

export interface FaithfulnessSection {
  /** AUROC / AUPRC of p(evidence) against the true labels. */
  sufficiencyAuroc: Figure;
  sufficiencyAuprc: Figure;
  /** Mean |p_full − p(evidence)|. */
  fidelityMae: Figure;
  /** Mean Pr(y_full | all) − Pr(y_full | all minus evidence). */
  comprehensiveness: Figure;
  /** Share with [p(evidence) >= threshold] = y_full. */
  decisionAgreement: Figure;
}

export interface CohortStatistics {
  stays: number;
  parameters: {
    threshold: number;
    tauConf: number;
    tauSuff: number;
    stability: StabilitySpace;
    seed: number;
    resamples: number;
    level: number;
    bins: number;
  };
  /** Counts at the threshold (exact, so no interval). */
  confusion: ConfusionCounts;
  /** The full-input model's AUROC / AUPRC, for context. */
  discrimination: { auroc: Figure; auprc: Figure };
  reachability: ReachabilityBand;
  exhaustion: ExhaustionSection;
  abstention: AbstentionSection;
  evidenceSize: EvidenceSizeSection;
  modality: ModalitySection;
  calibration: { full: CalibrationSection; evidence: CalibrationSection };
  faithfulness: FaithfulnessSection;
  /** Plain sentences for the report, reachability always beside abstention. */
  summary: string[];
}

/** The bootstrap seed every figure uses unless the user picks another (printed with them). */
export const DEFAULT_FIGURES_SEED = 7;
