/**
 * A statistic with its bootstrap interval, the one shape every figure of an audit takes on
 * its way to the dashboard, the PDF, the CLI and `toe evaluate`'s result files. Plain JSON:
 * JSON has neither NaN nor Infinity (JSON.stringify quietly writes null for both), so a
 * figure that cannot be computed is null and says why. Made from the metrics module's
 * BootstrapCi by the core's statistics layer (src/main/core/statistics).
 */

/** Why an estimate is null: 0/0 or a missing class ('undefined'), or x/0 with x > 0. */
export type MissingReason = 'undefined' | 'infinite';

/** A point estimate with its percentile bootstrap interval over stays. */
export interface Estimate {
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
