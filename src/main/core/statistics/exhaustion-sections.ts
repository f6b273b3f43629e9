/**
 * Exhaustion and selective abstention (paper, "Auditing Model Reliability via Search
 * Behavior"), always beside reachability: a stay whose p_full makes convergence impossible
 * exhausts whatever its evidence, so that part of the signal is the model's own confidence,
 * and every report must show it as such rather than credit the search.
 */
import {
  CONFUSION_CLASSES,
  type AbstentionSection,
  type ClassExhaustion,
  type ConfusionClass,
  type EffectFigure,
  type ExhaustionSection,
} from '../../../shared/audit-statistics';
import type { Estimate } from '../../../shared/estimate';
import { abstentionEffect, confusionClass, confusionCounts } from './exhaustion';
import { pick, pickFlags, type BootstrapOptions } from './bootstrap';
import { type Flags, type Numbers } from './inputs';
import { namedEstimates } from './bootstrap-estimates';
import { proportionEstimate, ratioOfProportionsEstimate } from './exact-intervals';
import type { SearchOutcomes } from './outcome-columns';

type AbstentionRule = keyof AbstentionSection;

/** Events among trials, the counts behind one proportion. */
interface Tally {
  hit: number;
  of: number;
}

const tally = (): Tally => ({ hit: 0, of: 0 });
const count = (t: Tally, event: boolean): void => {
  t.of++;
  if (event) t.hit++;
};
const share = (t: Tally, level: number): Estimate => proportionEstimate(t.hit, t.of, level);
/** FP rate ÷ TP rate of two disjoint groups of stays. */
const ratio = (fp: Tally, tp: Tally, level: number): Estimate =>
  ratioOfProportionsEstimate(fp.hit, fp.of, tp.hit, tp.of, level);

/**
 * Every exhaustion figure is a count of stays over a count of stays, so each gets an exact
 * interval (Clopper–Pearson; a ratio of two classes' rates Katz's log interval) rather than
 * a bootstrap, which collapses to "100% (100–100%)" on a handful of true positives.
 */
export function exhaustionSection(
  c: SearchOutcomes,
  threshold: number,
  level = 0.95,
): ExhaustionSection {
  const overall = tally();
  const reachableShare = tally();
  const byClass = {} as Record<ConfusionClass, Tally>;
  const reachableByClass = {} as Record<ConfusionClass, Tally>;
  for (const cls of CONFUSION_CLASSES) {
    byClass[cls] = tally();
    reachableByClass[cls] = tally();
  }
  // Among exhausted searches, those p_full alone forced (convergence unreachable).
  const explained = { all: tally(), positive: tally(), TP: tally(), FP: tally() };
  // Impossible for a correct search: > 0 flags inconsistent input.
  let unreachableButConverged = 0;
  for (let i = 0; i < c.pFull.length; i++) {
    const cls = confusionClass(c.pFull[i]!, c.labels[i]!, threshold);
    const exhausted = c.exhausted[i]!;
    const reachable = c.reachable[i]!;
    count(overall, exhausted);
    count(reachableShare, reachable);
    count(byClass[cls], exhausted);
    if (reachable) count(reachableByClass[cls], exhausted);
    if (!exhausted) {
      if (!reachable) unreachableButConverged++;
      continue;
    }
    count(explained.all, !reachable);
    if (cls === 'TP' || cls === 'FP') {
      count(explained.positive, !reachable);
      count(explained[cls], !reachable);
    }
  }
  const classes = {} as Record<ConfusionClass, ClassExhaustion>;
  for (const cls of CONFUSION_CLASSES) {
    const t = byClass[cls];
    classes[cls] = { stays: t.of, exhausted: t.hit, rate: share(t, level) };
  }
  return {
    overall: share(overall, level),
    byClass: classes,
    fpTpRatio: ratio(byClass.FP, byClass.TP, level),
    reachableShare: share(reachableShare, level),
    reachableOnly: {
      tp: reachableByClass.TP.of,
      fp: reachableByClass.FP.of,
      tpRate: share(reachableByClass.TP, level),
      fpRate: share(reachableByClass.FP, level),
      fpTpRatio: ratio(reachableByClass.FP, reachableByClass.TP, level),
    },
    explainedByReachability: {
      all: share(explained.all, level),
      positive: share(explained.positive, level),
      tp: share(explained.TP, level),
      fp: share(explained.FP, level),
    },
    unreachableButConverged,
  };
}

/** The three abstention rules' flags: the paper's, the confidence-only one, the search's own. */
function abstentionFlags(exhausted: Flags, reachable: Flags): Record<AbstentionRule, boolean[]> {
  const onExhaustion = Array.from(exhausted);
  return {
    onExhaustion,
    onUnreachable: Array.from(reachable, (r) => !r),
    onReachableExhaustion: onExhaustion.map((e, i) => e && reachable[i]!),
  };
}

const RULES: Record<AbstentionRule, string> = {
  onExhaustion: 'exhausted search',
  onUnreachable: 'convergence unreachable',
  onReachableExhaustion: 'exhausted search where convergence was reachable',
};

/**
 * Each rule's precision and sensitivity, with and without abstaining, are counts of stays
 * over counts of stays and get Clopper–Pearson intervals; the precision gained is a
 * difference of two overlapping proportions with no closed form, so it alone is
 * bootstrapped over stays.
 */
export function abstentionSection(
  c: SearchOutcomes,
  threshold: number,
  boot: BootstrapOptions,
): AbstentionSection {
  const rules = Object.keys(RULES) as AbstentionRule[];
  const level = boot.level ?? 0.95;
  const effects = (p: Numbers, y: Numbers, e: Flags, r: Flags) => {
    const flags = abstentionFlags(e, r);
    return rules.map((rule) => abstentionEffect(p, y, flags[rule], threshold));
  };
  const gained = namedEstimates(c.pFull.length, boot, (indices) => {
    const all = effects(
      pick(c.pFull, indices),
      pick(c.labels, indices),
      pickFlags(c.exhausted, indices),
      pickFlags(c.reachable, indices),
    );
    return Object.fromEntries(rules.map((rule, k) => [rule, all[k]!.precisionGained]));
  });
  const points = effects(c.pFull, c.labels, c.exhausted, c.reachable);
  const { tp } = confusionCounts(c.pFull, c.labels, threshold);
  const section = {} as AbstentionSection;
  rules.forEach((rule, k) => {
    const point = points[k]!;
    const { positives, predictedPositive, abstained, tpAbstained } = point;
    const tpKept = tp - tpAbstained;
    const figures: Record<EffectFigure, Estimate> = {
      precisionWithout: proportionEstimate(tp, predictedPositive, level),
      precisionWith: proportionEstimate(tpKept, predictedPositive - abstained, level),
      precisionGained: gained[rule]!,
      sensitivityWithout: proportionEstimate(tp, positives, level),
      sensitivityWith: proportionEstimate(tpKept, positives, level),
      sensitivityLost: proportionEstimate(tpAbstained, positives, level),
    };
    section[rule] = {
      rule: RULES[rule],
      positives,
      predictedPositive,
      abstained,
      tpAbstained,
      fpAbstained: point.fpAbstained,
      ...figures,
    };
  });
  return section;
}
