/**
 * The plain-language summary of a run's cohort statistics. Its one rule: exhaustion and
 * abstention are never stated without the share that reachability (p_full alone) explains,
 * and the confidence-only rule is always stated beside the search's rule, so that a reader
 * cannot credit the search with a signal the model's own confidence already gives.
 */
import type { AbstentionFigures, CohortStatistics } from '../../../shared/audit-statistics';
import type { Estimate } from '../../../shared/estimate';
import { estimateText, figureText } from '../../../shared/figure-text';

const decimal = (x: number): string => x.toFixed(2);
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "12.5% (95% CI 8.0% to 17.1%) of true positives", or "n/a for true positives (none ...)". */
const share = (f: Estimate, of: string): string =>
  f.estimate === null && f.missing === 'undefined'
    ? `n/a for ${of} (none among these stays)`
    : `${figureText(f, 'percent')} of ${of}`;
const point = (f: Estimate): string => estimateText(f, 'percent');

function effect(a: AbstentionFigures): string {
  return (
    `withdraws ${a.fpAbstained} false and ${a.tpAbstained} true positive predictions: ` +
    `precision ${point(a.precisionWithout)} → ${point(a.precisionWith)}, ` +
    `sensitivity ${point(a.sensitivityWithout)} → ${point(a.sensitivityWith)}`
  );
}

export function cohortSummary(s: Omit<CohortStatistics, 'summary'>): string[] {
  const { confusion: k, exhaustion: e, abstention: a, reachability: r, parameters: p } = s;
  const lines = [
    `${count(s.stays, 'stay')} at decision threshold ${Number(p.threshold.toFixed(3))}: ` +
      `${count(k.tp, 'true positive')}, ${count(k.fp, 'false positive')}, ` +
      `${count(k.tn, 'true negative')}, ${count(k.fn, 'false negative')}.`,
    `The search exhausted its budget for ${share(e.byClass.TP.rate, 'true positives')} and ` +
      `${share(e.byClass.FP.rate, 'false positives')} (FP/TP ratio ${figureText(e.fpTpRatio, 'ratio')}).`,
    `With τ_conf = ${p.tauConf} and τ_suff = ${p.tauSuff} (${r.stability} stability), a ` +
      `positive decision can converge only if p_full ≥ ${decimal(r.positiveAtLeast)} and a ` +
      `negative one only if p_full ≤ ${decimal(r.negativeAtMost)}, so the search could not ` +
      `converge for the ${count(r.unreachableStays, 'stay')} outside that range, whatever ` +
      `the evidence. Reachability alone ` +
      `explains ${share(e.explainedByReachability.positive, 'exhausted positive predictions')}: ` +
      `for those, exhaustion restates the model's low confidence and is not something the ` +
      `search found.`,
    `Abstaining on every exhausted search ${effect(a.onExhaustion)}.`,
    `The confidence-only rule (abstain wherever convergence was unreachable, which needs ` +
      `p_full alone and no search) ${effect(a.onUnreachable)}.`,
  ];
  const added = a.onReachableExhaustion;
  if (added.abstained === 0) {
    lines.push(
      `No exhausted positive prediction was reachable: in this run the search adds no ` +
        `abstention signal beyond the model's confidence.`,
    );
  } else {
    lines.push(
      `Only exhaustion where convergence was reachable is the search's own signal: there it ` +
        `exhausted for ${share(e.reachableOnly.tpRate, 'true positives')} and ` +
        `${share(e.reachableOnly.fpRate, 'false positives')}, and abstaining on it beyond ` +
        `the confidence-only rule ${effect(added)}.`,
    );
  }
  if (r.mismatches > 0) {
    lines.push(
      `Warning: ${r.mismatches} stays' recorded reachability disagrees with the τ_conf, ` +
        `τ_suff and stability space given here, which are probably not the run's own.`,
    );
  }
  if (e.unreachableButConverged > 0) {
    lines.push(
      `Warning: ${e.unreachableButConverged} stays are marked unreachable yet converged; ` +
        `the results are inconsistent and the reachability figures cannot be trusted.`,
    );
  }
  return lines;
}
