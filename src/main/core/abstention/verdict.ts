/**
 * The one plain sentence a run says about whether the search beats the model's own
 * confidence, honest in both directions. It rests on two pieces of evidence only:
 * - the paired bootstrap interval of each ToE-based policy's (exhausted, toe-tuned, learned)
 *   AURC minus confidence's AURC: an interval wholly below 0 means that policy ranks errors
 *   measurably better than confidence alone, wholly above 0 measurably worse;
 * - the likelihood-ratio test of the trace features beyond confidence, significant when
 *   p < 1 − level (0.05 at the default 95%).
 * "Measurably better" needs an AURC interval below 0; a significant likelihood-ratio test
 * alone says the trace carries information, not that any policy turns it into a better queue.
 */
import type { AbstentionPolicyName, TraceFeatureTest } from '../../../shared/abstention';
import type { Estimate } from '../../../shared/estimate';
import { fixed, precise } from './format';

/** Fewer errors than this and the verdict says the run cannot tell. */
export const MIN_ERRORS_FOR_VERDICT = 10;

export interface VerdictEvidence {
  /** AURC(policy) − AURC(confidence) of each ToE-based policy that could be scored. */
  comparisons: { policy: AbstentionPolicyName; difference: Estimate | null }[];
  traceFeatureTest: TraceFeatureTest | null;
  /** Why the likelihood-ratio test was not run, when it was not. */
  traceFeatureReason: string | null;
  errors: number;
  level: number;
}

/** A signed figure as the sentence prints it: three decimals, a true minus sign. */
export function formatDifference(x: number): string {
  return Math.abs(x) >= 0.001 || x === 0 ? fixed(x, 3) : precise(x, 2);
}

export function formatPValue(p: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toPrecision(2)}`;
}

interface Compared {
  policy: AbstentionPolicyName;
  estimate: number;
  lower: number | null;
  upper: number | null;
}

/** "−0.004, 95% CI −0.012 to 0.003" */
function figureText(c: Compared, level: number): string {
  const ci =
    c.lower !== null && c.upper !== null
      ? `${Math.round(level * 100)}% CI ${formatDifference(c.lower)} to ${formatDifference(c.upper)}`
      : 'no interval';
  return `${formatDifference(c.estimate)}, ${ci}`;
}

/** "learned, −0.004, 95% CI −0.012 to 0.003" */
function describe(c: Compared, level: number): string {
  return `${c.policy}, ${figureText(c, level)}`;
}

export function abstentionVerdict(evidence: VerdictEvidence): string {
  const { level, errors } = evidence;
  if (errors < MIN_ERRORS_FOR_VERDICT) {
    return (
      `This run has too few wrong decisions (${errors}) to tell whether the search adds ` +
      `anything to the model's own confidence.`
    );
  }
  const compared: Compared[] = evidence.comparisons.flatMap(({ policy, difference: d }) =>
    d && d.estimate !== null
      ? [{ policy, estimate: d.estimate, lower: d.lower, upper: d.upper }]
      : [],
  );
  const better = compared.filter((c) => c.upper !== null && c.upper < 0);
  const worse = compared.filter((c) => c.lower !== null && c.lower > 0);
  const byEstimate = (a: Compared, b: Compared): number => a.estimate - b.estimate;
  const lrt = evidence.traceFeatureTest;
  const significant = lrt !== null && lrt.pValue < 1 - level;
  const lrtNotRun = `the likelihood-ratio test of the trace features could not be run (${
    evidence.traceFeatureReason ?? 'no test'
  })`;

  if (better.length > 0) {
    const best = [...better].sort(byEstimate)[0]!;
    // Several policies were compared, each at the same level: say so, since one interval
    // of several excluding 0 is weaker evidence than one planned comparison.
    const multiplicity =
      compared.length > 1
        ? `; ${better.length} of ${compared.length} ToE-based policies compared, intervals not adjusted for that`
        : '';
    const head =
      `On this cohort the search adds to the model's own confidence: ${best.policy} ranks ` +
      `errors better than confidence alone (AURC difference ${figureText(best, level)}${multiplicity})`;
    if (!lrt) return `${head}, although ${lrtNotRun}.`;
    return significant
      ? `${head}, and the trace features predict errors beyond confidence in a likelihood-ratio test (${formatPValue(lrt.pValue)}).`
      : `${head}, although the trace features add nothing significant in a likelihood-ratio test (${formatPValue(lrt.pValue)}).`;
  }

  if (compared.length === 0) {
    const tail = lrt
      ? `the trace features ${significant ? 'predict errors beyond confidence' : 'add nothing'} in a likelihood-ratio test (${formatPValue(lrt.pValue)})`
      : lrtNotRun;
    return `No ToE-based policy could be compared with confidence alone on this run, and ${tail}.`;
  }

  const best = [...compared].sort(byEstimate)[0]!;
  let aurcClause: string;
  if (worse.length === compared.length) {
    aurcClause = `every ToE-based policy ranks errors worse than confidence alone (best: ${describe(best, level)})`;
  } else if (worse.length > 0) {
    const worst = [...worse].sort((a, b) => b.estimate - a.estimate)[0]!;
    aurcClause =
      `no ToE-based policy ranks errors better than confidence alone (best: ${describe(best, level)}; ` +
      `${worst.policy} is worse, ${figureText(worst, level)})`;
  } else {
    aurcClause = `no ToE-based policy's AURC differs from confidence alone (best: ${describe(best, level)})`;
  }

  if (significant) {
    return (
      `On this cohort the trace features carry some information about errors beyond the ` +
      `model's own confidence (likelihood-ratio test ${formatPValue(lrt.pValue)}), but ${aurcClause}.`
    );
  }
  const lrtClause = lrt
    ? `the trace features add nothing in a likelihood-ratio test (${formatPValue(lrt.pValue)})`
    : lrtNotRun;
  return `On this cohort the search adds nothing measurable to the model's own confidence: ${aurcClause} and ${lrtClause}.`;
}
