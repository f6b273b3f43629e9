/**
 * The reliability sections of audit-mode search (exhaustion, abstention on exhaustion,
 * evidence size, calibration) and the other cohort figures of an audit run, as they cross
 * IPC and HTTP and as `toe evaluate` writes them: plain JSON made by the core's statistics
 * layer (src/main/core/statistics) from per-stay results, read by the dashboard, the CLI,
 * the PDF and the evaluation report. docs/audit-metrics.md explains every figure. The types
 * live here because the renderer cannot import the core; the core imports them from here.
 */
import type { Estimate } from './estimate';
import type { SearchParams } from './search-params';

/** Where one stay falls: the decision ŷ_full against the true label. */
export const CONFUSION_CLASSES = ['TP', 'FP', 'TN', 'FN'] as const;
export type ConfusionClass = (typeof CONFUSION_CLASSES)[number];

/** A stay's stored decision ŷ_full (taken at its run's threshold) against its true label. */
export function outcomeOf(result: { yFull: 0 | 1; label: 0 | 1 }): ConfusionClass {
  if (result.yFull === 1) return result.label === 1 ? 'TP' : 'FP';
  return result.label === 1 ? 'FN' : 'TN';
}

export interface ConfusionCounts {
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

/** The scale the search's stability is measured on (a search parameter). */
export type StabilitySpace = SearchParams['stability'];

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
  rate: Estimate;
}

export interface ExhaustionSection {
  /** Exhausted searches among all stays. */
  overall: Estimate;
  byClass: Record<ConfusionClass, ClassExhaustion>;
  /** FP exhaustion rate / TP exhaustion rate (the paper's Table "TP vs FP"). */
  fpTpRatio: Estimate;
  /** Share of stays for which convergence was reachable at all from p_full. */
  reachableShare: Estimate;
  /** The same among stays where convergence was reachable: what the search itself found. */
  reachableOnly: {
    tp: number;
    fp: number;
    tpRate: Estimate;
    fpRate: Estimate;
    fpTpRatio: Estimate;
  };
  /** #(exhausted ∧ unreachable) / #exhausted: the share p_full alone forces. */
  explainedByReachability: { all: Estimate; positive: Estimate; tp: Estimate; fp: Estimate };
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
export type AbstentionFigures = AbstentionCounts &
  Record<EffectFigure, Estimate> & { rule: string };

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
  mean: Estimate;
  median: Estimate;
  /** Share of the group's searches that exhausted (used the whole budget, did not converge). */
  exhausted: Estimate;
}

export interface EvidenceSizeSection {
  /** The histograms' last bin: S_max, or the largest |E| if a search kept more units. */
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
  noteUnitShare: Estimate;
  staysWithNotes: number;
  /** Stays whose evidence holds at least one note chunk / all stays. */
  staysWithNotesShare: Estimate;
}

export interface CalibrationBinReport {
  lower: number;
  upper: number;
  count: number;
  /** Mean predicted probability in the bin; null for an empty bin. */
  meanPredicted: number | null;
  /** Share of positive labels among the bin's `count` stays, with its Clopper–Pearson interval. */
  observedRate: Estimate;
}

export interface CalibrationSection {
  /** Expected calibration error over equal-width bins. */
  ece: Estimate;
  curve: CalibrationBinReport[];
}

export interface FaithfulnessSection {
  /** AUROC / AUPRC of p(evidence) against the true labels. */
  sufficiencyAuroc: Estimate;
  sufficiencyAuprc: Estimate;
  /** Mean |p_full − p(evidence)|. */
  fidelityMae: Estimate;
  /** Mean Pr(y_full | all) − Pr(y_full | all minus evidence). */
  comprehensiveness: Estimate;
  /** Share with [p(evidence) >= threshold] = y_full. */
  decisionAgreement: Estimate;
}

/** What the model does for care at the run's threshold; counts exact, rates exact intervals. */
export interface CareSection {
  /** Stays with the outcome (TP + FN). */
  events: number;
  /** Outcomes the model's risks expect: the sum of the decision's probability over the stays. */
  expectedEvents: number;
  /** events ÷ expectedEvents (calibration in the large), with Garwood's exact interval. */
  observedExpected: Estimate;
  /** Stays the model alerts on (TP + FP). */
  alerts: number;
  /** TP / (TP + FN): the share of events the model caught. */
  sensitivity: Estimate;
  /** TN / (TN + FP): the share of stays without the outcome it left alone. */
  specificity: Estimate;
  /** TP / (TP + FP): the positive predictive value, how often an alert was right. */
  ppv: Estimate;
  /** TN / (TN + FN): the negative predictive value. */
  npv: Estimate;
  /** 100 × (TP + FP) / stays, with the Clopper–Pearson interval scaled the same. */
  alertsPer100Stays: Estimate;
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
  /** Events, sensitivity, specificity, PPV, NPV and alerts per 100 stays: what reports lead with. */
  care: CareSection;
  /** The full-input model's AUROC / AUPRC, for context. */
  discrimination: { auroc: Estimate; auprc: Estimate };
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

/** Bootstrap resamples of every interval unless the user asks for others (docs/method.md). */
export const DEFAULT_RESAMPLES = 1000;
