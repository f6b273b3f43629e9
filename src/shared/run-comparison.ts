/**
 * Two audit runs side by side (issue 15, "Transport audit"): the same bundle on two cohorts,
 * or two bundles on one cohort. Every figure of run A and run B with its interval, and their
 * contrast B against A with the test that suits the figure (docs/audit-metrics.md, "Comparing
 * two runs"): DeLong's for the AUROC, exact tests of counts for rates and for observed against
 * expected events, independent bootstrap resamples of each run for the rest. Benjamini–Hochberg
 * runs over every tested figure, and each figure is then read in words: worse or better in B
 * where the figure has a better direction, higher or lower where it has none, not shown to
 * differ, or not compared because one run lacks the data (no alerts, no notes). What the
 * evidence sets are made of (hours and variables) is compared the same way, with
 * Benjamini–Hochberg over its own family. Plain JSON, for the CLI, the report and the app.
 */
import type { CalibrationSection } from './audit-statistics';
import type { Estimate } from './estimate';
import { attributeName, attributeWords } from './attribute-words';
import { differenceStyle, estimateText, figureCell } from './figure-text';
import { variableWords } from './variable-concepts';

/** Figures of the whole run, in the groups and order they are shown. */
/** The run figures that are rates of counts of stays, compared by exact tests. */
export const COMPARED_RATE_FIGURES = [
  'predictedPositiveRate',
  'tpr',
  'fpr',
  'ppv',
  'exhaustionRate',
  'exhaustionRateTp',
  'exhaustionRateFp',
  'alertWithdrawalRate',
] as const;

export const COMPARED_FIGURE_GROUPS = [
  {
    title: 'Discrimination and calibration',
    figures: ['auroc', 'auprc', 'observedExpected', 'ece'],
  },
  { title: 'Decision, exhaustion and abstention rates', figures: COMPARED_RATE_FIGURES },
  { title: 'Evidence size and modality mix', figures: ['meanEvidenceSize', 'noteShare'] },
] as const;
export type ComparedFigure = (typeof COMPARED_FIGURE_GROUPS)[number]['figures'][number];
export const COMPARED_FIGURES: readonly ComparedFigure[] = COMPARED_FIGURE_GROUPS.flatMap(
  (group) => group.figures,
);

/** How each figure is named in tables: in words, the notation only in the methods appendix. */
export const COMPARED_FIGURE_LABELS: Record<ComparedFigure, string> = {
  auroc: 'AUROC (separating outcome from no outcome)',
  auprc: 'Precision–recall area (AUPRC)',
  observedExpected: 'Observed ÷ expected events',
  ece: 'Calibration error (ECE)',
  predictedPositiveRate: 'Alert rate',
  tpr: 'Sensitivity',
  fpr: 'False-alarm rate (1 − specificity)',
  ppv: 'Positive predictive value',
  exhaustionRate: 'Searches without a small evidence set',
  exhaustionRateTp: 'The same, among true alerts',
  exhaustionRateFp: 'The same, among false alerts',
  alertWithdrawalRate: 'Alerts the search could not explain',
  meanEvidenceSize: 'Evidence units per stay',
  noteShare: 'Share of evidence from notes',
};

/** How each figure's numbers read: evidence sizes and observed ÷ expected with 2 decimals. */
export const COMPARED_FIGURE_STYLE: Record<ComparedFigure, 'decimal' | 'units'> = {
  auroc: 'decimal',
  auprc: 'decimal',
  observedExpected: 'units',
  ece: 'decimal',
  predictedPositiveRate: 'decimal',
  tpr: 'decimal',
  fpr: 'decimal',
  ppv: 'decimal',
  exhaustionRate: 'decimal',
  exhaustionRateTp: 'decimal',
  exhaustionRateFp: 'decimal',
  alertWithdrawalRate: 'decimal',
  meanEvidenceSize: 'units',
  noteShare: 'decimal',
};

/**
 * Which way a figure is better: 'higher' (AUROC, sensitivity), 'lower' (false alarms,
 * calibration error), 'closer-to-1' (observed ÷ expected), or null for a figure that
 * describes the run without being good or bad (alert rate, evidence size).
 */
export type BetterDirection = 'higher' | 'lower' | 'closer-to-1' | null;

export const COMPARED_FIGURE_BETTER: Record<ComparedFigure, BetterDirection> = {
  auroc: 'higher',
  auprc: 'higher',
  observedExpected: 'closer-to-1',
  ece: 'lower',
  predictedPositiveRate: null,
  tpr: 'higher',
  fpr: 'lower',
  ppv: 'higher',
  exhaustionRate: null,
  exhaustionRateTp: null,
  exhaustionRateFp: null,
  alertWithdrawalRate: null,
  meanEvidenceSize: null,
  noteShare: null,
};

/** Per-subgroup figures compared when both runs have the attribute. */
export const COMPARED_GROUP_FIGURES = ['auroc', 'fpr', 'fnr'] as const;
export type ComparedGroupFigure = (typeof COMPARED_GROUP_FIGURES)[number];

export const COMPARED_GROUP_FIGURE_LABELS: Record<ComparedGroupFigure, string> = {
  auroc: 'AUROC',
  fpr: 'false-alarm rate',
  fnr: 'missed-outcome rate',
};

export const COMPARED_GROUP_FIGURE_BETTER: Record<ComparedGroupFigure, BetterDirection> = {
  auroc: 'higher',
  fpr: 'lower',
  fnr: 'lower',
};

