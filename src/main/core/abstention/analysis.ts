/**
 * Everything one audit run says about abstention (shared/abstention.ts, AbstentionAnalysis):
 * every policy's risk–coverage curve and AURC, its figures at the review budget among all
 * and among reachable stays, the paired comparison with confidence alone, the likelihood-
 * ratio test of the trace features, warnings, and the verdict sentence.
 *
 * The bootstrap (method.md: percentile, 1,000 resamples, fixed seed, 95% by default) is
 * PAIRED: each resample draws one set of stay indices and every figure of every policy is
 * computed on it (statistics/bootstrap-estimates.ts), so AURC(policy) − AURC(confidence) is a
 * difference within each resample. What it does not resample: the fitted policies are NOT
 * refitted per resample (their fits come from the validation split, independent of the
 * audited stays), and the queue is NOT re-sized per resample: each stay keeps its flag, so
 * an interval covers the sampling of audited stays given the policy and its queue, not the
 * variability of the validation fit or of the cut.
 */
import type {
  AbstentionAnalysis,
  AbstentionPolicyName,
  AbstentionWarning,
  BudgetFigures,
  PolicyFigures,
  ReviewBudget,
} from '../../../shared/abstention';
import { ABSTENTION_POLICIES, POLICIES_NEEDING_VALIDATION } from '../../../shared/abstention';
import type { Estimate } from '../../../shared/estimate';
import { jointBootstrap, jointIntervals, toEstimate } from '../statistics';
import { checkBudget, reviewOrder } from './budget';
import {
  BUDGET_FIGURE_KEYS,
  BUDGET_FIGURE_LABELS,
  budgetCounts,
  budgetRates,
  stayColumns,
  type BudgetFigureKey,
} from './budget-figures';
import { fixed, precise } from './format';
import { checkStays } from './margin';
import type { PolicyStay } from './policy-stay';
import { riskCoverageCurve, scoreOrder, weightedAurc, type ScoreOrder } from './risk-coverage';
import { scorePolicies, scorePolicy, type ScoredPolicy, type ScoringInput } from './score-policies';
import { traceFeatureTest } from './trace-feature-test';
import { abstentionVerdict, MIN_ERRORS_FOR_VERDICT } from './verdict';

export const DEFAULT_ABSTENTION_SEED = 20_240_612;
export const DEFAULT_ABSTENTION_RESAMPLES = 1000;
export const DEFAULT_ABSTENTION_LEVEL = 0.95;

/** The ToE-based policies the verdict compares with confidence alone. */
export const TOE_BASED_POLICIES: readonly AbstentionPolicyName[] = [
  'exhausted',
  'toe-tuned',
  'learned',
];

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

type Subset = 'all' | 'reachable';

interface Slots {
  aurc: Map<AbstentionPolicyName, number>;
  aurcVsConfidence: Map<AbstentionPolicyName, number>;
  budget: Map<string, number>;
}

const budgetSlotKey = (p: AbstentionPolicyName, subset: Subset, key: BudgetFigureKey): string =>
  `${p}\u0000${subset}\u0000${key}`;

/**
 * Every policy scored so that the comparison is like for like: the run's policy at the
 * run's budget, every other policy at the size of the queue that gives (a policy with its
 * own flag, such as the paper's exhausted rule at a budget of every stay, may queue fewer
 * stays than the budget allows). A max-error budget sizes each policy by its own cut.
 */
