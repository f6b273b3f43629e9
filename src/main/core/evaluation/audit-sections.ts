/**
 * Sections from dynamic-mode ToE (audit mode): the evidence-size distribution by outcome and
 * correctness (paper appendix "Evidence Size Distribution"), TP/FP exhaustion and abstention
 * (paper, "Auditing Model Reliability"). Reachability (method.md) is reported beside every
 * exhaustion figure: a stay whose p_full makes convergence impossible exhausts whatever the
 * evidence, and that must not be read as something the search discovered.
 */
import {
  abstentionEffect,
  evidenceSizeDistribution,
  exhaustionRates,
  exhaustionReport,
  type AbstentionEffect,
  type BootstrapOptions,
  type ExhaustionRates,
} from '../metrics';
import type {
  AbstentionSection,
  EvidenceSizeSection,
  ExhaustionSection,
} from '../../../shared/charts';
import { agreement, complementOf, estimate, mean, meanWhere } from './bootstrap-estimates';
import { outcomeColumns, type StayRecord } from './stay-record';

/** Evidence size of dynamic ToE at the records' i-th step limit. */
export function evidenceSizeSection(
  records: readonly StayRecord[],
  limit: number,
  ci: BootstrapOptions,
): EvidenceSizeSection {
  const { labels, yFull } = outcomeColumns(records);
  const outcomes = records.map((r) => r.dynamic[limit]!);
  const maxSteps = outcomes[0]?.maxSteps ?? 0;
  const sizes = Float64Array.from(outcomes, (o) => o.size);
  const exhausted = Float64Array.from(outcomes, (o) => (o.status === 'exhausted' ? 1 : 0));
  const correct = agreement(yFull, labels);
  const wrong = complementOf(correct);
  const d = evidenceSizeDistribution(sizes, labels, yFull, maxSteps);
  return {
    maxSteps,
    histograms: {
      maxSize: d.maxSize,
      all: d.all.histogram,
      positive: d.byOutcome.positive.histogram,
      negative: d.byOutcome.negative.histogram,
      correct: d.byCorrectness.correct.histogram,
      incorrect: d.byCorrectness.incorrect.histogram,
    },
    counts: {
      all: d.all.n,
      positive: d.byOutcome.positive.n,
      negative: d.byOutcome.negative.n,
      correct: d.byCorrectness.correct.n,
      incorrect: d.byCorrectness.incorrect.n,
    },
    meanSize: {
      all: estimate((s) => mean(s), [sizes], ci),
      correct: estimate((s, c) => meanWhere(s, c), [sizes, correct], ci),
      incorrect: estimate((s, w) => meanWhere(s, w), [sizes, wrong], ci),
    },
    exhaustedShare: {
      all: estimate((e) => mean(e), [exhausted], ci),
      correct: estimate((e, c) => meanWhere(e, c), [exhausted, correct], ci),
      incorrect: estimate((e, w) => meanWhere(e, w), [exhausted, wrong], ci),
    },
  };
}

/** Exhaustion rates among the stays where `keep` is true. */
function ratesWhere(
  pFull: ArrayLike<number>,
  labels: ArrayLike<number>,
  exhausted: ArrayLike<boolean>,
  keep: ArrayLike<boolean>,
  threshold: number,
): ExhaustionRates {
  const idx = Array.from({ length: pFull.length }, (_, i) => i).filter((i) => keep[i]);
  return exhaustionRates(
    idx.map((i) => pFull[i]!),
    idx.map((i) => labels[i]!),
    idx.map((i) => exhausted[i]!),
    threshold,
  );
}

function abstention(
  pFull: Float64Array,
  labels: Uint8Array,
  abstain: boolean[],
  threshold: number,
  ci: BootstrapOptions,
): AbstentionSection {
  const effect = abstentionEffect(pFull, labels, abstain, threshold);
  const figure = (pick: (e: AbstentionEffect) => number) =>
    estimate((f, y, a) => pick(abstentionEffect(f, y, a, threshold)), [pFull, labels, abstain], ci);
  return {
    abstained: effect.abstained,
    tpAbstained: effect.tpAbstained,
    fpAbstained: effect.fpAbstained,
    precisionWithout: figure((e) => e.precisionWithout),
    precisionWith: figure((e) => e.precisionWith),
    precisionGained: figure((e) => e.precisionGained),
    sensitivityWithout: figure((e) => e.sensitivityWithout),
    sensitivityWith: figure((e) => e.sensitivityWith),
    sensitivityLost: figure((e) => e.sensitivityLost),
  };
}

/** TP/FP exhaustion and both abstention rules, at the records' i-th step limit. */
export function exhaustionSection(
  records: readonly StayRecord[],
  limit: number,
  threshold: number,
  ci: BootstrapOptions,
): ExhaustionSection {
  const { labels, pFull } = outcomeColumns(records);
  const outcomes = records.map((r) => r.dynamic[limit]!);
  const exhausted = outcomes.map((o) => o.status === 'exhausted');
  const reachable = outcomes.map((o) => o.reachable);
  const report = exhaustionReport({ pFull, labels, exhausted, reachable, threshold });
  const rate = (pick: (r: ExhaustionRates) => number) =>
    estimate(
      (f, y, e) => pick(exhaustionRates(f, y, e, threshold)),
      [pFull, labels, exhausted],
      ci,
    );
  const reachableRate = (pick: (r: ExhaustionRates) => number) =>
    estimate(
      (f, y, e, r) => pick(ratesWhere(f, y, e, r, threshold)),
      [pFull, labels, exhausted, reachable],
      ci,
    );
  const reachableShare = Float64Array.from(reachable, (r) => (r ? 1 : 0));
  return {
    maxSteps: outcomes[0]?.maxSteps ?? 0,
    threshold,
    counts: report.counts,
    tpExhausted: report.rates.tpExhausted,
    fpExhausted: report.rates.fpExhausted,
    tpRate: rate((r) => r.tpRate),
    fpRate: rate((r) => r.fpRate),
    ratio: rate((r) => r.ratio),
    reachableShare: estimate((r) => mean(r), [reachableShare], ci),
    reachableTpRate: reachableRate((r) => r.tpRate),
    reachableFpRate: reachableRate((r) => r.fpRate),
    abstainOnExhaustion: abstention(pFull, labels, exhausted, threshold, ci),
    abstainOnUnreachable: abstention(
      pFull,
      labels,
      reachable.map((r) => !r),
      threshold,
      ci,
    ),
  };
}
