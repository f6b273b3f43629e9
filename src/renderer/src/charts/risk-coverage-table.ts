// The risk–coverage chart's numbers as a table: each policy's error rate among accepted stays
// at a few coverage levels, read off its (thinned) curve.
import type { RiskCoveragePoint } from '../../../shared/abstention';

/** Coverage levels the table reports (the curve has up to 101 points). */
export const TABLE_COVERAGES = [0.5, 0.8, 0.9, 1] as const;

/**
 * The risk at the largest coverage not above `coverage` (the curve is a step function of the
 * stays accepted); null when the curve starts above it or is empty.
 */
export function riskAt(curve: readonly RiskCoveragePoint[], coverage: number): number | null {
  let found: number | null = null;
  for (const point of curve) {
    // A hair of tolerance: 0.9 may be stored as 0.8999999999.
    if (point.coverage <= coverage + 1e-9) found = point.risk;
    else break;
  }
  return found;
}
