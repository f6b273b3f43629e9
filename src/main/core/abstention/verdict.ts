/**
 * The one plain sentence a run says about whether the search adds anything to the model's
 * own estimate of which decisions are wrong, by one stated rule (docs/abstention.md, "The
 * verdict"), so that the CLI, the dashboard, the PDF and docs/results say the same:
 *
 * - fewer than MIN_ERRORS_FOR_VERDICT wrong decisions: the run cannot tell;
 * - "adds" needs both: some search-based policy's AURC is below the reference's with an
 *   interval adjusted for the k policies compared (Bonferroni: each at 1 − (1 − level)/k),
 *   AND the likelihood-ratio test finds the trace features predict errors beyond the model's
 *   own confidence and decision (p < 1 − level). Either alone is not enough: a significant
 *   test says the trace carries information, not that a queue uses it; one unadjusted
 *   interval of several excluding 0 happens by chance;
 * - "worse": every compared policy's adjusted interval lies above 0;
 * - otherwise "not shown": the search is not shown to add anything, whatever single
 *   unadjusted interval or test leans the other way (the sentence says which).
 */
import type {
  AbstentionPolicyName,
  TraceFeatureTest,
  VerdictKind,
} from '../../../shared/abstention';
import type { Estimate } from '../../../shared/estimate';
import { pValueText } from '../../../shared/figure-text';
import { fixed, precise } from './format';

/** Fewer errors than this and the verdict says the run cannot tell. */
export const MIN_ERRORS_FOR_VERDICT = 10;

export interface VerdictComparison {
  policy: AbstentionPolicyName;
  /** AURC(policy) − AURC(reference), its interval at the run's level. */
  difference: Estimate | null;
  /** The same, its interval adjusted for the number of policies compared. */
  adjusted: Estimate | null;
}

export interface VerdictEvidence {
  /** Each search-based policy that could be scored, against the reference. */
  comparisons: VerdictComparison[];
  traceFeatureTest: TraceFeatureTest | null;
  /** Why the likelihood-ratio test was not run, when it was not. */
  traceFeatureReason: string | null;
  errors: number;
  level: number;
}

export interface Verdict {
  kind: VerdictKind;
  sentence: string;
}

/** A signed figure as the sentence prints it: three decimals, a true minus sign. */
export function formatDifference(x: number): string {
  // Below 1e-9 a difference of two areas is the floating point's, not the data's.
  if (Math.abs(x) < 1e-9) return fixed(0, 3);
  return Math.abs(x) >= 0.001 ? fixed(x, 3) : precise(x, 2);
}

interface Compared {
  policy: AbstentionPolicyName;
  estimate: number;
  lower: number | null;
  upper: number | null;
  rawUpper: number | null;
}

const REFERENCE_WORDS = "the model's own estimate of which decisions are wrong";

/** "−0.004, adjusted 95% CI −0.012 to 0.003" */
function figureText(c: Compared, level: number, adjustedFor: number): string {
  const adjusted = adjustedFor > 1 ? `, adjusted for ${adjustedFor} policies` : '';
  const ci =
    c.lower !== null && c.upper !== null
      ? `${Math.round(level * 100)}% CI ${formatDifference(c.lower)} to ${formatDifference(c.upper)}${adjusted}`
      : 'too few errors to estimate an interval';
  return `${formatDifference(c.estimate)}, ${ci}`;
}

export function abstentionVerdict(evidence: VerdictEvidence): Verdict {
  const { level, errors } = evidence;
  if (errors < MIN_ERRORS_FOR_VERDICT) {
    return {
      kind: 'too-few-errors',
      sentence:
        `This run has too few wrong decisions (${errors}) to tell whether the search adds ` +
        `anything to ${REFERENCE_WORDS}.`,
    };
  }
  const compared: Compared[] = evidence.comparisons.flatMap(({ policy, difference, adjusted }) =>
    adjusted && adjusted.estimate !== null
      ? [
          {
            policy,
            estimate: adjusted.estimate,
            lower: adjusted.lower,
            upper: adjusted.upper,
            rawUpper: difference?.upper ?? null,
          },
        ]
      : [],
  );
  const k = compared.length;
  const lrt = evidence.traceFeatureTest;
  const significant = lrt !== null && lrt.pValue < 1 - level;
  const lrtText = lrt
    ? `the trace features ${significant ? "predict errors beyond the model's own confidence and decision" : "add nothing significant to the model's own confidence and decision"} in a likelihood-ratio test (${pValueText(lrt.pValue)}, ${lrt.degreesOfFreedom} df)`
    : `the likelihood-ratio test of the trace features could not be run (${evidence.traceFeatureReason ?? 'no test'})`;

  if (k === 0) {
    return {
      kind: 'not-compared',
      sentence: `No search-based policy could be compared with ${REFERENCE_WORDS} on this run, and ${lrtText}.`,
    };
  }
  const byEstimate = (a: Compared, b: Compared): number => a.estimate - b.estimate;
  const better = compared.filter((c) => c.upper !== null && c.upper < 0).sort(byEstimate);
  const worse = compared.filter((c) => c.lower !== null && c.lower > 0);
  const best = [...compared].sort(byEstimate)[0]!;
  const describe = (c: Compared): string => `${c.policy}, ${figureText(c, level, k)}`;

  if (better.length > 0 && significant) {
    const top = better[0]!;
    return {
      kind: 'adds',
      sentence:
        `On this cohort the search adds to ${REFERENCE_WORDS}: ${top.policy} ranks errors ` +
        `better (AURC difference ${figureText(top, level, k)}), and ${lrtText}.`,
    };
  }
  if (worse.length === k) {
    return {
      kind: 'worse',
      sentence:
        `On this cohort the search does worse than ${REFERENCE_WORDS}: every search-based ` +
        `policy ranks errors worse (best: ${describe(best)}), and ${lrtText}.`,
    };
  }
  // Not shown: say what leans the other way, so that no reader finds it elsewhere first.
  let aurcClause: string;
  if (better.length > 0) {
    aurcClause = `${better[0]!.policy} ranks errors better (${figureText(better[0]!, level, k)}), but ${lrtText}`;
  } else {
    const unadjusted = compared.filter((c) => c.rawUpper !== null && c.rawUpper < 0);
    const lean =
      unadjusted.length > 0
        ? ` (${unadjusted.map((c) => c.policy).join(' and ')} would look better on an interval not adjusted for the ${k} policies compared)`
        : '';
    const allowedFor = k === 1 ? '' : ` once the ${k} policies compared are allowed for`;
    aurcClause = `no search-based policy ranks errors better${allowedFor} (best: ${describe(best)})${lean}, and ${lrtText}`;
  }
  return {
    kind: 'not-shown',
    sentence: `On this cohort the search is not shown to add anything to ${REFERENCE_WORDS}: ${aurcClause}.`,
  };
}
