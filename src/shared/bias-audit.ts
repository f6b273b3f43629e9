/**
 * The bias audit of one run as it crosses IPC and HTTP: plain JSON made by the core's
 * biasAudit (src/main/core/audit/bias-audit.ts) for the dashboard, the CLI and the PDF;
 * docs/audit-metrics.md explains every figure. Suppressed groups carry no figures at all,
 * only why they were suppressed; a figure whose own denominator is too small (or whose
 * bootstrap is degenerate) is "not estimable": no value, only the reason. The core imports
 * these types (and the metric lists) from here.
 */
import { attributeName, attributeWords } from './attribute-words';
import type { Estimate } from './estimate';
import type { FigureStyle } from './figure-text';

/** Compared as any fairness toolkit would: discrimination, calibration and error rates of p_full. */
export const PERFORMANCE_METRICS = [
  'auroc',
  'ece',
  'observedExpected',
  'fpr',
  'fnr',
  'ppv',
] as const;
/** Compared first-class: how the search behaves for the group. */
export const FAITHFULNESS_METRICS = [
  'exhaustionRate',
  'abstentionRate',
  'meanEvidenceSize',
  'fidelityMae',
] as const;

export type PerformanceMetric = (typeof PERFORMANCE_METRICS)[number];
export type FaithfulnessMetric = (typeof FAITHFULNESS_METRICS)[number];
/** Metrics compared against the reference group. */
export type GroupMetric = PerformanceMetric | FaithfulnessMetric;
export const GROUP_METRICS: readonly GroupMetric[] = [
  ...PERFORMANCE_METRICS,
  ...FAITHFULNESS_METRICS,
];

/**
 * Each compared figure as a committee reads it, in the app and the PDF alike: its name in
 * words (abbreviations a clinician knows kept in brackets) and how its value is written.
 */
export const GROUP_METRIC_WORDS: Readonly<
  Record<GroupMetric, { name: string; style: FigureStyle }>
> = {
  auroc: { name: 'Discrimination (AUROC)', style: 'decimal' },
  ece: { name: 'Calibration error (ECE)', style: 'decimal' },
  observedExpected: { name: 'Observed ÷ expected events', style: 'ratio' },
  fpr: { name: 'False alarms (FPR)', style: 'percent' },
  fnr: { name: 'Missed events (FNR)', style: 'percent' },
  ppv: { name: 'Alerts that were right (PPV)', style: 'percent' },
  exhaustionRate: { name: 'Searches exhausted', style: 'percent' },
  abstentionRate: { name: 'Alerts held back', style: 'percent' },
  meanEvidenceSize: { name: 'Mean evidence size', style: 'units' },
  fidelityMae: { name: 'Evidence fidelity error', style: 'decimal' },
};

/** "Age band" for age_band, "Sex & Insurance" for the intersection "sex & insurance". */
export function attributeTitle(audit: Pick<AttributeAudit, 'attribute' | 'kind'>): string {
  return audit.kind === 'intersection'
    ? audit.attribute.split(' & ').map(attributeName).join(' & ')
    : attributeName(audit.attribute);
}

/**
 * A group in words: "45–64 years" for age_band 45-64, "Not recorded" for Unknown, and each
 * side of an intersection ("Female & Medicare" for "sex=F & insurance=Medicare").
 */
export function groupWords(
  audit: Pick<AttributeAudit, 'attribute' | 'kind'>,
  group: string,
): string {
  const words = (attribute: string, value: string) =>
    attributeWords(attribute, value) ?? 'Not recorded';
  if (audit.kind === 'attribute') return words(audit.attribute, group);
  return group
    .split(' & ')
    .map((side) => {
      const at = side.indexOf('=');
      return at < 0 ? side : words(side.slice(0, at), side.slice(at + 1));
    })
    .join(' & ');
}

/**
 * Which group each attribute's groups are compared with: the largest group with enough
 * outcome events and stays without the outcome to compare against ('largest'), the group with
 * the most favourable value of each metric, or a named group per attribute (e.g.
 * { group: { sex: 'female', race_ethnicity: 'White' } }); attributes not named use 'largest'.
 */
