/**
 * Every policy scored and flagged on the audited stays of one run, the single place where
 * the policies, their fits and the budget meet, so that the analysis, the queue and the
 * exports all see the same scores and the same queue.
 *
 * Budget rules (budget.ts): 'stays'/'share' → the N highest scores, only among the policy's
 * own flags where it has some; 'max-error' → the guaranteed cut on the policy's own score,
 * fitted on the validation split, replacing its own flag. How each policy keeps the cut's
 * score independent of the validation outcomes the cut is chosen on:
 *   error-probability, exhausted, confidence, guaranteed: the score has no fit;
 *   toe-tuned: b is chosen on the same validation stays among the 4 grid values, so the cut
 *     is taken at δ/4 (Bonferroni over the grid: valid whichever b is chosen);
 *   learned: the cut is chosen on cross-fitted validation scores (learned.ts), while the test
 *     stays are scored by the model fitted on all validation stays, so for `learned` the
 *     guarantee is approximate, not exact.
 */
import {
  ABSTENTION_POLICIES,
  type AbstentionPolicyName,
  type ReviewBudget,
} from '../../../shared/abstention';
import { TOE_TUNED_NEEDS_PATH } from '../../../shared/audit';
import { budgetShare, flagForReview } from './budget';
import {
  DEFAULT_GUARANTEE,
  describeCut,
  flagsOfCut,
  guaranteedCut,
  type GuaranteedCut,
} from './guarantee';
import {
  CROSS_FIT_FOLDS,
  crossFittedLearnedScores,
  describeLearned,
  fitLearned,
  scoreLearned,
  type LearnedModel,
} from './learned';
import { isError } from './margin';
import {
  EXHAUSTED_OFFSET,
  confidenceScores,
  errorProbabilityScores,
  describeToeTuned,
  exhaustedScores,
  fitToeTuned,
  toeTunedFlags,
  toeTunedScores,
  type ToeTunedFit,
} from './policies';
import type { PolicyStay } from './policy-stay';

/** What a policy was fitted to, plain JSON: enough to re-score stays. */
export interface PolicyDescription {
  policy: AbstentionPolicyName;
  /** exhausted: the offset that puts every exhausted stay first. */
  exhaustedOffset: number | null;
  toeTuned: ToeTunedFit | null;
  learned: LearnedModel | null;
  /** The guaranteed cut on this policy's score: the guaranteed policy's, or a max-error budget's. */
  cut: GuaranteedCut | null;
}

export interface ScoredPolicy {
  policy: AbstentionPolicyName;
  /** Why the policy cannot be scored on this run, else null. */
  unavailable: string | null;
  /** What was fitted, in words. */
  fitted: string;
  description: PolicyDescription | null;
  /** Review score of each audited stay (higher = more likely wrong); null when unavailable. */
  scores: Float64Array | null;
  /** Whether each audited stay is in the queue at the budget; null when it cannot be sized. */
  flagged: boolean[] | null;
}

export interface ScoringInput {
  test: readonly PolicyStay[];
  validation: readonly PolicyStay[] | null;
  budget: ReviewBudget;
  /**
   * True when the test or validation audit stopped each search at convergence: the leader
   * paths end there, and toe-tuned, which replays them to S_max, is unavailable.
   */
  stoppedAtConvergence?: boolean;
}

/** Validation stays of each class the learned model needs (every cross-fit fold sees both). */
export const LEARNED_MIN_CLASS = CROSS_FIT_FOLDS;

function errorColumn(stays: readonly PolicyStay[]): Float64Array {
  return Float64Array.from(stays, (s) => (isError(s) ? 1 : 0));
}

