/**
 * Observed against expected events: calibration-in-the-large as registries state it (the
 * standardised mortality ratio, O/E), exact with few events.
 * - One run: O/E with Garwood's (1936) exact Poisson interval of O divided by E,
 *   [χ²(α/2; 2O)/2, χ²(1 − α/2; 2O + 2)/2] / E, the lower bound 0 when O = 0.
 * - Two independent runs: the ratio of their O/E, θ = (O_B/E_B) / (O_A/E_A). Given the
 *   N = O_A + O_B events, O_B is binomial with π = θE_B / (E_A + θE_B), so θ's exact
 *   interval maps Clopper–Pearson's of π, and "no difference" (θ = 1) is the exact binomial
 *   test at π₀ = E_B / (E_A + E_B) (Breslow and Day, 1987, §2.3).
 * Checked against scipy in test/core/statistics/observed-expected.test.ts.
 */
import type { Estimate } from '../../../shared/estimate';
import { binomialTwoSidedP, chiSquareQuantile } from './special-functions';
import { clopperPearson } from './exact-intervals';

const NONE = { lower: null, upper: null, method: 'none', resamples: 0, skipped: 0 } as const;

function checkEvents(name: string, observed: number, expected: number): void {
  if (!Number.isInteger(observed) || observed < 0)
    throw new RangeError(`${name}: observed must be a count, got ${observed}`);
  if (!(expected >= 0) || !Number.isFinite(expected))
    throw new RangeError(`${name}: expected must be finite and ≥ 0, got ${expected}`);
}

/** O/E of one run with its Garwood interval; undefined when nothing was expected. */
export function observedExpectedEstimate(
  observed: number,
  expected: number,
  level = 0.95,
): Estimate {
  checkEvents('observedExpectedEstimate', observed, expected);
  if (expected === 0) return { estimate: null, missing: 'undefined', ...NONE };
  const alpha = 1 - level;
  const lower = observed === 0 ? 0 : chiSquareQuantile(alpha / 2, 2 * observed) / 2;
  const upper = chiSquareQuantile(1 - alpha / 2, 2 * observed + 2) / 2;
  return {
    estimate: observed / expected,
    missing: null,
    lower: lower / expected,
    upper: upper / expected,
    method: 'garwood',
    resamples: 0,
    skipped: 0,
  };
}

/** Run B's O/E against run A's: their ratio, its exact interval and the exact test's p. */
export interface ObservedExpectedRatio {
  ratio: Estimate;
  /** Two-sided exact p of θ = 1; null when no event was observed in either run. */
  pValue: number | null;
}

export function observedExpectedRatio(
  a: { observed: number; expected: number },
  b: { observed: number; expected: number },
  level = 0.95,
): ObservedExpectedRatio {
  checkEvents('observedExpectedRatio (A)', a.observed, a.expected);
  checkEvents('observedExpectedRatio (B)', b.observed, b.expected);
  const events = a.observed + b.observed;
  if (events === 0 || a.expected === 0 || b.expected === 0)
    return { ratio: { estimate: null, missing: 'undefined', ...NONE }, pValue: null };
  const pValue = binomialTwoSidedP(b.observed, events, b.expected / (a.expected + b.expected));
  // θ from π: π/(1 − π) · E_A/E_B; π = 1 maps to infinity (no interval is shown then).
  const theta = (pi: number) => (pi / (1 - pi)) * (a.expected / b.expected);
  if (a.observed === 0) return { ratio: { estimate: null, missing: 'infinite', ...NONE }, pValue };
  const [lowerPi, upperPi] = clopperPearson(b.observed, events, level);
  const estimate = theta(b.observed / events);
  const upper = upperPi < 1 ? theta(upperPi) : Infinity;
  const bounded = Number.isFinite(upper) && theta(lowerPi) < upper;
  return {
    ratio: bounded
      ? {
          estimate,
          missing: null,
          lower: theta(lowerPi),
          upper,
          method: 'conditional-binomial',
          resamples: 0,
          skipped: 0,
        }
      : { estimate, missing: null, ...NONE },
    pValue,
  };
}
