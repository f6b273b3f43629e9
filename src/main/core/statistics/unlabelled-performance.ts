/**
 * What calibrated risks say of stays whose outcomes are not in yet, and whether the inputs
 * have moved: confidence-based performance estimation (as NannyML's CBPE), the range of
 * event counts the risks allow, and each input variable's drift between a reference period
 * and the latest. Checked against scipy in test/core/statistics/unlabelled-performance.test.ts
 * (fixture: training/reference/funnel_reference.py).
 */
import type { ExpectedPerformance, VariableDrift } from '../../../shared/monitoring';
import { binomialCdf, standardNormalQuantile } from './special-functions';

function checkRisks(name: string, risks: readonly number[]): void {
  for (const p of risks)
    if (!(p >= 0 && p <= 1)) throw new RangeError(`${name}: risk ${p} is not in [0, 1]`);
}

/**
 * The confusion matrix expected if the risks are calibrated: an alert (risk ≥ threshold) of
 * risk p is a true positive with probability p, a stay not alerted on a false negative with
 * probability p. Sensitivity and PPV are the expected counts' ratios, null when their
 * denominator is 0 (no expected event, no alert).
 */
export function expectedPerformance(
  risks: readonly number[],
  threshold: number,
): ExpectedPerformance {
  checkRisks('expectedPerformance', risks);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const p of risks) {
    if (p >= threshold) {
      tp += p;
      fp += 1 - p;
    } else {
      fn += p;
      tn += 1 - p;
    }
  }
  return {
    stays: risks.length,
    expected: { tp, fp, tn, fn },
    expectedEvents: tp + fn,
    expectedSensitivity: tp + fn > 0 ? tp / (tp + fn) : null,
    expectedPpv: tp + fp > 0 ? tp / (tp + fp) : null,
  };
}

/** Above this many stays the O(n²) exact distribution gives way to the normal approximation. */
const EXACT_LIMIT = 5000;

/**
 * The equal-tailed range of the number of events if each stay has its event with its risk,
 * independently: [the (1 − level)/2-quantile, the (1 + level)/2-quantile] of the
 * Poisson-binomial count, a quantile being the smallest k with P(S ≤ k) ≥ q, so a realised
 * count falls inside with probability ≥ level. Exact (its distribution by dynamic
 * programming, one stay at a time) for n ≤ 5000; beyond, the normal approximation with
 * mean Σp and variance Σp(1 − p), continuity-corrected: the smallest k with
 * Φ((k + ½ − Σp)/σ) ≥ q, i.e. ⌈Σp + z_q·σ − ½⌉, kept within [0, n].
 */
export function expectedEventsInterval(risks: readonly number[], level = 0.95): [number, number] {
  checkRisks('expectedEventsInterval', risks);
  if (!(level > 0 && level < 1))
    throw new RangeError(`expectedEventsInterval: level must be in (0, 1), got ${level}`);
  const n = risks.length;
  const qLow = (1 - level) / 2;
  const qHigh = (1 + level) / 2;
  if (n > EXACT_LIMIT) {
    const mean = risks.reduce((s, p) => s + p, 0);
    const sd = Math.sqrt(risks.reduce((s, p) => s + p * (1 - p), 0));
    const at = (q: number) =>
      Math.min(n, Math.max(0, Math.ceil(mean + standardNormalQuantile(q) * sd - 0.5)));
    return [at(qLow), at(qHigh)];
  }
  // pmf[k] = P(k events among the stays so far); each stay shifts mass p one count up.
  const pmf = new Float64Array(n + 1);
  pmf[0] = 1;
  risks.forEach((p, seen) => {
    for (let k = seen + 1; k >= 1; k--) pmf[k] = pmf[k]! * (1 - p) + pmf[k - 1]! * p;
    pmf[0] = pmf[0]! * (1 - p);
  });
  let lower: number | null = null;
  let cdf = 0;
  for (let k = 0; k <= n; k++) {
    cdf += pmf[k]!;
    if (lower === null && cdf >= qLow) lower = k;
    if (cdf >= qHigh) return [lower ?? k, k];
  }
  // Rounding can leave the summed mass a hair below qHigh: the top count then bounds it.
  return [lower ?? n, n];
}

