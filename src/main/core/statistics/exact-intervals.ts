/**
 * Intervals and tests for counts, where a closed form fits and the bootstrap misleads: a
 * bootstrap of three true positives gives "100% (100–100%)", and of three errors in a queue
 * a ratio interval from 0 to infinity. Each returns an Estimate whose interval is exact or
 * withheld ('none'), never collapsed, never unbounded, and always around its estimate.
 *
 * - a proportion k/n: Clopper–Pearson (1934), the exact binomial interval;
 * - a ratio of two independent proportions (k1/n1) ÷ (k2/n2): Katz et al.'s (1978) log
 *   method, exp(log RR ± z·√(1/k1 − 1/n1 + 1/k2 − 1/n2)); withheld when either count of
 *   events is 0, where the log method has no interval, or both groups are all events, where
 *   it is a point;
 * - Fisher's exact test of a 2×2 table, two-sided (the sum of the probabilities of every
 *   table with the same margins no more likely than the observed one, as scipy does).
 * Checked against scipy in test/core/statistics/exact-intervals.test.ts (fixture written by
 * training/reference/exact_intervals_reference.py).
 */
import type { Estimate } from '../../../shared/estimate';
import { clopperPearsonUpper, logGamma, standardNormalQuantile } from './special-functions';

function checkLevel(name: string, level: number): void {
  if (!(level > 0 && level < 1))
    throw new RangeError(`${name}: level must be in (0, 1), got ${level}`);
}

function checkCount(name: string, k: number, n: number): void {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(k) || k < 0 || k > n)
    throw new RangeError(`${name}: need integers 0 ≤ k ≤ n (${k}, ${n})`);
}

/**
 * The two-sided Clopper–Pearson interval of k successes in n ≥ 1 trials: each bound is the
 * one-sided bound at 1 − (1 − level)/2 (the lower one by symmetry). The interval of 0 of 10
 * is [0, 1 − 0.025^(1/10)] = [0, 0.308].
 */
export function clopperPearson(k: number, n: number, level = 0.95): [number, number] {
  checkCount('clopperPearson', k, n);
  if (n < 1) throw new RangeError('clopperPearson: needs at least one trial');
  checkLevel('clopperPearson', level);
  const oneSided = 1 - (1 - level) / 2;
  return [1 - clopperPearsonUpper(n - k, n, oneSided), clopperPearsonUpper(k, n, oneSided)];
}

const NONE = { lower: null, upper: null, method: 'none', resamples: 0, skipped: 0 } as const;

/** k/n with its Clopper–Pearson interval; for n = 0 an undefined estimate. */
export function proportionEstimate(k: number, n: number, level = 0.95): Estimate {
  checkCount('proportionEstimate', k, n);
  if (n === 0) return { estimate: null, missing: 'undefined', ...NONE };
  const [lower, upper] = clopperPearson(k, n, level);
  return {
    estimate: k / n,
    missing: null,
    lower,
    upper,
    method: 'clopper-pearson',
    resamples: 0,
    skipped: 0,
  };
}

/**
 * The share of stays flagged (1 or true) among those kept (1, or every stay without `keep`),
 * with its Clopper–Pearson interval: a mean of 0/1 per stay is a count over a count.
 */
export function flaggedShareEstimate(
  flags: ArrayLike<number | boolean>,
  keep?: ArrayLike<number | boolean>,
  level = 0.95,
): Estimate {
  let hit = 0;
  let of = 0;
  for (let i = 0; i < flags.length; i++) {
    if (keep && !(keep[i] === 1 || keep[i] === true)) continue;
    of++;
    if (flags[i] === 1 || flags[i] === true) hit++;
  }
  return proportionEstimate(hit, of, level);
}

/**
 * (k1/n1) ÷ (k2/n2) of two independent groups, with Katz's log interval. Undefined when a
 * group is empty or both rates are 0; infinite when only the denominator's rate is 0; no
 * interval when either k is 0 (the log method needs an event on both sides), nor when both
 * groups are all events (k1 = n1 and k2 = n2: the log method's interval is then a point).
 */