export type ReferenceRule = 'largest' | 'best' | { group: Readonly<Record<string, string>> };

/** The counts a figure's estimability depends on (its own denominators). */
export type EstimabilityCount = 'events' | 'negatives' | 'predictedPositives';

/**
 * Which of a group's counts each figure needs to reach its minimum before it is shown:
 * outcome events (y = 1) for discrimination, calibration and the FNR; stays without the
 * outcome for the FPR (and the AUROC, which needs both classes); positive predictions for
 * the PPV and the abstention rate (their denominator). The exhaustion rate, mean evidence
 * size and fidelity MAE are over every stay of the group, so suppression already covers them.
 */
export const ESTIMABILITY_RULES: Readonly<Record<GroupMetric, readonly EstimabilityCount[]>> = {
  auroc: ['events', 'negatives'],
  ece: ['events'],
  observedExpected: ['events'],
  fpr: ['negatives'],
  fnr: ['events'],
  ppv: ['predictedPositives'],
  exhaustionRate: [],
  abstentionRate: ['predictedPositives'],
  meanEvidenceSize: [],
  fidelityMae: [],
};

/** Default minimum of each count (BiasAuditOptions.minEvents etc.). */
export const DEFAULT_MINIMUMS: Readonly<Record<EstimabilityCount, number>> = {
  events: 10,
  negatives: 10,
  predictedPositives: 10,
};

/** Why a figure (or a comparison) is not shown. */
export interface NotEstimable {
  /** In full: "not estimable: 0 outcome events in this group (needs 10)". */
  reason: string;
  /** For a narrow table cell: "0 events (min 10)". */
  brief: string;
}

/** Groups with fewer stays are suppressed from a bias audit unless the user asks otherwise. */
export const DEFAULT_MIN_GROUP_SIZE = 11;

export interface BiasAuditOptions {
  /** The run's decision threshold. */
  threshold: number;
  reference?: ReferenceRule;
  /** Groups with fewer stays are suppressed (default 11). */
  minGroupSize?: number;
  /** A figure that needs outcome events is not estimable below this many (default 10). */
  minEvents?: number;
  /** A figure that needs stays without the outcome is not estimable below this many (default 10). */
  minNegatives?: number;
  /** The PPV and abstention rate are not estimable below this many positive predictions (default 10). */
  minPredictedPositives?: number;
  /** Pairs of attributes to cross, giving groups "A=x & B=y". */
  intersections?: readonly (readonly [string, string])[];
  /** Attributes to audit (default: every attribute the stays have). */
  attributes?: readonly string[];
  /**
   * The cohort's static input names (contextSchema.staticInputs): an attribute of the same
   * name is one the model reads too (AttributeAudit.alsoModelInput).
   */
  modelInputs?: readonly string[];
  /** Bootstrap seed, an integer in [0, 2^32). */
  seed: number;
  /** Resamples per group (default 1000). */
  resamples?: number;
  /** Benjamini–Hochberg false discovery rate (default 0.05). */
  fdr?: number;
  /** Ratios inside [low, high] are not a disparity (default [0.8, 1.25]). */
  band?: readonly [number, number];
  /** Calibration bins for the ECE (default 10). */
  bins?: number;
}

export interface Disparity {
  /** The reference group of this comparison. */
  reference: string;
  /**
   * This group's value / the reference's, with its 95% interval; null when the comparison was
   * not made (`notEstimable`).
   */
  ratio: Estimate | null;
  /**
   * How the ratio's interval and p-value were drawn: for a proportion, from each side's
   * Jeffreys posterior Beta(k + ½, m − k + ½) (never a point, even at 0 of m); otherwise from
   * the stratified bootstrap of the two groups.
   */
  method: 'jeffreys' | 'bootstrap';
  /** Two-sided p-value of log(ratio) = 0 from those draws; null when not tested. */
  pValue: number | null;
  /** Benjamini–Hochberg adjusted p-value across every tested comparison; null if untested. */
  adjustedP: number | null;
  /** Ratio estimate outside the band; null when the ratio is undefined or not computed. */
  outsideBand: boolean | null;
  /** Outside the band AND adjustedP <= the FDR level; never when `notEstimable`. */
  flagged: boolean;
  /**
   * Why no comparison was made: this group's figure or the reference's is not estimable.
   * Such a comparison is not a test: it is outside the Benjamini–Hochberg m. Null when made.
   */
  notEstimable: NotEstimable | null;
}