/**
 * How a difference was tested: DeLong's test of two AUROCs (paired when both runs scored the
 * same stays), Newcombe's interval with Fisher's exact test for two rates of counts, the
 * conditional binomial for two ratios of observed to expected events, or independent
 * bootstrap resamples of each run.
 */
export type ComparisonTest =
  'delong-paired' | 'delong' | 'newcombe-fisher' | 'conditional-binomial' | 'bootstrap';

/**
 * What a comparison says of B against A, after Benjamini–Hochberg: 'worse' or 'better' for
 * a figure with a better direction, 'higher' or 'lower' for one without, 'not-shown' when no
 * difference is shown, 'not-tested' when a run cannot estimate it, 'absent-data' when the
 * difference only reflects data a run lacks (no alerts, no notes), which is not a finding.
 */
export type ComparisonReading =
  'worse' | 'better' | 'higher' | 'lower' | 'not-shown' | 'not-tested' | 'absent-data';

/** One figure in both runs and its contrast. */
export interface FigureDifference {
  a: Estimate;
  b: Estimate;
  /** B − A, or B ÷ A where `contrast` is 'ratio', with its interval from `test`. */
  difference: Estimate;
  contrast: 'difference' | 'ratio';
  test: ComparisonTest;
  /** Two-sided p-value of "no difference"; null when not tested. */
  pValue: number | null;
  /** Benjamini–Hochberg adjusted p-value over every tested figure; null when not tested. */
  adjustedP: number | null;
  /** adjustedP <= the FDR level. */
  flagged: boolean;
  /** Why the figure is not compared (undefined in a run, below an estimability minimum). */
  notTested: string | null;
  /**
   * Why a difference only reflects data a run lacks ("run B raised no alerts, so its false-
   * alarm rate is 0 by construction"); such a figure is not tested. Null otherwise.
   */
  absentData: string | null;
  /** Which way the figure is better (null: neither way, a description of the run). */
  better: BetterDirection;
  reading: ComparisonReading;
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
  /** Note chunks its stays hold (0: a cohort without notes); null when not known. */
  noteChunks: number | null;
  /** Its calibration was fitted on another cohort (or another version of this one). */
  calibrationTransported: boolean;
  /**
   * The run's own warnings, carried into the comparison: a calibration fitted on another
   * cohort, a bundle trained on synthetic data, a synthetic cohort.
   */
  warnings: string[];
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

/** B against A in a table cell: "−0.208 (−0.416 to −0.013)", or a ratio "0.62× (0.40–0.95×)". */
export function contrastCell(
  d: Pick<FigureDifference, 'difference' | 'contrast' | 'pValue'>,
  style: 'decimal' | 'units',
): string {
  const written = d.contrast === 'ratio' ? 'ratio' : differenceStyle(style);
  // Untested, the reading says why; an interval's absence needs no second excuse.
  return d.pValue === null
    ? estimateText(d.difference, written)
    : figureCell(d.difference, written);
}

/** Which way is better, for a table's "Better" column. */
export function betterText(better: BetterDirection): string {
  switch (better) {
    case 'higher':
      return 'higher';
    case 'lower':
      return 'lower';
    case 'closer-to-1':
      return 'nearer 1';
    case null:
      return '–';
  }
}

/** A comparison's reading of one figure in words, for every table that prints it. */
export function readingText(
  d: Pick<FigureDifference, 'reading' | 'notTested' | 'absentData'>,
): string {
  switch (d.reading) {
    case 'worse':
      return 'worse in B';
    case 'better':
      return 'better in B';
    case 'higher':
      return 'higher in B';
    case 'lower':
      return 'lower in B';
    case 'not-shown':
      return 'not shown to differ';
    case 'not-tested':
      return `not tested: ${d.notTested ?? 'not estimable'}`;
    case 'absent-data':
      return `not compared: ${d.absentData ?? 'a run lacks the data'}`;
  }
}

/** "heart rate (bpm)": the name in words; both units when the cohorts record it in different ones. */
export function variableLabel(v: VariableComposition): string {
  const units = [...new Set([v.unitA, v.unitB].filter((u): u is string => u !== null && u !== ''))];
  const name = variableWords(v.variable);
  return units.length > 0 ? `${name} (${units.join(' / ')})` : name;
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
  /** What a team should do, in one or two sentences, from what the comparison found. */
  advice: string[];
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

/** "Age 80 and over: AUROC (43 / 16 stays)". */
export function subgroupLabel(g: SubgroupFigureComparison): string {
  const value = attributeWords(g.attribute, g.group) ?? g.group;
  return `${attributeName(g.attribute)} ${value}: ${COMPARED_GROUP_FIGURE_LABELS[g.figure]} (${g.staysA} / ${g.staysB} stays)`;
}

/** How many differences the comparison shows, how many are worse in B, and how it tested. */
export function comparisonSummaryLine(c: RunComparison): string {
  const pct = Math.round(c.parameters.fdrLevel * 100);
  const worse = [...c.figures, ...c.subgroups].filter((d) => d.reading === 'worse').length;
  return `${c.flagged} of ${c.tested} tested differences shown, ${worse} of them worse in B (Benjamini–Hochberg, FDR ${pct}%; AUROC by DeLong's test, rates by exact tests, the rest by ${c.parameters.resamples} independent bootstrap resamples of each run, seed ${c.parameters.seed}).`;
}
