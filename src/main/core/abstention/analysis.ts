/**
 * Everything one audit run says about abstention (shared/abstention.ts, AbstentionAnalysis):
 * every policy's risk–coverage curve, AURC and AUGRC, its figures at the review budget among
 * all and among reachable stays, the paired comparison with the reference (the model's own
 * error estimate), the likelihood-ratio test of the trace features, the guaranteed cut's
 * outcome, warnings, and the verdict sentence.
 *
 * Figures at the budget are counts, so their intervals are exact (statistics/
 * exact-intervals.ts): error rates, precision and sensitivity by Clopper–Pearson, the
 * enrichment by Katz's log method with Fisher's exact test beside it. Only the areas under
 * the curves and their differences are bootstrapped (method.md: percentile, 1,000
 * resamples, fixed seed, 95% by default), PAIRED: each resample draws one set of stay
 * indices and every policy's area is computed on it, so a difference from the reference is
 * a difference within each resample. The fitted policies are not refitted per resample
 * (their fits come from the validation split, independent of the audited stays): an
 * interval covers the sampling of audited stays given the policy.
 */
import type {
  AbstentionAnalysis,
  AbstentionPolicyName,
  AbstentionWarning,
  BudgetFigures,
  GuaranteeOutcome,
  PolicyFigures,
  ReviewBudget,
} from '../../../shared/abstention';
import {
  ABSTENTION_POLICIES,
  POLICIES_NEEDING_VALIDATION,
  REFERENCE_POLICY,
} from '../../../shared/abstention';
import { pValueText } from '../../../shared/figure-text';
import {
  fisherExactTest,
  jointBootstrap,
  jointIntervals,
  proportionEstimate,
  ratioOfProportionsEstimate,
  toEstimate,
} from '../statistics';
import { checkBudget, flagForReview, reviewOrder } from './budget';
import { budgetCounts, stayColumns, type BudgetCounts, type StayColumns } from './budget-figures';
import { checkStays } from './margin';
import type { PolicyStay } from './policy-stay';
import {
  riskCoverageCurve,
  scoreOrder,
  weightedAugrc,
  weightedAurc,
  type ScoreOrder,
} from './risk-coverage';
import { scorePolicies, scorePolicy, type ScoredPolicy, type ScoringInput } from './score-policies';
import { traceFeatureTest } from './trace-feature-test';
import { abstentionVerdict, MIN_ERRORS_FOR_VERDICT } from './verdict';

export const DEFAULT_ABSTENTION_SEED = 20_240_612;
export const DEFAULT_ABSTENTION_RESAMPLES = 1000;
export const DEFAULT_ABSTENTION_LEVEL = 0.95;

/** The search-based policies the verdict compares with the reference. */
export const TOE_BASED_POLICIES: readonly AbstentionPolicyName[] = [
  'exhausted',
  'toe-tuned',
  'learned',
];

/** Policies whose score is the reference's own: nothing to compare. */
const SAME_SCORE_AS_REFERENCE: readonly AbstentionPolicyName[] = [REFERENCE_POLICY, 'guaranteed'];

/** Exhaustions forced by unreachable convergence above this share trigger a warning. */
export const FORCED_SHARE_WARNING = 0.5;

export interface AbstentionInput {
  runId: number;
  /** The audited stays (the run's split, usually test). */
  test: readonly PolicyStay[];
  /** The validation split's audit the fitted policies learn from; null when there is none. */
  validation: readonly PolicyStay[] | null;
  validationRunId?: number | null;
  policy: AbstentionPolicyName;
  budget: ReviewBudget;
  /** The searches of either audit stopped at convergence (ScoringInput's). */
  stoppedAtConvergence?: boolean;
  /** Bootstrap seed (integer in [0, 2^32)), resamples and interval level. */
  seed?: number;
  resamples?: number;
  level?: number;
}

/**
 * Every policy scored so that the comparison is like for like: the run's policy at the
 * run's budget (its own flag, or its guaranteed cut under a max-error budget), every other
 * policy's queue the same number of stays, the ones its score ranks most likely wrong (own
 * flags set aside, so that no queue is shorter). When the run's policy has no queue, each
 * policy is taken at the budget itself.
 */
