/**
 * One figure of run A against the same figure of run B. Where a closed-form test suits the
 * figure (figure-tests.ts: DeLong for the AUROC, exact tests for counts) its contrast is
 * taken as given; otherwise from each run's own bootstrap draws: draw r of the difference is
 * draw r of B minus draw r of A, its interval the percentile interval of those draws and its
 * p-value the two-sided bootstrap p of "no difference". Every comparison of two runs (run
 * figures, subgroups, evidence composition) is made here, so all of them follow one rule;
 * Benjamini–Hochberg is applied once every p-value of a family is known, then each
 * difference is read in words (`readFamily`).
 */
import { NOT_SHOWN, type Estimate } from '../../../shared/estimate';
import type {
  BetterDirection,
  ComparisonReading,
  FigureDifference,
} from '../../../shared/run-comparison';
import { allowedDegenerate } from '../statistics/bias-estimability';
import {
  type BootstrapCi,
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
    contrast: 'difference',
    test: 'bootstrap',
    pValue: notTested === null ? pValue : null,
    adjustedP: null,
    flagged: false,
    notTested,
    absentData: null,
    better: null,
    reading: notTested === null ? 'not-shown' : 'not-tested',
  };
}

/** A contrast made by a closed-form test (figure-tests.ts), before its BH adjustment. */
export interface ExactContrast {
  difference: Estimate;
  contrast: FigureDifference['contrast'];
  test: FigureDifference['test'];
  pValue: number | null;
  /** Why the test cannot be made (too few events); null when it was. */
  notTested: string | null;
}

/**
 * A difference from a closed-form test. `refused`: why the figure is not compared at all
 * (below an estimability minimum); `absentData`: why the difference only reflects data a
 * run lacks. Either leaves it untested, its contrast still shown.
 */
export function exactDifference(
  shown: { a: Estimate; b: Estimate },
  exact: ExactContrast,
  refused: string | null,
  absentData: string | null = null,
): FigureDifference {
  const notTested =
    absentData !== null
      ? null
      : (refused ?? exact.notTested ?? (exact.pValue === null ? 'no test could be made' : null));
  const tested = absentData === null && notTested === null;
  return {
    a: shown.a,
    b: shown.b,
    difference: exact.difference,
    contrast: exact.contrast,
    test: exact.test,
    pValue: tested ? exact.pValue : null,
    adjustedP: null,
    flagged: false,
    notTested,
    absentData,
    better: null,
    reading: absentData !== null ? 'absent-data' : tested ? 'not-shown' : 'not-tested',
  };
}

/** An estimate a run cannot have (an hour or a variable its cohort lacks, a test not made). */
export const ABSENT: Estimate = NOT_SHOWN;

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
    contrast: 'difference',
    test: 'bootstrap',
    pValue: null,
    adjustedP: null,
    flagged: false,
    notTested: why,
    absentData: null,
    better: null,
    reading: 'not-tested',
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

/**
 * What a flagged difference says of B, given which way the figure is better: worse or
 * better, or higher or lower for a figure without a better direction. For observed ÷
 * expected events, better is closer to 1: the run whose ratio is further from 1 on the log
 * scale is the worse calibrated.
 */
function flaggedReading(d: FigureDifference, better: BetterDirection): ComparisonReading {
  const estimate = d.difference.estimate;
  const up = d.contrast === 'ratio' ? (estimate ?? 1) > 1 : (estimate ?? 0) > 0;
  if (better === null) return up ? 'higher' : 'lower';
  if (better === 'closer-to-1') {
    const a = d.a.estimate;
    const b = d.b.estimate;
    if (a === null || b === null || a <= 0 || b <= 0) return up ? 'higher' : 'lower';
    return Math.abs(Math.log(b)) > Math.abs(Math.log(a)) ? 'worse' : 'better';
  }
  return up === (better === 'higher') ? 'better' : 'worse';
}

/**
 * Each difference of a family given its better direction, and each tested one read in
 * words once its flags are known (in place).
 */
export function readFamily<D extends FigureDifference>(
  family: readonly D[],
  better: (d: D) => BetterDirection,
): void {
  for (const d of family) {
    d.better = better(d);
    if (d.pValue === null) continue;
    d.reading = d.flagged ? flaggedReading(d, d.better) : 'not-shown';
  }
}
