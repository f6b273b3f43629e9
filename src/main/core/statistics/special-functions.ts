/**
 * The few special functions the abstention statistics need, written here because the app
 * ships no numerical library: the regularized incomplete beta (binomial tails, the
 * Clopper–Pearson bound) and the regularized incomplete gamma (chi-square p-values of the
 * likelihood-ratio test). Numerical Recipes (Press et al., 3rd ed., §6.1–6.4) style: a
 * series or a continued fraction evaluated by the modified Lentz method, whichever converges
 * fast at the argument, and a 15-digit Lanczos log-gamma. Checked against scipy.special in
 * test/core/abstention/special-functions.test.ts (fixture: training/reference/abstention_reference.py).
 */

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9: about 15 significant digits). */
export function logGamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`logGamma: x must be > 0, got ${x}`);
  if (x < 0.5) {
    // Reflection keeps the approximation in its accurate range.
    return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS[0]!;
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

const TINY = 1e-300;
const EPS = 1e-16;
const MAX_ITERATIONS = 10_000;

/** Continued fraction of the incomplete beta (NR betacf), modified Lentz. */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < TINY) d = TINY;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= MAX_ITERATIONS; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < TINY) d = TINY;
    c = 1 + aa / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) return h;
  }
  throw new Error(`incomplete beta: no convergence for a=${a}, b=${b}, x=${x}`);
}

/** I_x(a, b), the regularized incomplete beta function (scipy.special.betainc), a, b > 0. */
export function regularizedIncompleteBeta(a: number, b: number, x: number): number {
  if (!(a > 0 && b > 0)) throw new RangeError(`incomplete beta: a, b must be > 0 (${a}, ${b})`);
  if (!(x >= 0 && x <= 1)) throw new RangeError(`incomplete beta: x must be in [0, 1], got ${x}`);
  if (x === 0) return 0;
  if (x === 1) return 1;
  const logFront =
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x);
  const front = Math.exp(logFront);
  // The continued fraction converges fast for x < (a + 1) / (a + b + 2); use the symmetry
  // I_x(a, b) = 1 − I_{1−x}(b, a) on the other side.
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/**
 * The q-quantile of Beta(a, b) (scipy.stats.beta.ppf): the x with I_x(a, b) = q, by
 * bisection on [0, 1] (I_x is increasing in x), to a bracket narrower than 1e-15 relative.
 */
export function betaQuantile(q: number, a: number, b: number): number {
  if (!(q >= 0 && q <= 1)) throw new RangeError(`betaQuantile: q must be in [0, 1], got ${q}`);
  if (q === 0) return 0;
  if (q === 1) return 1;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 1100 && hi - lo > 1e-15 * Math.max(lo, 1e-300); i++) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (regularizedIncompleteBeta(a, b, mid) < q) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}