export interface MetricReport {
  /** The figure with its 95% interval; null when it is not estimable (`notEstimable`). */
  value: Estimate | null;
  /** Why the figure is not shown; null when it is. */
  notEstimable: NotEstimable | null;
  /**
   * How `value`'s interval is made: Clopper–Pearson (exact binomial) for a proportion, the
   * percentile bootstrap within the group otherwise.
   */
  interval: 'clopper-pearson' | 'bootstrap';
  /** This group is the reference for this metric (so `disparity` is null). */
  isReference: boolean;
  /** Null for the reference itself, or when the attribute has no usable reference. */
  disparity: Disparity | null;
}

export interface ReportedGroup {
  group: string;
  suppressed: false;
  n: number;
  /** Outcome events (y = 1). */
  positives: number;
  /** Positive predictions (p_full at or above the threshold). */
  predictedPositives: number;
  /**
   * Reported, never compared: a base-rate difference describes the population. Clopper–
   * Pearson interval.
   */
  prevalence: Estimate;
  /** Of p_full: discrimination, calibration (ECE, observed/expected) and error rates. */
  performance: Record<PerformanceMetric, MetricReport>;
  /** Of the search: exhaustion, abstention, evidence size, fidelity. */
  faithfulness: Record<FaithfulnessMetric, MetricReport>;
}

export interface SuppressedGroup {
  group: string;
  suppressed: true;
  /** "<11": the exact count is not given either. */
  size: string;
  reason: string;
}

export type GroupReport = ReportedGroup | SuppressedGroup;

export interface ReferenceChoice {
  rule: 'largest' | 'best' | 'requested';
  /** The one reference group ('largest', 'requested'); null for 'best' or when none. */
  group: string | null;
  /**
   * The reference has enough outcome events and stays without the outcome to compare
   * against (always so for 'best', whose references are estimable per figure); false when
   * no group has, or a requested group has not.
   */
  comparable: boolean;
  /** The reference per metric (the same group throughout unless the rule is 'best'). */
  byMetric: Record<GroupMetric, string | null>;
  /**
   * Why the rule could not be followed as asked, or which larger groups were passed over for
   * having too few events or non-events to compare against, if so.
   */
  note: string | null;
}

export interface AttributeAudit {
  /** The attribute, or "A & B" for an intersection. */
  attribute: string;
  kind: 'attribute' | 'intersection';
  /**
   * The attribute (or either of a pair) is also a static input of the cohort, so the model
   * may use group membership directly: a disparity is then not only a proxy effect.
   */
  alsoModelInput: boolean;
  reference: ReferenceChoice;
  groups: GroupReport[];
}

export interface BiasAudit {
  stays: number;
  parameters: {
    threshold: number;
    reference: ReferenceRule;
    minGroupSize: number;
    minEvents: number;
    minNegatives: number;
    minPredictedPositives: number;
    seed: number;
    resamples: number;
    level: number;
    fdr: number;
    band: [number, number];
    bins: number;
  };
  attributes: AttributeAudit[];
  comparisons: {
    /** Comparisons with a p-value: the m of the Benjamini–Hochberg correction. */
    tested: number;
    /** Comparisons of estimable figures shown without a test (ratio undefined, e.g. 0/0). */
    untestable: number;
    /** Comparisons not made because the group's or the reference's figure is not estimable. */
    notEstimable: number;
    outsideBand: number;
    flagged: number;
    /** Smallest p-value the bootstrap can give: 2 / (resamples + 1). */
    smallestAttainableP: number;
  };
  suppressed: { attribute: string; group: string; size: string; reason: string }[];
  notes: string[];
}
