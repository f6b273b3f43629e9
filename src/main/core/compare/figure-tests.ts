/**
 * The closed-form tests of two runs' figures, where the bootstrap misleads with few events
 * (a run of 16 stays and 2 deaths leaves its AUROC undefined in many resamples):
 * - the AUROC by DeLong's test, paired when both runs scored the same stays;
 * - a rate of counts (sensitivity, false alarms, PPV, …) by Newcombe's interval of B − A
 *   and Fisher's exact test;
 * - observed ÷ expected events by the conditional binomial (statistics/observed-expected.ts).
 * Each gives an ExactContrast for figure-difference.ts's `exactDifference`.
 */
import {
  aurocComponents,
  independentAurocDifference,
  pairedAurocDifference,
  type AurocComponents,
} from '../statistics/delong';
import { differenceOfProportionsEstimate, fisherExactTest } from '../statistics/exact-intervals';
import { observedExpectedRatio } from '../statistics/observed-expected';
import { ABSENT, LEVEL, type ExactContrast } from './figure-difference';

/** k of n in each run: B − A with Newcombe's interval and Fisher's two-sided exact p. */
export function rateContrast(
  a: readonly [number, number],
  b: readonly [number, number],
): ExactContrast {
  const [ka, na] = a;
  const [kb, nb] = b;
  const missing = na === 0 ? 'A' : nb === 0 ? 'B' : null;
  if (missing !== null)
    return {
      difference: ABSENT,
      contrast: 'difference',
      test: 'newcombe-fisher',
      pValue: null,
      notTested: `undefined in run ${missing}`,
    };
  return {
    difference: differenceOfProportionsEstimate(kb, nb, ka, na, LEVEL),
    contrast: 'difference',
    test: 'newcombe-fisher',
    pValue: fisherExactTest(kb, nb - kb, ka, na - ka),
    notTested: null,
  };
}

/** One run's scores and outcomes, with the stays they belong to (to pair two runs). */
export interface ScoredStays {
  stayIds: readonly number[];
  scores: ArrayLike<number>;
  labels: ArrayLike<number>;
}

/** Both runs scored exactly the same stays: then their AUROCs are paired. */
function sameStays(a: ScoredStays, b: ScoredStays): boolean {
  if (a.stayIds.length !== b.stayIds.length) return false;
  const inB = new Set(b.stayIds);
  return a.stayIds.every((id) => inB.has(id));
}

/** B's scores and labels in A's stay order. */
function alignedTo(a: ScoredStays, b: ScoredStays): { scores: number[]; labels: number[] } {
  const index = new Map(b.stayIds.map((id, i) => [id, i]));
  const order = a.stayIds.map((id) => index.get(id)!);
  return { scores: order.map((i) => b.scores[i]!), labels: order.map((i) => b.labels[i]!) };
}

function classShortfall(c: AurocComponents | null, run: string): string | null {
  if (c === null) return `run ${run} lacks stays with or without the outcome`;
  if (c.positives.length < 2) return `fewer than two stays with the outcome in run ${run}`;
  if (c.negatives.length < 2) return `fewer than two stays without the outcome in run ${run}`;
  return null;
}

/**
 * AUROC B − AUROC A by DeLong's test: paired when both runs scored the same stays (two
 * bundles on one cohort), independent otherwise.
 */
export function aurocContrast(a: ScoredStays, b: ScoredStays): ExactContrast {
  const aligned = sameStays(a, b) ? alignedTo(a, b) : null;
  // The same stays with the same outcomes: a paired design (else two independent samples).
  const paired = aligned !== null && aligned.labels.every((label, i) => label === a.labels[i]);
  const test = paired ? 'delong-paired' : 'delong';
  const ca = aurocComponents(a.scores, a.labels);
  const cb = paired
    ? aurocComponents(aligned!.scores, aligned!.labels)
    : aurocComponents(b.scores, b.labels);
  const shortfall = classShortfall(ca, 'A') ?? classShortfall(cb, 'B');
  const result =
    shortfall === null
      ? paired
        ? pairedAurocDifference(ca!, cb!, LEVEL)
        : independentAurocDifference(ca!, cb!, LEVEL)
      : null;
  if (result === null)
    return {
      difference: ABSENT,
      contrast: 'difference',
      test,
      pValue: null,
      notTested: shortfall ?? 'no variance to test',
    };
  if (!(result.standardError > 0))
    return {
      difference: { ...ABSENT, estimate: result.difference, missing: null },
      contrast: 'difference',
      test,
      pValue: null,
      notTested: 'both runs rank the stays the same way',
    };
  return {
    difference: {
      estimate: result.difference,
      missing: null,
      lower: result.lower,
      upper: result.upper,
      method: 'delong',
      resamples: 0,
      skipped: 0,
    },
    contrast: 'difference',
    test,
    pValue: result.pValue,
    notTested: null,
  };
}

/** Observed ÷ expected events of B against A's, as their ratio with its exact interval. */
export function observedExpectedContrast(
  a: { observed: number; expected: number },
  b: { observed: number; expected: number },
): ExactContrast {
  const { ratio, pValue } = observedExpectedRatio(a, b, LEVEL);
  return {
    difference: ratio,
    contrast: 'ratio',
    test: 'conditional-binomial',
    pValue,
    notTested: pValue === null ? 'no outcome in either run' : null,
  };
}