/** P(X ≤ k) for X ~ Binomial(n, p) (scipy.stats.binom.cdf), integer k, n ≥ 0. */
export function binomialCdf(k: number, n: number, p: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`binomialCdf: n must be a count (${n})`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomialCdf: p must be in [0, 1], got ${p}`);
  const kk = Math.floor(k);
  if (kk < 0) return 0;
  if (kk >= n) return 1;
  // P(X ≤ k) = I_{1−p}(n − k, k + 1).
  return regularizedIncompleteBeta(n - kk, kk + 1, 1 - p);
}

/**
 * The exact (Clopper–Pearson, 1934) one-sided upper confidence bound on a binomial rate:
 * the largest p with P(X ≤ errors | n, p) ≥ 1 − confidence, i.e. the confidence-quantile of
 * Beta(errors + 1, n − errors); 1 when every trial failed, and 1 for n = 0 (nothing observed).
 */
export function clopperPearsonUpper(errors: number, n: number, confidence: number): number {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(errors) || errors < 0 || errors > n)
    throw new RangeError(`clopperPearsonUpper: need integer 0 ≤ errors ≤ n (${errors}, ${n})`);
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`clopperPearsonUpper: confidence must be in (0, 1), got ${confidence}`);
  if (errors === n) return 1;
  return betaQuantile(confidence, errors + 1, n - errors);
}

/** Series for P(a, x), x < a + 1 (NR gser). */
function gammaSeries(a: number, x: number): number {
  let ap = a;
  let sum = 1 / a;
  let del = sum;
  for (let n = 1; n <= MAX_ITERATIONS; n++) {
    ap += 1;
    del *= x / ap;
    sum += del;
    if (Math.abs(del) < Math.abs(sum) * EPS) {
      return sum * Math.exp(-x + a * Math.log(x) - logGamma(a));
    }
  }
  throw new Error(`incomplete gamma: series did not converge for a=${a}, x=${x}`);
}

/** Continued fraction for Q(a, x), x ≥ a + 1 (NR gcf), modified Lentz. */
function gammaContinuedFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i <= MAX_ITERATIONS; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPS) return Math.exp(-x + a * Math.log(x) - logGamma(a)) * h;
  }
  throw new Error(`incomplete gamma: continued fraction did not converge for a=${a}, x=${x}`);
}

/** Q(a, x) = Γ(a, x) / Γ(a), the upper regularized incomplete gamma (scipy.special.gammaincc). */
export function regularizedGammaQ(a: number, x: number): number {
  if (!(a > 0)) throw new RangeError(`regularizedGammaQ: a must be > 0, got ${a}`);
  if (!(x >= 0)) throw new RangeError(`regularizedGammaQ: x must be ≥ 0, got ${x}`);
  if (x === 0) return 1;
  if (x === Infinity) return 0;
  return x < a + 1 ? 1 - gammaSeries(a, x) : gammaContinuedFraction(a, x);
}

/** P(χ²_df > statistic) (scipy.stats.chi2.sf): the upper tail the likelihood-ratio test needs. */
export function chiSquareSurvival(statistic: number, degreesOfFreedom: number): number {
  if (!(degreesOfFreedom > 0))
    throw new RangeError(`chiSquareSurvival: df must be > 0, got ${degreesOfFreedom}`);
  if (Number.isNaN(statistic)) return NaN;
  if (statistic <= 0) return 1;
  return regularizedGammaQ(degreesOfFreedom / 2, statistic / 2);
}

/**
 * P(|Z| ≥ |z|) for a standard normal Z (2 · scipy.stats.norm.sf(|z|)): the two-sided p of a
 * z statistic, as Q(1/2, z²/2) since Z² is χ² with one degree of freedom.
 */
export function twoSidedNormalP(z: number): number {
  if (Number.isNaN(z)) return NaN;
  return regularizedGammaQ(0.5, (z * z) / 2);
}

/**
 * The q-quantile of χ² with df degrees of freedom (scipy.stats.chi2.ppf), by bisection on
 * its distribution function P(df/2, x/2) = 1 − Q: monotone, so bisection cannot miss, and
 * 200 halvings reach the last bit of a double.
 */
export function chiSquareQuantile(q: number, degreesOfFreedom: number): number {
  if (!(q > 0 && q < 1)) throw new RangeError(`chiSquareQuantile: q must be in (0, 1), got ${q}`);
  if (!(degreesOfFreedom > 0))
    throw new RangeError(`chiSquareQuantile: df must be > 0, got ${degreesOfFreedom}`);
  const cdf = (x: number) => 1 - regularizedGammaQ(degreesOfFreedom / 2, x / 2);
  let high = Math.max(1, degreesOfFreedom);
  while (cdf(high) < q) high *= 2;
  let low = 0;
  for (let i = 0; i < 200 && high - low > 1e-15 * high; i++) {
    const mid = (low + high) / 2;
    if (cdf(mid) < q) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/**
 * The two-sided exact binomial p of k successes in n trials at success probability p
 * (scipy.stats.binomtest): the probability of every count no more likely than k, with
 * scipy's relative tolerance of 1e-7 for ties.
 */
export function binomialTwoSidedP(k: number, n: number, p: number): number {
  if (!Number.isInteger(n) || n < 0 || !Number.isInteger(k) || k < 0 || k > n)
    throw new RangeError(`binomialTwoSidedP: need integers 0 ≤ k ≤ n (${k}, ${n})`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomialTwoSidedP: p must be in [0, 1], got ${p}`);
  if (p === 0) return k === 0 ? 1 : 0;
  if (p === 1) return k === n ? 1 : 0;
  const logPmf = (x: number) =>
    logGamma(n + 1) -
    logGamma(x + 1) -
    logGamma(n - x + 1) +
    x * Math.log(p) +
    (n - x) * Math.log1p(-p);
  const observed = logPmf(k);
  let sum = 0;
  for (let x = 0; x <= n; x++) {
    const lp = logPmf(x);
    if (lp <= observed + Math.log1p(1e-7)) sum += Math.exp(lp);
  }
  return Math.min(1, sum);
}

