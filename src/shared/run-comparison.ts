/**
 * Two audit runs side by side (issue 15, "Transport audit"): the same bundle on two cohorts,
 * or two bundles on one cohort. Every figure of run A and run B with its bootstrap interval,
 * and their difference B − A with a percentile interval from independent resamples of each
 * run, a two-sided bootstrap p-value and a Benjamini–Hochberg flag over every tested figure
 * (docs/audit-metrics.md, "Comparing two runs"). What the evidence sets are made of (hours and
 * variables) is compared the same way, with Benjamini–Hochberg over its own family. Plain
 * JSON, for the CLI, the report and the app.
 */
import type { CalibrationSection } from './audit-statistics';
import type { Estimate } from './estimate';

/** Figures of the whole run, in the groups and order they are shown. */
export const COMPARED_FIGURE_GROUPS = [
  { title: 'Discrimination and calibration', figures: ['auroc', 'auprc', 'ece'] },
  {
    title: 'Decision, exhaustion and abstention rates',
    figures: [
      'predictedPositiveRate',
      'tpr',
      'fpr',
      'ppv',
      'exhaustionRate',
      'exhaustionRateTp',
      'exhaustionRateFp',
      'alertWithdrawalRate',
    ],
  },
  { title: 'Evidence size and modality mix', figures: ['meanEvidenceSize', 'noteShare'] },
] as const;
export type ComparedFigure = (typeof COMPARED_FIGURE_GROUPS)[number]['figures'][number];
export const COMPARED_FIGURES: readonly ComparedFigure[] = COMPARED_FIGURE_GROUPS.flatMap(
  (group) => group.figures,
);

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
  /** Where the cohort came from: its importer (demo, generic, mimic-iv, …). */
  cohortSource: string;
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

/** One hour of the observation window: share of evidence sets that contain its window. */
export interface HourComposition extends FigureDifference {
  /** 0-based hour t (unit id t); printed as hour t + 1, as the trace view's W1, W2, …. */
  hour: number;
}

/**
 * One variable, matched by name across the two cohorts: share of the evidence's hourly
 * windows in which the variable was charted (the stay's missing mask is 0 there).
 */
export interface VariableComposition extends FigureDifference {
  variable: string;
  /** Its unit in each cohort; null when that cohort has no variable of this name. */
  unitA: string | null;
  unitB: string | null;
}

/** "heart_rate (bpm)"; both units when the cohorts record it in different ones. */
export function variableLabel(v: VariableComposition): string {
  const units = [...new Set([v.unitA, v.unitB].filter((u): u is string => u !== null && u !== ''))];
  return units.length > 0 ? `${v.variable} (${units.join(' / ')})` : v.variable;
}

/** Evidence units of a run, pooled over its stays. */
export interface EvidenceUnitCounts {
  stays: number;
  evidenceUnits: number;
  windowUnits: number;
  noteUnits: number;
}

/**
 * What the evidence sets of each run are made of. The modality mix and the evidence size
 * are run figures (noteShare, meanEvidenceSize); this adds the counts behind them, which
 * hours the evidence holds and which variables were charted in its windows.
 */
export interface EvidenceComposition {
  units: { a: EvidenceUnitCounts; b: EvidenceUnitCounts };
  /** Hourly windows of each run's cohort. */
  hours: { a: number; b: number };
  byHour: HourComposition[];
  /** Variables of A's cohort in its order, then those only B's cohort has. */
  byVariable: VariableComposition[];
  /** Hours and variables tested, and flagged after Benjamini–Hochberg over them together. */
  tested: number;
  flagged: number;
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
  /**
   * Evidence composition; null when the stays' charted masks were not given (results
   * compared without their cohorts).
   */
  evidence: EvidenceComposition | null;
  /** Run-level and subgroup comparisons tested and flagged after Benjamini–Hochberg. */
  tested: number;
  flagged: number;
}
