/**
 * A statistic with its interval, the one shape every figure of an audit takes on
 * its way to the dashboard, the PDF, the CLI and `toe evaluate`'s result files. Plain JSON:
 * JSON has neither NaN nor Infinity (JSON.stringify quietly writes null for both), so a
 * figure that cannot be computed is null and says why. Made by the core's statistics layer
 * (src/main/core/statistics): exact-intervals.ts for counts, bootstrap-estimates.ts else.
 */

/** Why an estimate is null: 0/0 or a missing class ('undefined'), or x/0 with x > 0. */
export type MissingReason = 'undefined' | 'infinite';

/**
 * How an interval was made. Counts get exact intervals (a proportion by Clopper–Pearson, a
 * ratio of two proportions by Katz's log method, a difference of two by Newcombe's score
 * method, observed/expected events by Garwood's Poisson interval and a ratio of two of them
 * by the conditional binomial); a difference of two AUROCs DeLong's; the percentile bootstrap
 * only where no closed form fits (AURC, AUROC, ECE). 'none': no interval is shown, because the counts are
 * too few to estimate one (a ratio with no event on one side) or because the bootstrap's
 * collapsed to a point, ran to infinity, or left out its own estimate. Reports then say
 * "too few … to estimate" instead of printing an interval that misleads.
 */
export type IntervalMethod =
  | 'bootstrap'
  | 'clopper-pearson'
  | 'katz-log'
  | 'newcombe'
  | 'delong'
  | 'garwood'
  | 'conditional-binomial'
  | 'none';

/** A point estimate with its interval (exact for counts, else a percentile bootstrap). */
export interface Estimate {
  /** The statistic on the stays as given; null when it is undefined or infinite. */
  estimate: number | null;
  /** Why `estimate` is null; null when it is a number. */
  missing: MissingReason | null;
  /**
   * Interval bounds, both numbers or both null (no interval: see `method`). When numbers,
   * lower < upper and the estimate lies between them.
   */
  lower: number | null;
  upper: number | null;
  /** How the interval was made; 'none' exactly when both bounds are null. */
  method: IntervalMethod;
  /** Resamples drawn (0 for an exact interval). */
  resamples: number;
  /** Resamples where the figure was undefined, left out of the interval. */
  skipped: number;
}

/** Said instead of an interval that cannot be shown (see `printedBounds`). */
/** A figure withheld (too small a group, too few counts): no value, no interval. */
export const NOT_SHOWN: Estimate = {
  estimate: null,
  missing: 'undefined',
  lower: null,
  upper: null,
  method: 'none',
  resamples: 0,
  skipped: 0,
};

export const NO_INTERVAL = 'too few stays to estimate an interval';
/** The same for a narrow table cell. */
export const NO_INTERVAL_SHORT = 'too few to estimate';

/**
 * An interval's bounds as they print, or null when there is no interval to show: no bounds
 * (method 'none'), a bound that is not finite, bounds that print the same at the figure's
 * precision ("1.000 (1.000–1.000)" says nothing), or an estimate outside them (figures kept
 * before intervals were checked). Every formatter asks this first, so none prints "∞" or a
 * collapsed interval.
 */
export function printedBounds(
  e: Pick<Estimate, 'estimate' | 'lower' | 'upper'>,
  show: (x: number) => string,
): [string, string] | null {
  const { estimate, lower, upper } = e;
  if (lower === null || upper === null || !Number.isFinite(lower) || !Number.isFinite(upper))
    return null;
  if (estimate !== null && (estimate < lower || estimate > upper)) return null;
  const shown: [string, string] = [show(lower), show(upper)];
  return shown[0] === shown[1] ? null : shown;
}