function comparedAtQueueSize(
  input: ScoringInput,
  policy: AbstentionPolicyName,
): { scored: ScoredPolicy[]; size: number } {
  const chosen = scorePolicy(policy, input);
  if (!chosen.flagged) {
    const scored = scorePolicies(input);
    const reference = scored.find((s) => s.policy === REFERENCE_POLICY)?.flagged;
    return { scored, size: reference ? reference.filter(Boolean).length : 0 };
  }
  const size = chosen.flagged.filter(Boolean).length;
  const matched: ReviewBudget = { kind: 'stays', count: size };
  const scored = ABSTENTION_POLICIES.map((p) => {
    if (p === policy) return chosen;
    const s = scorePolicy(p, { ...input, budget: matched });
    return s.scores ? { ...s, flagged: flagForReview(s.scores, null, matched, input.test) } : s;
  });
  return { scored, size };
}

/** The exact figures of one queue on one set of stays (BudgetFigures). */
function budgetFigures(
  columns: StayColumns,
  flagged: Uint8Array,
  reachableOnly: boolean,
  level: number,
): BudgetFigures {
  const c: BudgetCounts = budgetCounts(columns, flagged, null, reachableOnly);
  const accepted = c.stays - c.flagged;
  const errorsAccepted = c.errors - c.errorsFlagged;
  const tpKept = c.tp - c.tpFlagged;
  const fpKept = c.fp - c.fpFlagged;
  return {
    stays: c.stays,
    flagged: c.flagged,
    errors: c.errors,
    errorsFlagged: c.errorsFlagged,
    alertsWithdrawn: c.alertsWithdrawn,
    errorRateFlagged: proportionEstimate(c.errorsFlagged, c.flagged, level),
    errorRateAccepted: proportionEstimate(errorsAccepted, accepted, level),
    enrichment: ratioOfProportionsEstimate(
      c.errorsFlagged,
      c.flagged,
      errorsAccepted,
      accepted,
      level,
    ),
    enrichmentPValue:
      c.flagged > 0 && accepted > 0
        ? fisherExactTest(
            c.errorsFlagged,
            c.flagged - c.errorsFlagged,
            errorsAccepted,
            accepted - errorsAccepted,
          )
        : null,
    precisionWithout: proportionEstimate(c.tp, c.tp + c.fp, level),
    precisionWith: proportionEstimate(tpKept, tpKept + fpKept, level),
    sensitivityWithout: proportionEstimate(c.tp, c.positives, level),
    sensitivityWith: proportionEstimate(tpKept, c.positives, level),
  };
}

/** What the run's guaranteed cut promised on validation and what the audited stays show. */
function guaranteeOutcome(
  chosen: ScoredPolicy,
  columns: StayColumns,
  budget: ReviewBudget,
  level: number,
): GuaranteeOutcome | null {
  const cut = chosen.description?.cut;
  if (!cut || !chosen.flagged || !chosen.scores) return null;
  let accepted = 0;
  let errors = 0;
  let cappedByBudget = false;
  const limit = cut.certified ? (cut.cut ?? Infinity) : -Infinity;
  chosen.flagged.forEach((f, i) => {
    if (f) return;
    accepted++;
    errors += columns.error[i]!;
    if (!(chosen.scores![i]! < limit)) cappedByBudget = true;
  });
  const rate = proportionEstimate(errors, accepted, level);
  return {
    policy: chosen.policy,
    alpha: cut.alpha,
    delta: cut.delta,
    certified: cut.certified,
    validationStays: cut.validationStays,
    acceptedValidation: cut.acceptedValidation,
    errorsAcceptedValidation: cut.errorsAcceptedValidation,
    validationBound: cut.upperBound,
    cut: cut.cut,
    acceptedAudited: accepted,
    errorsAcceptedAudited: errors,
    errorRateAcceptedAudited: rate,
    held: rate.estimate === null ? null : !cappedByBudget && rate.estimate <= cut.alpha + 1e-12,
    cappedByBudget: cappedByBudget && budget.kind !== 'max-error',
  };
}

/** Two score orders rank every stay alike, ties included. */
function sameOrder(a: ScoreOrder, b: ScoreOrder): boolean {
  if (a.groups !== b.groups || a.order.length !== b.order.length) return false;
  for (let g = 0; g < a.groups; g++) if (a.groupEnd[g] !== b.groupEnd[g]) return false;
  // Within a tie group the order is by index in both, so equal groups give equal orders.
  for (let i = 0; i < a.order.length; i++) if (a.order[i] !== b.order[i]) return false;
  return true;
}

