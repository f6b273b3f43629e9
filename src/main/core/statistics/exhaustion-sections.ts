/**
 * Exhaustion and selective abstention (paper, "Auditing Model Reliability via Search
 * Behavior"), always beside reachability: a stay whose p_full makes convergence impossible
 * exhausts whatever its evidence, so that part of the signal is the model's own confidence,
 * and every report must show it as such rather than credit the search.
 */
import {
  CONFUSION_CLASSES,
  EFFECT_FIGURES,
  type AbstentionFigures,
  type AbstentionSection,
  type ClassExhaustion,
  type ConfusionClass,
  type EffectFigure,
  type ExhaustionSection,
} from '../../../shared/audit-statistics';
import type { Estimate } from '../../../shared/estimate';
import {
  abstentionEffect,
  confusionClass,
  exhaustionReport,
  pick,
  pickFlags,
  type BootstrapOptions,
  type Flags,
  type Numbers,
} from '../metrics';
import { namedEstimates } from './bootstrap-estimates';
import type { SearchOutcomes } from './outcome-columns';

type AbstentionRule = keyof AbstentionSection;

/** exhausted / stays among the stays of class `cls`; NaN when the class is empty. */
function classRate(
  pFull: Numbers,
  labels: Numbers,
  exhausted: Flags,
  cls: ConfusionClass,
  threshold: number,
): number {
  let stays = 0;
  let hit = 0;
  for (let i = 0; i < pFull.length; i++) {
    if (confusionClass(pFull[i]!, labels[i]!, threshold) !== cls) continue;
    stays++;
    if (exhausted[i]) hit++;
  }
  return hit / stays;
}

/** #(exhausted ∧ unreachable) / #exhausted over every stay; NaN when nothing exhausted. */
function explainedShareAll(exhausted: Flags, reachable: Flags): number {
  let all = 0;
  let forced = 0;
  for (let i = 0; i < exhausted.length; i++) {
    if (!exhausted[i]) continue;
    all++;
    if (!reachable[i]) forced++;
  }
  return forced / all;
}

/** Share of stays whose flag is set; NaN for no stays. */
function flaggedShare(flags: Flags): number {
  let hit = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i]) hit++;
  return hit / flags.length;
}

/** Every exhaustion figure for one set of stay indices (one resample). */
function exhaustionFigures(c: SearchOutcomes, threshold: number, indices: ArrayLike<number>) {
  const p = pick(c.pFull, indices);
  const y = pick(c.labels, indices);
  const e = pickFlags(c.exhausted, indices);
  const r = pickFlags(c.reachable, indices);
  const report = exhaustionReport({ pFull: p, labels: y, exhausted: e, reachable: r, threshold });
  const reach = report.reachability!;
  return {
    overall: flaggedShare(e),
    TP: report.rates.tpRate,
    FP: report.rates.fpRate,
    TN: classRate(p, y, e, 'TN', threshold),
    FN: classRate(p, y, e, 'FN', threshold),
    fpTpRatio: report.rates.ratio,
    reachableShare: flaggedShare(r),
    reachableTp: reach.reachableRates.tpRate,
    reachableFp: reach.reachableRates.fpRate,
    reachableRatio: reach.reachableRates.ratio,
    explainedAll: explainedShareAll(e, r),
    explainedPositive: reach.explainedShare.positive,
    explainedTp: reach.explainedShare.tp,
    explainedFp: reach.explainedShare.fp,
  };
}

export function exhaustionSection(
  c: SearchOutcomes,
  threshold: number,
  boot: BootstrapOptions,
): ExhaustionSection {
  const fig = namedEstimates(c.pFull.length, boot, (indices) =>
    exhaustionFigures(c, threshold, indices),
  );
  const point = exhaustionReport({
    pFull: c.pFull,
    labels: c.labels,
    exhausted: c.exhausted,
    reachable: c.reachable,
    threshold,
  }).reachability!;
  const byClass = {} as Record<ConfusionClass, ClassExhaustion>;
  for (const cls of CONFUSION_CLASSES) byClass[cls] = { stays: 0, exhausted: 0, rate: fig[cls] };
  for (let i = 0; i < c.pFull.length; i++) {
    const members = byClass[confusionClass(c.pFull[i]!, c.labels[i]!, threshold)];
    members.stays++;
    if (c.exhausted[i]) members.exhausted++;
  }
  return {
    overall: fig.overall,
    byClass,
    fpTpRatio: fig.fpTpRatio,
    reachableShare: fig.reachableShare,
    reachableOnly: {
      tp: point.reachableRates.tp,
      fp: point.reachableRates.fp,
      tpRate: fig.reachableTp,
      fpRate: fig.reachableFp,
      fpTpRatio: fig.reachableRatio,
    },
    explainedByReachability: {
      all: fig.explainedAll,
      positive: fig.explainedPositive,
      tp: fig.explainedTp,
      fp: fig.explainedFp,
    },
    unreachableButConverged: point.unreachableButConverged,
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

export function abstentionSection(
  c: SearchOutcomes,
  threshold: number,
  boot: BootstrapOptions,
): AbstentionSection {
  const rules = Object.keys(RULES) as AbstentionRule[];
  const effects = (p: Numbers, y: Numbers, e: Flags, r: Flags) => {
    const flags = abstentionFlags(e, r);
    return rules.map((rule) => abstentionEffect(p, y, flags[rule], threshold));
  };
  const fig = namedEstimates(c.pFull.length, boot, (indices) => {
    const all = effects(
      pick(c.pFull, indices),
      pick(c.labels, indices),
      pickFlags(c.exhausted, indices),
      pickFlags(c.reachable, indices),
    );
    const out: Record<string, number> = {};
    rules.forEach((rule, k) => {
      for (const key of EFFECT_FIGURES) out[`${rule}.${key}`] = all[k]![key];
    });
    return out;
  });
  const points = effects(c.pFull, c.labels, c.exhausted, c.reachable);
  const section = {} as AbstentionSection;
  rules.forEach((rule, k) => {
    const point = points[k]!;
    const figures = {} as Record<EffectFigure, Estimate>;
    for (const key of EFFECT_FIGURES) figures[key] = fig[`${rule}.${key}`]!;
    const rates: AbstentionFigures = {
      rule: RULES[rule],
      positives: point.positives,
      predictedPositive: point.predictedPositive,
      abstained: point.abstained,
      tpAbstained: point.tpAbstained,
      fpAbstained: point.fpAbstained,
      ...figures,
    };
    section[rule] = rates;
  });
  return section;
}
