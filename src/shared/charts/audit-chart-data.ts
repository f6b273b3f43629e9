/**
 * What the trace charts draw of one stay, as plain JSON: its hourly vital signs and the
 * leading state of each search step. (The cohort charts read the sections of
 * ../audit-statistics.ts directly.)
 */

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
