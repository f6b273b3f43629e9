/**
 * A funnel plot of units' standardised ratios O/E against their expected events E
 * (Spiegelhalter, "Funnel plots for comparing institutional performance", Stat Med
 * 2005;24:1185–1202), target 1: exact Poisson control limits at 95% and 99.8%, and the
 * test for overdispersion of §4.4/§5 that widens them by a random-effects variance τ² when
 * the units vary more than chance allows. Checked against scipy in
 * test/core/statistics/funnel-plot.test.ts (fixture: training/reference/funnel_reference.py).
 */
import type {
  FunnelPlacement,
  FunnelLimitCurve,
  FunnelPlot,
  FunnelPoint,
  Overdispersion,
} from '../../../shared/monitoring';
import { quantileSorted } from './quantile';
import { chiSquareSurvival, regularizedGammaQ, standardNormalQuantile } from './special-functions';

/** Fewer units than this are too few to estimate the overdispersion (φ is then null). */
const MIN_UNITS_FOR_DISPERSION = 5;
/** The curve spans E from this factor below the smallest unit's to this factor above the largest's. */
const CURVE_MARGIN = 1.25;

/** P(X ≤ k) for X ~ Poisson(mean), integer k: Q(k + 1, mean); 0 below 0. */
function poissonCdf(k: number, mean: number): number {
  return k < 0 ? 0 : regularizedGammaQ(k + 1, mean);
}

/** The p-quantile of Poisson(mean): the smallest integer y with P(X ≤ y) ≥ p. */
function poissonQuantile(p: number, mean: number): number {
  // Start near the normal approximation and step: a few CDF evaluations at any mean.
  let y = Math.max(0, Math.floor(mean + standardNormalQuantile(p) * Math.sqrt(mean)));
  while (poissonCdf(y, mean) < p) y++;
  while (y > 0 && poissonCdf(y - 1, mean) >= p) y--;
  return y;
}

/**
 * The exact Poisson control limit of O/E at probability p for expected events E (the
 * paper's Appendix A.1.1): with y_p the p-quantile of Poisson(E) and F its CDF,
 *   α = (F(y_p) − p) / (F(y_p) − F(y_p − 1)),   limit = (y_p − α) / E,
 * an interpolation that makes the stepped quantile a continuous curve in E. When y_p = 0
 * the formula falls below 0, where no ratio can lie; the limit is then 0.
 */
export function poissonRatioLimit(p: number, expected: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`poissonRatioLimit: p must be in (0, 1), got ${p}`);
  if (!(expected > 0) || !Number.isFinite(expected))
    throw new RangeError(`poissonRatioLimit: expected must be finite and > 0, got ${expected}`);
  const y = poissonQuantile(p, expected);
  const at = poissonCdf(y, expected);
  const below = poissonCdf(y - 1, expected);
  const alpha = (at - p) / (at - below);
  return Math.max(0, (y - alpha) / expected);
}

interface Limits {
  lower95: number;
  upper95: number;
  lower998: number;
  upper998: number;
}

const Z95 = standardNormalQuantile(0.975);
const Z998 = standardNormalQuantile(0.999);

/** The four limits at E: exact Poisson, or 1 ± z·√(1/E + τ²) once widened by τ² > 0. */
function limitsAt(expected: number, tau2: number | null): Limits {
  if (tau2 === null)
    return {
      lower95: poissonRatioLimit(0.025, expected),
      upper95: poissonRatioLimit(0.975, expected),
      lower998: poissonRatioLimit(0.001, expected),
      upper998: poissonRatioLimit(0.999, expected),
    };
  const sd = Math.sqrt(1 / expected + tau2);
  return {
    lower95: Math.max(0, 1 - Z95 * sd),
    upper95: 1 + Z95 * sd,
    lower998: Math.max(0, 1 - Z998 * sd),
    upper998: 1 + Z998 * sd,
  };
}

/**
 * φ, its χ² test and τ² (§4.4, §5): z_i = (O_i − E_i)/√E_i is the ratio's z-score at target
 * 1 (its variance 1/E_i); the z's beyond the 10th and 90th percentiles (numpy's linear rule)
 * are set to those percentiles, so a few outliers do not make the rest look overdispersed;
 * φ = Σz²/I, and Iφ ~ χ²(I − 1) when the units vary by chance alone. When that test's
 * p < 0.05, τ² = max(0, (Iφ − (I − 1)) / (Σw − Σw²/Σw)) with w_i = 1/s_i² = E_i.
 */