/** Bonferroni: each of k intervals at 1 − (1 − level)/k, so all hold together at `level`. */
export function adjustedLevel(level: number, comparisons: number): number {
  return comparisons > 1 ? 1 - (1 - level) / comparisons : level;
}

export function analyseAbstention(input: AbstentionInput): AbstentionAnalysis {
  const {
    runId,
    test,
    policy,
    budget,
    seed = DEFAULT_ABSTENTION_SEED,
    resamples = DEFAULT_ABSTENTION_RESAMPLES,
    level = DEFAULT_ABSTENTION_LEVEL,
  } = input;
  checkStays('analyseAbstention (test)', test);
  if (input.validation) checkStays('analyseAbstention (validation)', input.validation);
  checkBudget(budget);

  const { scored, size } = comparedAtQueueSize(
    {
      test,
      validation: input.validation,
      budget,
      ...(input.stoppedAtConvergence === undefined
        ? {}
        : { stoppedAtConvergence: input.stoppedAtConvergence }),
    },
    policy,
  );
  const byName = new Map(scored.map((s) => [s.policy, s]));
  const columns = stayColumns(test);
  const errorsF64 = Float64Array.from(columns.error);

  // --- one paired bootstrap over the areas of every policy ---------------------------
  const orders = new Map<AbstentionPolicyName, ScoreOrder>();
  for (const s of scored) if (s.scores) orders.set(s.policy, scoreOrder(s.scores));
  const withReference = orders.has(REFERENCE_POLICY);
  const compared = [...orders.keys()].filter(
    (p) => withReference && !SAME_SCORE_AS_REFERENCE.includes(p),
  );
  const policiesInOrder = [...orders.keys()];
  // Slots: AURC and AUGRC of each policy, then the two differences of each compared one.
  const slot = {
    aurc: (i: number) => 2 * i,
    augrc: (i: number) => 2 * i + 1,
    aurcDiff: (j: number) => 2 * policiesInOrder.length + 2 * j,
    augrcDiff: (j: number) => 2 * policiesInOrder.length + 2 * j + 1,
  };
  const row = new Float64Array(2 * policiesInOrder.length + 2 * compared.length);
  const weights = new Uint32Array(columns.n);
  const draws = jointBootstrap(columns.n, { seed, resamples, level }, (indices) => {
    weights.fill(0);
    for (let j = 0; j < indices.length; j++) weights[indices[j]!]!++;
    policiesInOrder.forEach((p, i) => {
      const order = orders.get(p)!;
      row[slot.aurc(i)] = weightedAurc(order, errorsF64, weights);
      row[slot.augrc(i)] = weightedAugrc(order, errorsF64, weights);
    });
    const r = policiesInOrder.indexOf(REFERENCE_POLICY);
    compared.forEach((p, j) => {
      const i = policiesInOrder.indexOf(p);
      row[slot.aurcDiff(j)] = row[slot.aurc(i)]! - row[slot.aurc(r)]!;
      row[slot.augrcDiff(j)] = row[slot.augrc(i)]! - row[slot.augrc(r)]!;
    });
    return row;
  });
  const figures = jointIntervals(draws, level).map(toEstimate);
  const searchCompared = compared.filter((p) => TOE_BASED_POLICIES.includes(p));
  const referenceOrder = orders.get(REFERENCE_POLICY);
  const sameRanking = (p: AbstentionPolicyName): boolean => {
    const order = orders.get(p);
    return (
      p !== REFERENCE_POLICY &&
      order !== undefined &&
      referenceOrder !== undefined &&
      sameOrder(order, referenceOrder)
    );
  };
  const adjusted = jointIntervals(draws, adjustedLevel(level, searchCompared.length)).map(
    toEstimate,
  );

  const policies: PolicyFigures[] = scored.map((s) => {
    const i = policiesInOrder.indexOf(s.policy);
    const j = compared.indexOf(s.policy);
    const flags = s.flagged ? Uint8Array.from(s.flagged, (f) => (f ? 1 : 0)) : null;
    return {
      policy: s.policy,
      unavailable: s.unavailable,
      fitted: s.fitted,
      aurc: i < 0 ? null : figures[slot.aurc(i)]!,
      augrc: i < 0 ? null : figures[slot.augrc(i)]!,
      aurcVsReference: j < 0 ? null : figures[slot.aurcDiff(j)]!,
      aurcVsReferenceAdjusted:
        j < 0 || !searchCompared.includes(s.policy) ? null : adjusted[slot.aurcDiff(j)]!,
      augrcVsReference: j < 0 ? null : figures[slot.augrcDiff(j)]!,
      sameRankingAsReference: sameRanking(s.policy),
      riskCoverage: s.scores ? riskCoverageCurve(s.scores, errorsF64) : [],
      all: flags ? budgetFigures(columns, flags, false, level) : null,
      reachable: flags ? budgetFigures(columns, flags, true, level) : null,
    };
  });

  const trace = traceFeatureTest(test);
  const errors = columns.error.reduce((a, b) => a + b, 0);
  const chosen = byName.get(policy)!;
  const queueSize = chosen.flagged ? chosen.flagged.filter(Boolean).length : 0;
  const verdict = abstentionVerdict({
    comparisons: policies
      .filter((p) => TOE_BASED_POLICIES.includes(p.policy))
      .map((p) => ({
        policy: p.policy,
        difference: p.aurcVsReference,
        adjusted: p.aurcVsReferenceAdjusted,
      })),
    traceFeatureTest: trace.test,
    traceFeatureReason: trace.reason,
    errors,
    level,
  });
  const guarantee = guaranteeOutcome(chosen, columns, budget, level);

  return {
    runId,
    policy,
    reference: REFERENCE_POLICY,
    budget,
    queueSize,
    comparedQueueSize: size,
    validationRunId: input.validationRunId ?? null,
    policies,
    traceFeatureTest: trace.test,
    verdict: verdict.sentence,
    verdictKind: verdict.kind,
    guarantee,
    // The stays' attributes live in the store: run-abstention.ts adds the queue by subgroup.
    subgroups: null,
    warnings: abstentionWarnings({
      test,
      validation: input.validation,
      policy,
      budget,
      scored,
      policies,
      errors,
      traceReason: trace.reason,
      level,
      guarantee,
    }),
    parameters: { seed, resamples, level },
  };
}