/** Σ c_i x^i, coefficients from the constant term up. */
function polynomial(coefficients: readonly number[], x: number): number {
  let value = 0;
  for (let i = coefficients.length - 1; i >= 0; i--) value = value * x + coefficients[i]!;
  return value;
}

// Wichura's AS 241 (Applied Statistics 37, 1988), PPND16: about 16 significant digits.
const AS241_CENTRAL = {
  a: [
    3.3871328727963665, 133.14166789178438, 1971.5909503065513, 13731.69376550946,
    45921.95393154987, 67265.7709270087, 33430.57558358813, 2509.0809287301227,
  ],
  b: [
    1, 42.31333070160091, 687.1870074920579, 5394.196021424751, 21213.794301586597,
    39307.89580009271, 28729.085735721943, 5226.495278852546,
  ],
};
const AS241_NEAR = {
  c: [
    1.4234371107496835, 4.630337846156546, 5.769497221460691, 3.6478483247632045,
    1.2704582524523684, 0.2417807251774506, 0.022723844989269184, 0.0007745450142783414,
  ],
  d: [
    1, 2.053191626637759, 1.6763848301838038, 0.6897673349851, 0.14810397642748008,
    0.015198666563616457, 0.0005475938084995345, 1.0507500716444169e-9,
  ],
};
const AS241_TAIL = {
  e: [
    6.657904643501103, 5.463784911164114, 1.7848265399172913, 0.29656057182850487,
    0.026532189526576124, 0.0012426609473880784, 0.000027115555687434876, 2.0103343992922881e-7,
  ],
  f: [
    1, 0.599832206555888, 0.1369298809227358, 0.014875361290850615, 0.0007868691311456133,
    0.000018463183175100548, 1.421511758316446e-7, 2.0442631033899397e-15,
  ],
};

/** The q-quantile of the standard normal distribution (scipy.stats.norm.ppf), 0 < q < 1. */
export function standardNormalQuantile(q: number): number {
  if (!(q > 0 && q < 1))
    throw new RangeError(`standardNormalQuantile: q must be in (0, 1), got ${q}`);
  const centred = q - 0.5;
  if (Math.abs(centred) <= 0.425) {
    const r = 0.180625 - centred * centred;
    return (centred * polynomial(AS241_CENTRAL.a, r)) / polynomial(AS241_CENTRAL.b, r);
  }
  let r = Math.sqrt(-Math.log(centred < 0 ? q : 1 - q));
  let x: number;
  if (r <= 5) {
    r -= 1.6;
    x = polynomial(AS241_NEAR.c, r) / polynomial(AS241_NEAR.d, r);
  } else {
    r -= 5;
    x = polynomial(AS241_TAIL.e, r) / polynomial(AS241_TAIL.f, r);
  }
  return centred < 0 ? -x : x;
}
