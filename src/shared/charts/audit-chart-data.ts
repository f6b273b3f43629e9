/**
 * What the audit charts draw, as plain JSON: the shapes of the core's cohort statistics and
 * run traces that the charts read, restated here because src/shared imports nothing from the
 * core. The core's figures ({estimate, missing, lower, upper, ...}) fit these shapes as they
 * are, so the PDF writer and the app pass them straight through.
 */
import type { Estimate } from './evaluation-data';

/** One equal-width bin of a reliability curve. */
export interface ReliabilityBinData {
  lower: number;
  upper: number;
  count: number;
  /** Mean predicted probability in the bin; null for an empty bin. */
  meanPredicted: number | null;
  /** Share of positive labels in the bin, with its bootstrap interval. */
  observedRate: Estimate;
}

export interface ReliabilityCurveData {
  ece: Estimate;
  curve: readonly ReliabilityBinData[];
}

export const OUTCOME_CLASSES = ['TP', 'FP', 'TN', 'FN'] as const;
export type OutcomeClass = (typeof OUTCOME_CLASSES)[number];

export interface ClassExhaustionData {
  stays: number;
  exhausted: number;
  rate: Estimate;
}

/** A histogram of evidence sizes: histogram[s] = stays with |E| = s. */
export interface EvidenceSizeGroupData {
  n: number;
  histogram: readonly number[];
}

/** One variable of one stay, hour by hour (mean of the hour; null where nothing was charted). */
export interface VitalSeriesData {
  name: string;
  unit: string;
  values: readonly (number | null)[];
}

/** The leading state of one search step. */
export interface TraceLeaderData {
  step: number;
  p: number;
  confidence: number;
  stability: number;
  score: number;
}
