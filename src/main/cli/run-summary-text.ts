/**
 * What a reviewer wants to read when an audit ends, in the terminal: the decision's
 * accuracy, exhaustion by confusion class with how much of it reachability forced, and the
 * review queue with its verdict. `toe audit` and `toe demo` print the same lines, and
 * `toe audit` says which of the bundle's variables the cohort lacks or adds.
 */
import {
  describeBudget,
  type AbstentionAnalysis,
  type GuaranteeOutcome,
} from '../../shared/abstention';
import type { RunProvenance, StayAuditResult } from '../../shared/audit';
import { outcomeOf, type ConfusionClass } from '../../shared/audit-statistics';
import { NO_INTERVAL, printedBounds, type Estimate } from '../../shared/estimate';
import { counted } from '../../shared/counted';
import { variableMatchSentences } from '../../shared/variable-match';
import { HOURLY_WINDOWS_ONLY, hourlyWindowsOnly } from '../../shared/evidence-units';

const CLASS_NAMES: Record<ConfusionClass, string> = {
  TP: 'true positives',
  FP: 'false positives',
  TN: 'true negatives',
  FN: 'false negatives',
};

/** Accuracy at the run's threshold, exhaustion per class, and what reachability explains. */
export function outcomeLines(results: readonly StayAuditResult[]): string[] {
  const count = { TP: 0, FP: 0, TN: 0, FN: 0 };
  const exhausted = { TP: 0, FP: 0, TN: 0, FN: 0 };
  let unreachable = 0;
  for (const result of results) {
    const c = outcomeOf(result);
    count[c]++;
    if (result.status !== 'exhausted') continue;
    exhausted[c]++;
    if (!result.reachable) unreachable++;
  }
  const n = results.length;
  const correct = count.TP + count.TN;
  const allExhausted = exhausted.TP + exhausted.FP + exhausted.TN + exhausted.FN;
  const byClass = (['TP', 'FP', 'TN', 'FN'] as const)
    .map((c) => `${exhausted[c]} of ${count[c]} ${CLASS_NAMES[c]}`)
    .join(', ');
  return [
    `  stays audited: ${n}; accuracy at the threshold: ${n ? ((100 * correct) / n).toFixed(1) : '—'}% (TP ${count.TP}, FP ${count.FP}, TN ${count.TN}, FN ${count.FN})`,
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
    ? `  review queue: ${review.queueSize} stays queued by the ${review.policy} policy (${describeBudget(review.budget)}); ${all.errorsFlagged} of the ${all.errors} wrong decisions are among them, error enrichment ${ratio(all.enrichment)}; ${counted(all.alertsWithdrawn, 'alert')} held back for review`
    : `  review queue: the ${review.policy} policy is unavailable: ${chosen?.unavailable ?? 'not scored'}`;
  const reference = review.policies.find((p) => p.policy === review.reference)?.all ?? null;
  const versus =
    all && reference && review.policy !== review.reference
      ? [
          `  the model's own error estimate, at the same ${review.comparedQueueSize} stays, finds ${reference.errorsFlagged} of the ${reference.errors} wrong decisions (enrichment ${ratio(reference.enrichment)})`,
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
      : `${g.errorsAcceptedAudited} of ${g.acceptedAudited} accepted audited stays wrong, ${percentWithInterval(rate)}`;
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

/** "7.8% (95% CI 4.9–11.7%)", or the estimate and why there is no interval. */
function percentWithInterval(figure: Estimate): string {
  const show = (x: number) => `${(100 * x).toFixed(1)}%`;
  if (figure.estimate === null) return '—';
  const bounds = printedBounds(figure, show);
  return `${show(figure.estimate)} (${bounds === null ? NO_INTERVAL : `95% CI ${bounds[0]}–${bounds[1]}`})`;
}

/** "3.65× (95% CI 1.64–6.98×)", or "3.65× (too few stays to estimate an interval)". */
export function ratio(figure: Estimate): string {
  if (figure.estimate === null) return `— (${figure.missing})`;
  const show = (x: number) => x.toFixed(2);
  const bounds = printedBounds(figure, show);
  const interval = bounds === null ? NO_INTERVAL : `95% CI ${bounds[0]}–${bounds[1]}×`;
  return `${show(figure.estimate)}× (${interval})`;
}