/** Scores and queue flags of one policy. */
export function scorePolicy(policy: AbstentionPolicyName, input: ScoringInput): ScoredPolicy {
  const { test, budget } = input;
  const validation = input.validation && input.validation.length > 0 ? input.validation : null;
  const maxError = budget.kind === 'max-error' ? budget : null;
  const description: PolicyDescription = {
    policy,
    exhaustedOffset: null,
    toeTuned: null,
    learned: null,
    cut: null,
  };
  const noValidation = input.validation
    ? 'the validation split’s audit has no stays'
    : 'needs the validation split’s audit, and this run has none';
  const unavailable = (reason: string): ScoredPolicy => ({
    policy,
    unavailable: reason,
    fitted: `not fitted: ${reason}`,
    description: null,
    scores: null,
    flagged: null,
  });
  const validationErrors = validation ? errorColumn(validation) : null;

  // The max-error budget: the guaranteed cut on this score, fitted on validation.
  const budgetCut = (
    validationScores: () => Float64Array,
    testScores: Float64Array,
    delta: number,
  ): { flagged: boolean[] | null; cut: GuaranteedCut | null } => {
    if (!maxError || !validation) return { flagged: null, cut: null };
    const cut = guaranteedCut(validationScores(), validationErrors!, {
      alpha: maxError.alpha,
      delta,
    });
    return { flagged: flagsOfCut(testScores, cut), cut };
  };
  const maxErrorNote = (cut: GuaranteedCut | null): string =>
    maxError
      ? `; ${cut ? describeCut(cut) : 'no validation audit, so the max-error budget cannot size a queue'}`
      : '';

  switch (policy) {
    case 'error-probability':
    case 'exhausted':
    case 'confidence': {
      const score = UNFITTED_SCORES[policy];
      const scores = score(test);
      if (policy === 'exhausted') description.exhaustedOffset = EXHAUSTED_OFFSET;
      const base = UNFITTED_DESCRIPTIONS[policy];
      if (maxError) {
        const { flagged, cut } = budgetCut(() => score(validation!), scores, maxError.delta);
        description.cut = cut;
        return {
          policy,
          unavailable: null,
          fitted: base + maxErrorNote(cut),
          description,
          scores,
          flagged,
        };
      }
      const own = policy === 'exhausted' ? test.map((s) => s.status === 'exhausted') : null;
      return {
        policy,
        unavailable: null,
        fitted: base,
        description,
        scores,
        flagged: flagForReview(scores, own, budget, test),
      };
    }
    case 'toe-tuned': {
      if (input.stoppedAtConvergence === true) return unavailable(TOE_TUNED_NEEDS_PATH);
      if (!validation) return unavailable(noValidation);
      const fit = fitToeTuned(validation, budgetShare(budget, test.length));
      description.toeTuned = fit;
      const scores = toeTunedScores(test, fit.b);
      if (maxError) {
        const { flagged, cut } = budgetCut(
          () => toeTunedScores(validation, fit.b),
          scores,
          maxError.delta / fit.grid.length,
        );
        description.cut = cut;
        const note = ` (δ split over the ${fit.grid.length} values of b tried)`;
        return {
          policy,
          unavailable: null,
          fitted: describeToeTuned(fit) + maxErrorNote(cut) + note,
          description,
          scores,
          flagged,
        };
      }
      return {
        policy,
        unavailable: null,
        fitted: describeToeTuned(fit),
        description,
        scores,
        flagged: flagForReview(scores, toeTunedFlags(test, fit), budget, test),
      };
    }
    case 'learned': {
      if (!validation) return unavailable(noValidation);
      const errors = validationErrors!.reduce((a, b) => a + b, 0);
      const correct = validation.length - errors;
      if (errors < LEARNED_MIN_CLASS || correct < LEARNED_MIN_CLASS) {
        return unavailable(
          `the validation split has ${errors} wrong and ${correct} correct decisions; ` +
            `the learned model needs at least ${LEARNED_MIN_CLASS} of each`,
        );
      }
      const model = fitLearned(validation);
      description.learned = model;
      const scores = scoreLearned(model, test);
      if (maxError) {
        const { flagged, cut } = budgetCut(
          () => crossFittedLearnedScores(validation),
          scores,
          maxError.delta,
        );
        description.cut = cut;
        const note =
          ' (cut chosen on cross-fitted validation scores: the guarantee is approximate for this policy)';
        return {
          policy,
          unavailable: null,
          fitted: describeLearned(model) + maxErrorNote(cut) + note,
          description,
          scores,
          flagged,
        };
      }
      return {
        policy,
        unavailable: null,
        fitted: describeLearned(model),
        description,
        scores,
        flagged: flagForReview(scores, null, budget, test),
      };
    }
    case 'guaranteed': {
      if (!validation) return unavailable(noValidation);
      const scores = errorProbabilityScores(test);
      const guarantee = maxError ?? DEFAULT_GUARANTEE;
      const cut = guaranteedCut(errorProbabilityScores(validation), validationErrors!, {
        alpha: guarantee.alpha,
        delta: guarantee.delta,
      });
      description.cut = cut;
      const own = flagsOfCut(scores, cut);
      const capped = maxError ? '' : '; capped at the review budget';
      return {
        policy,
        unavailable: null,
        fitted: `the model’s error estimate; ${describeCut(cut, 'P(wrong)')}${capped}`,
        description,
        scores,
        flagged: maxError ? own : flagForReview(scores, own, budget, test),
      };
    }
  }
}

type UnfittedPolicy = 'error-probability' | 'exhausted' | 'confidence';

const UNFITTED_SCORES: Record<UnfittedPolicy, (stays: readonly PolicyStay[]) => Float64Array> = {
  'error-probability': errorProbabilityScores,
  exhausted: exhaustedScores,
  confidence: confidenceScores,
};

const UNFITTED_DESCRIPTIONS: Record<UnfittedPolicy, string> = {
  'error-probability': 'no fit of its own: score = 1 − p_full for an alert, p_full otherwise',
  exhausted: `no fit: exhausted searches first (score ${EXHAUSTED_OFFSET} − margin), then smaller margin`,
  confidence: 'no fit: score = −|logit p_full − logit t|',
};

/** Every policy, in ABSTENTION_POLICIES order. */
export function scorePolicies(input: ScoringInput): ScoredPolicy[] {
  return ABSTENTION_POLICIES.map((p) => scorePolicy(p, input));
}
