/**
 * The bias audit of one run as it crosses IPC and HTTP: plain JSON made by the core's
 * biasAudit (src/main/core/audit/bias-audit.ts) for the dashboard, the CLI and the PDF;
 * docs/audit-metrics.md explains every figure. Suppressed groups carry no figures at all,
 * only why they were suppressed. The core imports these types (and the metric lists) from here.
 */
import type { Figure } from './audit-statistics';

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
 * Which group each attribute's groups are compared with: the largest group, the group with
 * the most favourable value of each metric, or a named group per attribute (e.g.
 * { group: { sex: 'female', race_ethnicity: 'White' } }); attributes not named use 'largest'.
 */
export type ReferenceRule = 'largest' | 'best' | { group: Readonly<Record<string, string>> };

export interface BiasAuditOptions {
  /** The run's decision threshold. */
  threshold: number;
  reference?: ReferenceRule;
  /** Groups with fewer stays are suppressed (default 11). */
  minGroupSize?: number;
  /** Pairs of attributes to cross, giving groups "A=x & B=y". */
  intersections?: readonly (readonly [string, string])[];
  /** Attributes to audit (default: every attribute the stays have). */
  attributes?: readonly string[];
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
  /** This group's value / the reference's, with its bootstrap interval. */
  ratio: Figure;
  /** Two-sided bootstrap p-value of log(ratio) = 0; null when not testable. */
  pValue: number | null;
  /** Benjamini–Hochberg adjusted p-value across every tested comparison; null if untested. */
  adjustedP: number | null;
  /** Ratio estimate outside the band; null when the ratio is undefined. */
  outsideBand: boolean | null;
  /** Outside the band AND adjustedP <= the FDR level. */
  flagged: boolean;
}

export interface MetricReport {
  value: Figure;
  /** This group is the reference for this metric (so `disparity` is null). */
  isReference: boolean;
  /** Null for the reference itself, or when the attribute has no usable reference. */
  disparity: Disparity | null;
}

export interface ReportedGroup {
  group: string;
  suppressed: false;
  n: number;
  positives: number;
  /** Reported, never compared: a base-rate difference describes the population. */
  prevalence: Figure;
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
  /** The reference per metric (the same group throughout unless the rule is 'best'). */
  byMetric: Record<GroupMetric, string | null>;
  /** Why the rule could not be followed as asked, if so. */
  note: string | null;
}

export interface AttributeAudit {
  /** The attribute, or "A & B" for an intersection. */
  attribute: string;
  kind: 'attribute' | 'intersection';
  reference: ReferenceChoice;
  groups: GroupReport[];
}

export interface BiasAudit {
  stays: number;
  parameters: {
    threshold: number;
    reference: ReferenceRule;
    minGroupSize: number;
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
    /** Comparisons shown without a test (ratio undefined, e.g. 0/0). */
    untestable: number;
    outsideBand: number;
    flagged: number;
    /** Smallest p-value the bootstrap can give: 2 / (resamples + 1). */
    smallestAttainableP: number;
  };
  suppressed: { attribute: string; group: string; size: string; reason: string }[];
  notes: string[];
}
