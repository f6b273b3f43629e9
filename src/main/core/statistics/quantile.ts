/**
 * Order statistics shared by the bootstrap interval and the evidence-size medians, with
 * numpy's default ("linear") rule so the numbers match a Python re-analysis.
 */

/**
 * The q-quantile of ascending `sorted` values: position h = (n − 1)·q, interpolated
 * linearly between its neighbours (numpy.quantile's default). NaN for no values.
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile: q must be in [0, 1], got ${q}`);
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  const t = h - lo;
  // Short-cuts keep an infinite statistic (e.g. an FP/TP ratio of Infinity) from turning into
  // NaN through Infinity − Infinity or 0 · Infinity.
  if (t === 0 || a === b) return a;
  return a + t * (b - a);
}

/** Median by the same rule: the mean of the two middle values for an even count. */
export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  return quantileSorted(sorted, 0.5);
}
