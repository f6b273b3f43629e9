/**
 * The shape every audit figure takes on its way to the dashboard, the CLI and the PDF.
 * JSON has neither NaN nor Infinity (JSON.stringify quietly writes null for both, so a
 * reader could not tell "undefined" from "infinite"); the conversion therefore happens here,
 * once, and every null says which of the two it stands for.
 */
import { quantileSorted, type BootstrapCi } from '../metrics';

/** Why an estimate is null: 0/0 or a missing class ('undefined'), or x/0 with x > 0. */
export type MissingReason = 'undefined' | 'infinite';

/** One figure with its bootstrap interval, safe to serialise as JSON. */
export interface Figure {
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

/** A finite number as itself; NaN and ±Infinity as null. */
export function jsonNumber(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

export function missingReason(x: number): MissingReason | null {
  if (Number.isNaN(x)) return 'undefined';
  return Number.isFinite(x) ? null : 'infinite';
}

/** A bootstrap interval from the metrics module, in its JSON-safe form. */
export function toFigure(ci: BootstrapCi): Figure {
  return {
    estimate: jsonNumber(ci.estimate),
    missing: missingReason(ci.estimate),
    lower: jsonNumber(ci.lower),
    upper: jsonNumber(ci.upper),
    resamples: ci.resamples,
    skipped: ci.skipped,
  };
}

/**
 * A percentile interval from recorded bootstrap replicates (NaN ones are skipped), with the
 * same quantile rule as bootstrapCi, for figures whose replicates are needed again (ratios).
 */
export function replicateInterval(
  estimate: number,
  replicates: ArrayLike<number>,
  level = 0.95,
): BootstrapCi {
  const kept = Float64Array.from(replicates).filter((v) => !Number.isNaN(v));
  kept.sort();
  return {
    estimate,
    lower: quantileSorted(kept, (1 - level) / 2),
    upper: quantileSorted(kept, (1 + level) / 2),
    resamples: replicates.length,
    skipped: replicates.length - kept.length,
  };
}