// --- warnings ---------------------------------------------------------------------------

interface WarningInput {
  test: readonly PolicyStay[];
  validation: readonly PolicyStay[] | null;
  policy: AbstentionPolicyName;
  budget: ReviewBudget;
  scored: ScoredPolicy[];
  policies: PolicyFigures[];
  errors: number;
  traceReason: string | null;
  level: number;
  guarantee: GuaranteeOutcome | null;
}

function percent(x: number): string {
  return `${Number((x * 100).toFixed(1))}%`;
}

/** The warnings of docs/abstention.md, "Warnings": a run that tells little says so. */
function abstentionWarnings(w: WarningInput): AbstentionWarning[] {
  const warnings: AbstentionWarning[] = [];

  if (!w.validation || w.validation.length === 0) {
    const parts = [
      `No validation-split audit: ${POLICIES_NEEDING_VALIDATION.join(', ')} cannot be fitted`,
    ];
    if (w.budget.kind === 'max-error') parts.push('and the max-error budget cannot size any queue');
    if (POLICIES_NEEDING_VALIDATION.includes(w.policy) || w.budget.kind === 'max-error')
      parts.push(`so the chosen policy (${w.policy}) has no review queue`);
    warnings.push({ kind: 'no-validation', message: `${parts.join(', ')}.` });
  }

  const exhausted = w.test.filter((s) => s.status === 'exhausted');
  const forced = exhausted.filter((s) => !s.reachable).length;
  if (exhausted.length > 0 && forced / exhausted.length > FORCED_SHARE_WARNING) {
    warnings.push({
      kind: 'forced-by-reachability',
      message:
        `${forced} of ${exhausted.length} exhausted searches (${percent(forced / exhausted.length)}) ` +
        `could not have converged given p_full (unreachable under the run's τ): exhaustion here ` +
        `mostly restates the model's confidence, not something the search found.`,
    });
  }

  if (w.errors < MIN_ERRORS_FOR_VERDICT) {
    warnings.push({
      kind: 'too-few-errors',
      message:
        `Only ${w.errors} of ${w.test.length} decisions are wrong: every error rate, enrichment ` +
        `and AURC comparison here rests on too few errors to mean much` +
        (w.traceReason ? `; ${w.traceReason}.` : '.'),
    });
  }

  // Enrichment not shown: Fisher's exact test of the run's queue, exact where errors are few.
  const chosen = w.policies.find((p) => p.policy === w.policy);
  for (const subset of ['all', 'reachable'] as const) {
    const figs = chosen?.[subset];
    if (figs && figs.enrichmentPValue !== null && figs.enrichmentPValue >= 1 - w.level) {
      warnings.push({
        kind: 'inconclusive-ratio',
        message:
          `Inconclusive: the review queue is not shown to hold more wrong decisions than the ` +
          `stays it leaves${subset === 'all' ? '' : ', counting reachable stays only'}: ` +
          `${figs.errorsFlagged} of ${figs.flagged} queued against ` +
          `${figs.errors - figs.errorsFlagged} of ${figs.stays - figs.flagged} accepted ` +
          `(Fisher's exact test ${pValueText(figs.enrichmentPValue)}).`,
      });
    }
  }

  const uncertified = w.scored.filter((s) => s.description?.cut && !s.description.cut.certified);
  if (uncertified.length > 0) {
    warnings.push({
      kind: 'no-guarantee',
      message:
        `No cut satisfies the error bound on the validation split for ` +
        `${uncertified.map((s) => s.policy).join(', ')}: ${uncertified.length === 1 ? 'it flags' : 'they flag'} ` +
        `every stay${w.budget.kind === 'max-error' ? '' : ' (capped at the review budget)'}.`,
    });
  }
  const g = w.guarantee;
  if (g && g.held === false) {
    warnings.push({
      kind: 'guarantee-not-held',
      message: g.cappedByBudget
        ? `The review budget kept the queue smaller than the guaranteed cut needs, so the bound ` +
          `on the error among accepted decisions (${g.alpha}) does not apply to this queue.`
        : `Among the ${g.acceptedAudited} accepted stays ${g.errorsAcceptedAudited} decisions ` +
          `were wrong (${percent(g.errorRateAcceptedAudited.estimate ?? 0)}), above the bound of ` +
          `${percent(g.alpha)} certified on the validation split: the guarantee is on the ` +
          `population rate, and a rate this far above it suggests the audited stays differ ` +
          `from the validation split.`,
    });
  }
  return warnings;
}

