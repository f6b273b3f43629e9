/**
 * What a reviewer wants to read when an audit ends, in the terminal: what the model did for
 * care first (events caught, alerts right, alerts per 100 stays), then exhaustion by
 * confusion class with how much of it reachability forced, and the review queue with its
 * verdict. `toe audit` and `toe demo` print the same lines, and
 * `toe audit` says which of the bundle's variables the cohort lacks or adds.
 */
import {
  describeBudget,
  type AbstentionAnalysis,
  type GuaranteeOutcome,
} from '../../shared/abstention';
import type { RunProvenance } from '../../shared/audit';
import {
  CONFUSION_CLASSES,
  type CohortStatistics,
  type ConfusionClass,
} from '../../shared/audit-statistics';
import { observedExpectedWords } from '../../shared/care-words';
import { figureText } from '../../shared/figure-text';
import { taskTitle } from '../../shared/review-reason';
import { counted } from '../../shared/counted';
import { variableMatchSentences } from '../../shared/variable-match';
import { HOURLY_WINDOWS_ONLY, hourlyWindowsOnly } from '../../shared/evidence-units';

const CLASS_NAMES: Record<ConfusionClass, string> = {
  TP: 'true positives',
  FP: 'false positives',
  TN: 'true negatives',
  FN: 'false negatives',
};

/**
 * What the model did for care, from the run's stored cohort statistics: the stays and how
 * many had the outcome, how many of those it caught, how often its alerts were right, how
 * many it raises per 100 stays; then exhaustion per class and what reachability explains.
 */
export function outcomeLines(task: string, statistics: CohortStatistics): string[] {
  const { care, confusion, exhaustion } = statistics;
  const byClass = CONFUSION_CLASSES.map(
    (c) => `${exhaustion.byClass[c].exhausted} of ${exhaustion.byClass[c].stays} ${CLASS_NAMES[c]}`,
  ).join(', ');
  const allExhausted = CONFUSION_CLASSES.reduce(
    (sum, c) => sum + exhaustion.byClass[c].exhausted,
    0,
  );
  // The share explained is k/n over the exhausted searches, so k is exact after rounding.
  const unreachable = Math.round(
    (exhaustion.explainedByReachability.all.estimate ?? 0) * allExhausted,
  );
  const withoutOutcome = confusion.tn + confusion.fp;
  return [
    `  stays audited: ${statistics.stays}, ${care.events} with the outcome (${taskTitle(task)})`,
    `  caught ${confusion.tp} of ${counted(care.events, 'stay')} with the outcome: sensitivity ${figureText(care.sensitivity, 'percent')}`,
    `  alerts right ${confusion.tp} of ${care.alerts} times: PPV ${figureText(care.ppv, 'percent')}`,
    `  alerts per 100 stays: ${figureText(care.alertsPer100Stays, 'units')}`,
    `  ${observedExpectedWords(care)}`,
    `  left alone ${confusion.tn} of ${counted(withoutOutcome, 'stay')} without the outcome: specificity ${figureText(care.specificity, 'percent')}`,
    `  search exhausted: ${byClass}`,
    `  reachability: ${unreachable} of ${counted(allExhausted, 'exhausted search', 'exhausted searches')} could never have converged from the model's own p_full`,
  ];
}

/** The run's evidence units when they are hourly windows only (a TS-only bundle); none otherwise. */
export function unitLines(provenance: RunProvenance): string[] {
  return hourlyWindowsOnly(provenance)
    ? [
        `  evidence units: ${HOURLY_WINDOWS_ONLY} (TS-only model, no note stream: p = sigmoid(l_ts)); the stays' note chunks, if any, are not units`,
      ]
    : [];
}

/** The bundle's variables the cohort lacks, and the cohort's it does not read (none: no line). */
export function variableLines(provenance: RunProvenance): string[] {
  return variableMatchSentences(provenance.variableMatch).map((sentence) => `  ${sentence}`);
}

/** The queue, its enrichment, the reference at the same size, the guarantee, the verdict. */
export function reviewLines(review: AbstentionAnalysis): string[] {
  const chosen = review.policies.find((p) => p.policy === review.policy);
  const all = chosen?.all ?? null;
  const queue = all
    ? `  review queue: ${review.queueSize} stays queued by the ${review.policy} policy (${describeBudget(review.budget)}); ${all.errorsFlagged} of the ${all.errors} wrong decisions are among them, error enrichment ${figureText(all.enrichment, 'ratio')}; ${counted(all.alertsWithdrawn, 'alert')} held back for review`
    : `  review queue: the ${review.policy} policy is unavailable: ${chosen?.unavailable ?? 'not scored'}`;
  const reference = review.policies.find((p) => p.policy === review.reference)?.all ?? null;
  const versus =
    all && reference && review.policy !== review.reference
      ? [
          `  the model's own error estimate, at the same ${review.comparedQueueSize} stays, finds ${reference.errorsFlagged} of the ${reference.errors} wrong decisions (enrichment ${figureText(reference.enrichment, 'ratio')})`,
        ]
      : [];
  return [
    queue,
    ...versus,
    ...(review.guarantee ? guaranteeLines(review.guarantee) : []),
    `  ${review.verdict}`,
    ...review.warnings.map((w) => `  warning: ${w.message}`),
  ];
}

/** Whether the guaranteed cut's promise held on the audited stays. */
export function guaranteeLines(g: GuaranteeOutcome): string[] {
  const promise = `error ≤ ${g.alpha} among accepted decisions with probability ≥ ${1 - g.delta}`;
  const validation = g.certified
    ? `certified on the validation split (${g.errorsAcceptedValidation} wrong among ${g.acceptedValidation} of ${g.validationStays} stays accepted, bound ${(g.validationBound ?? 1).toFixed(3)})`
    : `no cut could be certified on the ${g.validationStays} validation stays, so every stay is queued`;
  const rate = g.errorRateAcceptedAudited;
  const audited =
    rate.estimate === null
      ? 'no audited stay was accepted'
      : `${g.errorsAcceptedAudited} of ${g.acceptedAudited} accepted audited stays wrong, ${figureText(rate, 'percent')}`;
  const outcome =
    g.held === null
      ? 'nothing to check'
      : g.held
        ? 'held'
        : g.cappedByBudget
          ? 'not in force (the review budget capped the queue)'
          : 'not held';
  return [`  guarantee, ${promise}: ${validation}; ${audited}: ${outcome}`];
}
