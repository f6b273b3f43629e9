/**
 * Two audit runs side by side (issue 15, "Transport audit"): the same bundle on two cohorts,
 * or two bundles on one cohort. Every figure of run A and run B with its bootstrap interval,
 * and their difference B − A with a percentile interval from independent resamples of each
 * run, a two-sided bootstrap p-value and a Benjamini–Hochberg flag over every tested figure
 * (docs/audit-metrics.md, "Comparing two runs"). Plain JSON, for the CLI, the report and the
 * app.
 */
import type { CalibrationSection } from './audit-statistics';
import type { Estimate } from './estimate';

/** Figures of the whole run, in the order they are shown. */
export const COMPARED_FIGURES = [
  'auroc',
  'auprc',
  'ece',
  'predictedPositiveRate',
  'tpr',
  'fpr',
  'ppv',
  'exhaustionRate',
  'exhaustionRateTp',
  'exhaustionRateFp',
  'alertWithdrawalRate',
  'meanEvidenceSize',
  'noteShare',
] as const;
export type ComparedFigure = (typeof COMPARED_FIGURES)[number];

/** How each figure is named in tables. */
export const COMPARED_FIGURE_LABELS: Record<ComparedFigure, string> = {
  auroc: 'AUROC',
  auprc: 'AUPRC',
  ece: 'ECE',
  predictedPositiveRate: 'Predicted-positive rate',
  tpr: 'TPR (sensitivity)',
  fpr: 'FPR',
  ppv: 'PPV',
  exhaustionRate: 'Exhaustion rate',
  exhaustionRateTp: 'Exhaustion rate, TP',
  exhaustionRateFp: 'Exhaustion rate, FP',
  alertWithdrawalRate: 'Alerts withdrawn (exhausted)',
  meanEvidenceSize: 'Mean |E|',
  noteShare: 'Note share of evidence',
};

/** Per-subgroup figures compared when both runs have the attribute. */
export const COMPARED_GROUP_FIGURES = ['auroc', 'fpr', 'fnr'] as const;
export type ComparedGroupFigure = (typeof COMPARED_GROUP_FIGURES)[number];

/** One figure in both runs and its difference. */
export interface FigureDifference {
  a: Estimate;
  b: Estimate;
  /** B − A with the percentile interval of (draw of B) − (draw of A). */
  difference: Estimate;
  /** Two-sided bootstrap p-value of "no difference"; null when not tested. */
  pValue: number | null;
  /** Benjamini–Hochberg adjusted p-value over every tested figure; null when not tested. */
  adjustedP: number | null;
  /** adjustedP <= the FDR level. */
  flagged: boolean;
  /** Why the figure is not compared (undefined in a run, below an estimability minimum). */
  notTested: string | null;
}

export interface RunFigureComparison extends FigureDifference {
  figure: ComparedFigure;
  label: string;
}

export interface SubgroupFigureComparison extends FigureDifference {
  attribute: string;
  group: string;
  figure: ComparedGroupFigure;
  /** Stays of the group in each run. */
  staysA: number;
  staysB: number;
}

/** What a side of the comparison is. */
export interface ComparedRunInfo {
  runId: number;
  task: string;
  cohortName: string;
  split: string | null;
  synthetic: boolean;
  bundleDir: string;
  /** The bundle's fingerprint (hashes and calibration), when recorded. */
  bundleFingerprint: string | null;
  /** "calibrated" or "raw (paper's mode)". */
  decision: string;
  threshold: number;
  stays: number;
}

export interface RunComparison {
  a: ComparedRunInfo;
  b: ComparedRunInfo;
  /** How the runs differ, in words ("different cohorts: demo vs other"). */
  differences: string[];
  /** Caveats (overlapping stays, synthetic cohorts). */
  notes: string[];
  parameters: {
    seed: number;
    /** Seeds of each run's resamples (drawn independently). */
    seedA: number;
    seedB: number;
    resamples: number;
    level: number;
    fdrLevel: number;
    bins: number;
    minGroupSize: number;
  };
  figures: RunFigureComparison[];
  subgroups: SubgroupFigureComparison[];
  /** Reliability curves of p_full, each run's own (not tested). */
  calibration: { a: CalibrationSection; b: CalibrationSection };
  /** Comparisons tested and flagged after Benjamini–Hochberg. */
  tested: number;
  flagged: number;
}