export function overdispersion(
  units: readonly { observed: number; expected: number }[],
): Overdispersion | null {
  const count = units.length;
  if (count < MIN_UNITS_FOR_DISPERSION) return null;
  const z = units.map((u) => (u.observed - u.expected) / Math.sqrt(u.expected));
  const sorted = Float64Array.from(z).sort();
  const low = quantileSorted(sorted, 0.1);
  const high = quantileSorted(sorted, 0.9);
  const phi = z.reduce((s, zi) => s + Math.min(high, Math.max(low, zi)) ** 2, 0) / count;
  const pValue = chiSquareSurvival(count * phi, count - 1);
  if (!(pValue < 0.05)) return { phi, pValue, tau2: 0, adjusted: false, units: count };
  const sumW = units.reduce((s, u) => s + u.expected, 0);
  const sumW2 = units.reduce((s, u) => s + u.expected ** 2, 0);
  const tau2 = Math.max(0, (count * phi - (count - 1)) / (sumW - sumW2 / sumW));
  return { phi, pValue, tau2, adjusted: true, units: count };
}

function place(ratio: number, limits: Limits): FunnelPlacement {
  if (ratio > limits.upper998) return { position: 'beyond-99.8', direction: 'above' };
  if (ratio < limits.lower998) return { position: 'beyond-99.8', direction: 'below' };
  if (ratio > limits.upper95) return { position: 'beyond-95', direction: 'above' };
  if (ratio < limits.lower95) return { position: 'beyond-95', direction: 'below' };
  return { position: 'inside', direction: null };
}

/**
 * Units' O/E on a funnel plot. Units with nothing expected (E = 0) have no ratio and are
 * left out. A unit is beyond a limit only strictly outside it. The curve is log-spaced over
 * E from the smallest unit's ÷ 1.25 to the largest's × 1.25 (empty with no unit).
 */
export function funnelPlot(
  units: readonly { label: string; observed: number; expected: number }[],
  options: { curvePoints?: number } = {},
): FunnelPlot {
  const curvePoints = options.curvePoints ?? 60;
  if (!Number.isInteger(curvePoints) || curvePoints < 2)
    throw new RangeError(`funnelPlot: curvePoints must be an integer ≥ 2, got ${curvePoints}`);
  for (const u of units) {
    if (!(u.observed >= 0) || !Number.isFinite(u.observed))
      throw new RangeError(`funnelPlot: observed must be finite and ≥ 0 (${u.label})`);
    if (!(u.expected >= 0) || !Number.isFinite(u.expected))
      throw new RangeError(`funnelPlot: expected must be finite and ≥ 0 (${u.label})`);
  }
  const kept = units.filter((u) => u.expected > 0);
  const dispersion = overdispersion(kept);
  const tau2 = dispersion?.adjusted ? dispersion.tau2 : null;
  const points = kept.map((u): FunnelPoint => {
    const ratio = u.observed / u.expected;
    return {
      label: u.label,
      observed: u.observed,
      expected: u.expected,
      ratio,
      ...place(ratio, limitsAt(u.expected, tau2)),
      byExactLimits: place(ratio, limitsAt(u.expected, null)),
    };
  });
  const limits: FunnelLimitCurve = {
    expected: [],
    lower95: [],
    upper95: [],
    lower998: [],
    upper998: [],
  };
  if (kept.length > 0) {
    const from = Math.log(Math.min(...kept.map((u) => u.expected)) / CURVE_MARGIN);
    const to = Math.log(Math.max(...kept.map((u) => u.expected)) * CURVE_MARGIN);
    for (let i = 0; i < curvePoints; i++) {
      const e = Math.exp(from + ((to - from) * i) / (curvePoints - 1));
      const at = limitsAt(e, tau2);
      limits.expected.push(e);
      limits.lower95.push(at.lower95);
      limits.upper95.push(at.upper95);
      limits.lower998.push(at.lower998);
      limits.upper998.push(at.upper998);
    }
  }
  return { points, limits, overdispersion: dispersion };
}
