/**
 * One figure of run A against the same figure of run B, from each run's own bootstrap
 * draws: draw r of the difference is draw r of B minus draw r of A, its interval the
 * percentile interval of those draws and its p-value the two-sided bootstrap p of "no
 * difference". Every comparison of two runs (run figures, subgroups, evidence composition)
 * is made here, so all of them follow one rule; Benjamini–Hochberg is applied by the caller
 * once every p-value of a family is known.
 */
import type { Estimate } from '../../../shared/estimate';
import type { FigureDifference } from '../../../shared/run-comparison';
import { allowedDegenerate } from '../audit/bias-estimability';
import type { BootstrapCi } from '../metrics';
import {
  benjaminiHochberg,
  bootstrapPValue,
  replicateInterval,
  toEstimate,
  type JointDraws,
} from '../statistics';

export const LEVEL = 0.95;

/** One run's figure: its estimate, its bootstrap draws and their interval. */
export interface Side {
  estimate: number;
  draws: Float64Array;
  ci: BootstrapCi;
}

export function sideOf(draws: JointDraws, intervals: BootstrapCi[], f: number): Side {
  return { estimate: draws.estimates[f]!, draws: draws.replicates[f]!, ci: intervals[f]! };
}

/** Why a side's figure cannot be compared, or null. */
function sideShortfall(side: Side, run: string): string | null {
  if (!Number.isFinite(side.estimate))
    return `${Number.isNaN(side.estimate) ? 'undefined' : 'infinite'} in run ${run}`;
  const allowed = allowedDegenerate(side.ci.resamples, LEVEL);
  if (side.ci.skipped > allowed)
    return `undefined in ${side.ci.skipped} of ${side.ci.resamples} resamples of run ${run} (more than ${allowed})`;
  return null;
}

/**
 * A difference without its BH adjustment yet (filled in once every p-value is known).
 * `shown`: each run's figure as its own report shows it (an exact interval, or its
 * dashboard's bootstrap), printed instead of this comparison's draws of it.
 */
export function difference(
  a: Side,
  b: Side,
  refused: string | null,
  shown?: { a: Estimate; b: Estimate },
): FigureDifference {
  const diffs = Float64Array.from(a.draws, (x, r) => b.draws[r]! - x);
  const estimate = b.estimate - a.estimate;
  const ci = replicateInterval(estimate, diffs, LEVEL);
  let notTested = refused ?? sideShortfall(a, 'A') ?? sideShortfall(b, 'B');
  if (notTested === null && ci.lower === ci.upper && ci.lower === 0)
    notTested = 'the resamples of both runs do not vary';
  const pValue = notTested === null ? bootstrapPValue(diffs, 0) : NaN;
  if (notTested === null && Number.isNaN(pValue)) notTested = 'no resample defines it';
  return {
    a: shown?.a ?? toEstimate(a.ci),
    b: shown?.b ?? toEstimate(b.ci),
    difference: toEstimate(ci),
    pValue: notTested === null ? pValue : null,
    adjustedP: null,
    flagged: false,
    notTested,
  };
}

/** An estimate a run cannot have (an hour or a variable its cohort lacks). */
const ABSENT: Estimate = {
  estimate: null,
  missing: 'undefined',
  lower: null,
  upper: null,
  method: 'none',
  resamples: 0,
  skipped: 0,
};

/** A figure only one run has: shown on its side (as `shown` when given), never tested. */
export function oneSided(
  present: Side,
  side: 'a' | 'b',
  why: string,
  given?: Estimate,
): FigureDifference {
  const shown = given ?? toEstimate(present.ci);
  return {
    a: side === 'a' ? shown : ABSENT,
    b: side === 'b' ? shown : ABSENT,
    difference: ABSENT,
    pValue: null,
    adjustedP: null,
    flagged: false,
    notTested: why,
  };
}

/**
 * Benjamini–Hochberg over one family of differences, in place: adjusted p-values and flags
 * of the tested ones. Returns how many were tested and flagged.
 */
export function flagFamily(
  family: readonly FigureDifference[],
  fdrLevel: number,
): { tested: number; flagged: number } {
  const tested = family.filter((d) => d.pValue !== null);
  if (tested.length > 0) {
    const bh = benjaminiHochberg(
      tested.map((d) => d.pValue!),
      fdrLevel,
    );
    tested.forEach((d, i) => {
      d.adjustedP = bh.adjusted[i]!;
      d.flagged = bh.rejected[i]!;
    });
  }
  return { tested: tested.length, flagged: tested.filter((d) => d.flagged).length };
}