function comparedAtQueueSize(input: ScoringInput, policy: AbstentionPolicyName): ScoredPolicy[] {
  const chosen = scorePolicy(policy, input);
  const size = chosen.flagged ? chosen.flagged.filter(Boolean).length : 0;
  if (input.budget.kind === 'max-error' || !chosen.flagged || size === 0) {
    return scorePolicies(input);
  }
  const matched: ReviewBudget = { kind: 'stays', count: size };
  return ABSTENTION_POLICIES.map((p) =>
    p === policy ? chosen : scorePolicy(p, { ...input, budget: matched }),
  );
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

  const scored = comparedAtQueueSize(
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

  // --- one paired bootstrap over every figure of every policy -------------------------
  const slots: Slots = { aurc: new Map(), aurcVsConfidence: new Map(), budget: new Map() };
  let slotCount = 0;
  const orders = new Map<AbstentionPolicyName, ScoreOrder>();
  const flags = new Map<AbstentionPolicyName, Uint8Array>();
  for (const s of scored) {
    if (s.scores) {
      orders.set(s.policy, scoreOrder(s.scores));
      slots.aurc.set(s.policy, slotCount++);
      if (TOE_BASED_POLICIES.includes(s.policy)) slots.aurcVsConfidence.set(s.policy, slotCount++);
    }
    if (s.flagged) {
      flags.set(
        s.policy,
        Uint8Array.from(s.flagged, (f) => (f ? 1 : 0)),
      );
      for (const subset of ['all', 'reachable'] as const)
        for (const key of BUDGET_FIGURE_KEYS)
          slots.budget.set(budgetSlotKey(s.policy, subset, key), slotCount++);
    }
  }
  const weights = new Uint32Array(columns.n);
  const row = new Float64Array(slotCount);
  const draws = jointBootstrap(columns.n, { seed, resamples, level }, (indices) => {
    weights.fill(0);
    for (let j = 0; j < indices.length; j++) weights[indices[j]!]!++;
    const aurcs = new Map<AbstentionPolicyName, number>();
    for (const [p, order] of orders) {
      const value = weightedAurc(order, errorsF64, weights);
      aurcs.set(p, value);
      row[slots.aurc.get(p)!] = value;
    }
    const reference = aurcs.get('confidence')!;
    for (const [p, slot] of slots.aurcVsConfidence) row[slot] = aurcs.get(p)! - reference;
    for (const [p, f] of flags) {
      for (const subset of ['all', 'reachable'] as const) {
        const rates = budgetRates(budgetCounts(columns, f, weights, subset === 'reachable'));
        for (const key of BUDGET_FIGURE_KEYS)
          row[slots.budget.get(budgetSlotKey(p, subset, key))!] = rates[key];
      }
    }
    return row;
  });
  const figures = jointIntervals(draws, level).map(toEstimate);

  const budgetFigures = (p: AbstentionPolicyName, subset: Subset): BudgetFigures | null => {
    const f = flags.get(p);
    if (!f) return null;
    const c = budgetCounts(columns, f, null, subset === 'reachable');
    const figure = (key: BudgetFigureKey): Estimate =>
      figures[slots.budget.get(budgetSlotKey(p, subset, key))!]!;
    return {
      stays: c.stays,
      flagged: c.flagged,
      errors: c.errors,
      errorsFlagged: c.errorsFlagged,
      alertsWithdrawn: c.alertsWithdrawn,
      errorRateFlagged: figure('errorRateFlagged'),
      errorRateAccepted: figure('errorRateAccepted'),
      enrichment: figure('enrichment'),
      precisionWithout: figure('precisionWithout'),
      precisionWith: figure('precisionWith'),
      sensitivityWithout: figure('sensitivityWithout'),
      sensitivityWith: figure('sensitivityWith'),
    };
  };

  const policies: PolicyFigures[] = scored.map((s) => {
    const aurcSlot = slots.aurc.get(s.policy);
    const diffSlot = slots.aurcVsConfidence.get(s.policy);
    return {
      policy: s.policy,
      unavailable: s.unavailable,
      fitted: s.fitted,
      aurc: aurcSlot === undefined ? null : figures[aurcSlot]!,
      aurcVsConfidence: diffSlot === undefined ? null : figures[diffSlot]!,
      riskCoverage: s.scores ? riskCoverageCurve(s.scores, errorsF64) : [],
      all: budgetFigures(s.policy, 'all'),
      reachable: budgetFigures(s.policy, 'reachable'),
    };
  });

  const trace = traceFeatureTest(test);
  const errors = columns.error.reduce((a, b) => a + b, 0);
  const chosen = byName.get(policy)!;
  const queueSize = chosen.flagged ? chosen.flagged.filter(Boolean).length : 0;

  return {
    runId,
    policy,
    budget,
    queueSize,
    validationRunId: input.validationRunId ?? null,
    policies,
    traceFeatureTest: trace.test,
    verdict: abstentionVerdict({
      comparisons: policies
        .filter((p) => TOE_BASED_POLICIES.includes(p.policy))
        .map((p) => ({ policy: p.policy, difference: p.aurcVsConfidence })),
      traceFeatureTest: trace.test,
      traceFeatureReason: trace.reason,
      errors,
      level,
    }),
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
}

function percent(x: number): string {
  return `${Number((x * 100).toFixed(1))}%`;
}

function intervalText(f: Estimate, digits = 3): string {
  const bound = (x: number | null): string => (x === null ? '∞' : fixed(x, digits));
  return `${bound(f.lower)} to ${bound(f.upper)}`;
}

/** Whether an interval contains `value` (bounds inclusive; a null upper bound is +∞). */
function contains(f: Estimate, value: number): boolean {
  if (f.estimate === null || f.lower === null) return false;
  return f.lower <= value && (f.upper === null || value <= f.upper);
}

/** The warnings of docs/abstention.md, "Warnings": a run that tells little says so. */
function abstentionWarnings(w: WarningInput): AbstentionWarning[] {
  const warnings: AbstentionWarning[] = [];
  const levelText = `${Math.round(w.level * 100)}%`;

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

  // Degenerate intervals: lower == upper with a defined estimate. Precision and sensitivity
  // without abstention do not depend on the policy, so they are named once.
  const degenerate = new Set<string>();
  for (const p of w.policies) {
    const named: [string, Estimate | null][] = [
      [`${p.policy}: AURC`, p.aurc],
      [`${p.policy}: AURC − confidence`, p.aurcVsConfidence],
    ];
    for (const subset of ['all', 'reachable'] as const) {
      const figs = p[subset];
      if (!figs) continue;
      const among = subset === 'all' ? 'all stays' : 'reachable stays';
      for (const key of BUDGET_FIGURE_KEYS) {
        const owner =
          key === 'precisionWithout' || key === 'sensitivityWithout' ? '' : `${p.policy}: `;
        named.push([`${owner}${BUDGET_FIGURE_LABELS[key]} (${among})`, figs[key]]);
      }
    }
    for (const [name, f] of named) {
      if (f && f.estimate !== null && f.lower !== null && f.lower === f.upper)
        degenerate.add(`${name} = ${precise(f.estimate)}`);
    }
  }
  if (degenerate.size > 0) {
    warnings.push({
      kind: 'degenerate-interval',
      message:
        `Some intervals have no width, so the bootstrap says nothing about their uncertainty ` +
        `(every resample gave the same value): ${[...degenerate].join('; ')}.`,
    });
  }

  // Inconclusive: the chosen policy's enrichment interval contains 1; a ToE-based
  // policy's AURC difference interval contains 0.
  const chosen = w.policies.find((p) => p.policy === w.policy);
  for (const subset of ['all', 'reachable'] as const) {
    const f = chosen?.[subset]?.enrichment;
    if (f && contains(f, 1)) {
      warnings.push({
        kind: 'inconclusive-ratio',
        message:
          `Inconclusive: the ${w.policy} queue's error enrichment among ` +
          `${subset === 'all' ? 'all' : 'reachable'} stays has a ${levelText} interval ` +
          `(${intervalText(f, 2)}) that includes 1 (no enrichment).`,
      });
    }
  }
  // One warning for every policy whose AURC difference is inconclusive, not one each: the
  // verdict already says so in words, and a committee page has room for one line.
  const undecided = w.policies.flatMap((p) => {
    const f = p.aurcVsConfidence;
    return f && contains(f, 0) ? [`${p.policy} (${intervalText(f)})`] : [];
  });
  if (undecided.length > 0) {
    const one = undecided.length === 1;
    warnings.push({
      kind: 'inconclusive-ratio',
      message:
        `Inconclusive: the AURC ${one ? 'difference' : 'differences'} from confidence of ` +
        `${listed(undecided)} ${one ? 'has a' : 'have'} ${levelText} ${one ? 'interval' : 'intervals'} ` +
        `that ${one ? 'includes' : 'include'} 0 (no difference).`,
    });
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

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