// --- the queue --------------------------------------------------------------------------

export interface QueueEntry {
  stayId: number;
  /** The policy's review score (higher = more likely wrong); finite. */
  score: number;
  flagged: boolean;
  /** 1-based position in review order: highest score first, ties by stay id ascending. */
  rank: number;
}

export interface ReviewQueue {
  policy: AbstentionPolicyName;
  budget: ReviewBudget;
  /** Why the policy cannot be scored on this run (then `entries` is empty), else null. */
  unavailable: string | null;
  fitted: string;
  /** Every audited stay in review order; `flagged` marks the queue. */
  entries: QueueEntry[];
  /** Flagged stays: the queue's size. */
  queueSize: number;
}

/**
 * The review queue of a policy at a budget, in review order, with the same scores and flags
 * as analyseAbstention computes for the same input (it shares their code, not the bootstrap).
 */
export function queueOrder(
  input: Pick<
    AbstentionInput,
    'test' | 'validation' | 'policy' | 'budget' | 'stoppedAtConvergence'
  >,
): ReviewQueue {
  checkStays('queueOrder (test)', input.test);
  if (input.validation) checkStays('queueOrder (validation)', input.validation);
  checkBudget(input.budget);
  const s = scorePolicy(input.policy, input);
  const base = {
    policy: input.policy,
    budget: input.budget,
    unavailable: s.unavailable,
    fitted: s.fitted,
  };
  if (!s.scores) return { ...base, entries: [], queueSize: 0 };
  const scores = s.scores;
  const flagged = s.flagged;
  const entries = reviewOrder(scores, input.test).map((i, k) => ({
    stayId: input.test[i]!.stayId,
    score: scores[i]!,
    flagged: flagged ? flagged[i]! : false,
    rank: k + 1,
  }));
  return { ...base, entries, queueSize: entries.filter((e) => e.flagged).length };
}