export function ratioOfProportionsEstimate(
  k1: number,
  n1: number,
  k2: number,
  n2: number,
  level = 0.95,
): Estimate {
  checkCount('ratioOfProportionsEstimate (numerator)', k1, n1);
  checkCount('ratioOfProportionsEstimate (denominator)', k2, n2);
  checkLevel('ratioOfProportionsEstimate', level);
  if (n1 === 0 || n2 === 0 || (k1 === 0 && k2 === 0))
    return { estimate: null, missing: 'undefined', ...NONE };
  if (k2 === 0) return { estimate: null, missing: 'infinite', ...NONE };
  const ratio = k1 / n1 / (k2 / n2);
  if (k1 === 0) return { estimate: ratio, missing: null, ...NONE };
  const se = Math.sqrt(1 / k1 - 1 / n1 + 1 / k2 - 1 / n2);
  // Every stay of both groups had the event: the log method's SE is 0 and its interval a
  // point, which would print as "1.00 (1.00–1.00)".
  if (!(se > 0)) return { estimate: ratio, missing: null, ...NONE };
  const z = standardNormalQuantile(1 - (1 - level) / 2);
  return {
    estimate: ratio,
    missing: null,
    lower: ratio * Math.exp(-z * se),
    upper: ratio * Math.exp(z * se),
    method: 'katz-log',
    resamples: 0,
    skipped: 0,
  };
}

function logChoose(n: number, k: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
}

/**
 * Two-sided p-value of Fisher's exact test of the table [[a, b], [c, d]] (scipy's
 * fisher_exact): under fixed margins the count in the first cell is hypergeometric, and the
 * p-value sums the probabilities of every table no more likely than the observed one (with
 * a relative tolerance of 1e-7 for ties, as scipy and R use).
 */
export function fisherExactTest(a: number, b: number, c: number, d: number): number {
  for (const x of [a, b, c, d])
    if (!Number.isInteger(x) || x < 0)
      throw new RangeError(`fisherExactTest: cells must be counts (${a}, ${b}, ${c}, ${d})`);
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const low = Math.max(0, col1 - (n - row1));
  const high = Math.min(row1, col1);
  const logDenominator = logChoose(n, col1);
  const probability = (x: number): number =>
    Math.exp(logChoose(row1, x) + logChoose(n - row1, col1 - x) - logDenominator);
  const observed = probability(a);
  let p = 0;
  for (let x = low; x <= high; x++) {
    const px = probability(x);
    if (px <= observed * (1 + 1e-7)) p += px;
  }
  return Math.min(1, p);
}

/**
 * The Wilson (1927) score interval of k of n ≥ 1, without continuity correction: the
 * building block of Newcombe's interval below. Its bounds are exactly 0 at k = 0 and 1 at
 * k = n (floating point would leave them a rounding error away).
 */
export function wilsonInterval(k: number, n: number, level = 0.95): [number, number] {
  checkCount('wilsonInterval', k, n);
  if (n < 1) throw new RangeError('wilsonInterval: needs at least one trial');
  checkLevel('wilsonInterval', level);
  const z = standardNormalQuantile(1 - (1 - level) / 2);
  const p = k / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

/**
 * k1/n1 − k2/n2 of two independent groups with Newcombe's (1998) hybrid score interval
 * (his method 10): each side's Wilson interval (l, u) gives
 * [D − √((p1 − l1)² + (u2 − p2)²), D + √((u1 − p1)² + (p2 − l2)²)]. Unlike the Wald
 * interval it stays inside [−1, 1] and keeps a width at 0 of n; 56/70 − 48/80 gives
 * 0.2000 (0.0524 to 0.3339), his Table II. Undefined when either group is empty.
 */
export function differenceOfProportionsEstimate(
  k1: number,
  n1: number,
  k2: number,
  n2: number,
  level = 0.95,
): Estimate {
  checkCount('differenceOfProportionsEstimate (first)', k1, n1);
  checkCount('differenceOfProportionsEstimate (second)', k2, n2);
  checkLevel('differenceOfProportionsEstimate', level);
  if (n1 === 0 || n2 === 0) return { estimate: null, missing: 'undefined', ...NONE };
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const [l1, u1] = wilsonInterval(k1, n1, level);
  const [l2, u2] = wilsonInterval(k2, n2, level);
  const difference = p1 - p2;
  return {
    estimate: difference,
    missing: null,
    lower: Math.max(-1, difference - Math.hypot(p1 - l1, u2 - p2)),
    upper: Math.min(1, difference + Math.hypot(u1 - p1, p2 - l2)),
    method: 'newcombe',
    resamples: 0,
    skipped: 0,
  };
}
