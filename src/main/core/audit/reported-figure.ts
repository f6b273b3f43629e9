/**
 * The shape every audit figure takes on its way to the dashboard, the CLI and the PDF.
 * JSON has neither NaN nor Infinity (JSON.stringify quietly writes null for both, so a
 * reader could not tell "undefined" from "infinite"); the conversion therefore happens here,
 * once, and every null says which of the two it stands for.
 */
import type { Figure, MissingReason } from '../../../shared/audit-statistics';
import { quantileSorted, type BootstrapCi } from '../metrics';

// The JSON shape itself crosses the API, so it lives in src/shared.
export type { Figure, MissingReason };

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
