/**
 * Benjamini–Hochberg control of the false discovery rate across every disparity a bias
 * audit shows: with dozens of groups × metrics, some ratios fall outside the 0.8–1.25 band by
 * chance alone, and flagging those would send a committee after noise.
 */

export interface BenjaminiHochberg {
  /** Comparisons corrected for (m). */
  tested: number;
  /** The FDR level q. */
  level: number;
  /**
   * BH-adjusted p-values, in the input order: p_(i)·m / i made monotone from the largest
   * rank down (min over j >= i), capped at 1; statsmodels' 'fdr_bh' and R's p.adjust("BH").
   */
  adjusted: number[];
  /** adjusted <= level: exactly the hypotheses the step-up procedure rejects. */
  rejected: boolean[];
}

/**
 * The step-up procedure: sort p ascending, find the largest rank k with p_(k) <= k·q / m,
 * reject ranks 1..k. Throws on a p-value outside [0, 1] (NaN included): the caller decides
 * which comparisons are testable and passes only those, so that m counts them exactly.
 */
export function benjaminiHochberg(pValues: readonly number[], level = 0.05): BenjaminiHochberg {
  if (!(level > 0 && level < 1)) throw new RangeError(`FDR level must be in (0, 1), got ${level}`);
  pValues.forEach((p, i) => {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`p-value ${i} is ${p}, outside [0, 1]`);
  });
  const m = pValues.length;
  // Ranks by p ascending; ties keep input order (the adjusted values are equal anyway).
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1]!;
    running = Math.min(running, (pValues[i]! * m) / rank);
    adjusted[i] = running;
  }
  return { tested: m, level, adjusted, rejected: adjusted.map((q) => q <= level) };
}