/**
 * P(K > λ) for Kolmogorov's limiting distribution (scipy.stats.kstwobign.sf): the
 * alternating series 2Σ(−1)^(k−1) e^(−2k²λ²) converges fast for large λ; for small λ its
 * theta-function twin, P(K ≤ λ) = √(2π)/λ · Σ e^(−(2k−1)²π²/(8λ²)), does.
 */
export function kolmogorovSurvival(lambda: number): number {
  if (!(lambda > 0)) return 1;
  if (lambda < 1.18) {
    const a = (Math.PI * Math.PI) / (8 * lambda * lambda);
    let sum = 0;
    for (let k = 1; k <= 6; k++) sum += Math.exp(-((2 * k - 1) ** 2) * a);
    return 1 - (Math.sqrt(2 * Math.PI) / lambda) * sum;
  }
  let sum = 0;
  for (let k = 1; k <= 20; k++)
    sum += (k % 2 === 1 ? 2 : -2) * Math.exp(-2 * k * k * lambda * lambda);
  return sum;
}

/** The two-sample Kolmogorov–Smirnov distance sup |F_a − F_b| over ascending samples. */
export function ksDistance(a: readonly number[], b: readonly number[]): number {
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < a.length && j < b.length) {
    // Step past every copy of the next value on both sides before comparing, so ties
    // between the samples are counted at once.
    const x = Math.min(a[i]!, b[j]!);
    while (i < a.length && a[i] === x) i++;
    while (j < b.length && b[j] === x) j++;
    d = Math.max(d, Math.abs(i / a.length - j / b.length));
  }
  return d;
}

function meanAndVariance(values: readonly number[]): [number, number] {
  const mean = values.reduce((s, x) => s + x, 0) / values.length;
  const variance = values.reduce((s, x) => s + (x - mean) ** 2, 0) / (values.length - 1);
  return [mean, variance];
}

/**
 * A variable's drift from a reference period to the latest: the standardised mean
 * difference (latest − reference)/√((s_r² + s_l²)/2) with sample variances, and the
 * two-sample KS distance D. Drifted when |SMD| ≥ smdThreshold (0.1) or the KS test's
 * asymptotic p, P(K > √(n₁n₂/(n₁ + n₂))·D) from Kolmogorov's limiting distribution, is below
 * ksAlpha (0.01). Non-finite values are ignored; with fewer than 2 values on a side nothing
 * is computed. Both sides constant: the SMD is 0 when they agree, else infinite (null) and
 * drifted.
 */
export function variableDrift(
  variable: string,
  reference: readonly number[],
  latest: readonly number[],
  options: { smdThreshold?: number; ksAlpha?: number } = {},
): VariableDrift {
  const smdThreshold = options.smdThreshold ?? 0.1;
  const ksAlpha = options.ksAlpha ?? 0.01;
  const r = reference.filter(Number.isFinite).sort((x, y) => x - y);
  const l = latest.filter(Number.isFinite).sort((x, y) => x - y);
  if (r.length < 2 || l.length < 2)
    return {
      variable,
      standardisedDifference: null,
      distance: null,
      pValue: null,
      drifted: false,
    };
  const [meanR, varR] = meanAndVariance(r);
  const [meanL, varL] = meanAndVariance(l);
  const pooled = Math.sqrt((varR + varL) / 2);
  const smd = pooled > 0 ? (meanL - meanR) / pooled : meanL === meanR ? 0 : null;
  const distance = ksDistance(r, l);
  const effectiveN = (r.length * l.length) / (r.length + l.length);
  const ksP = kolmogorovSurvival(Math.sqrt(effectiveN) * distance);
  return {
    variable,
    standardisedDifference: smd,
    distance,
    pValue: ksP,
    drifted: smd === null || Math.abs(smd) >= smdThreshold || ksP < ksAlpha,
  };
}

/**
 * The chance, if the risks are calibrated, that at least `misses` of `periods` realised counts
 * fall outside their forecast ranges at `level`: each range misses with probability at most
 * 1 − level, independently across periods, so this upper-tail binomial probability is
 * conservative. 1 when nothing missed.
 */
export function forecastMissesChance(misses: number, periods: number, level = 0.95): number {
  if (!(Number.isInteger(misses) && Number.isInteger(periods) && misses >= 0 && misses <= periods))
    throw new RangeError(`forecastMissesChance: ${misses} misses of ${periods} periods`);
  return misses === 0 ? 1 : 1 - binomialCdf(misses - 1, periods, 1 - level);
}
