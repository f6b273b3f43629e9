/**
 * When a bias-audit figure may be shown at all (docs/audit-metrics.md, "Estimability").
 * Suppression keeps groups of fewer than 11 stays out, but a figure's own denominator can be
 * far smaller than its group: a group of 43 with no death has an FNR, an AUROC and an
 * observed/expected ratio of 0 events. Such a figure is "not estimable" and says why:
 *
 * 1. its own denominator must reach a minimum (ESTIMABILITY_RULES: outcome events, stays
 *    without the outcome, positive predictions; 10 of each by default);
 * 2. a proportion gets an exact Clopper–Pearson interval (statistics/exact-intervals.ts),
 *    which never collapses to a point;
 * 3. a bootstrapped figure (AUROC, ECE, observed/expected, mean |E|, fidelity MAE) is not
 *    estimable when too many of its resamples are degenerate (a class absent: more than the
 *    interval's own tail, 2.5% at 95%) or when its interval has zero width.
 *
 * A comparison is made only between two estimable figures (bias-audit.ts).
 */
import type { BootstrapCi } from './bootstrap';
import {
  DEFAULT_MINIMUMS,
  ESTIMABILITY_RULES,
  type EstimabilityCount,
  type GroupMetric,
  type NotEstimable,
} from '../../../shared/bias-audit';
import type { GroupCounts } from './group-metrics';

export { DEFAULT_MINIMUMS, ESTIMABILITY_RULES };
export type Minimums = Record<EstimabilityCount, number>;

/** One reason a figure is not estimable, worded for whichever group it is about. */
export interface Shortfall {
  /** "0 outcome events in this group (needs 10)", with `subject` as "this group". */
  detail: (subject: string) => string;
  /** "0 events (min 10)". */
  brief: string;
}

const NOUNS: Record<
  EstimabilityCount,
  { one: string; many: string; briefOne: string; brief: string }
> = {
  events: { one: 'outcome event', many: 'outcome events', briefOne: 'event', brief: 'events' },
  negatives: {
    one: 'stay without the outcome',
    many: 'stays without the outcome',
    briefOne: 'non-event',
    brief: 'non-events',
  },
  predictedPositives: {
    one: 'positive prediction',
    many: 'positive predictions',
    briefOne: 'alert',
    brief: 'alerts',
  },
};

const COUNT_OF: Record<EstimabilityCount, (g: GroupCounts) => number> = {
  events: (g) => g.events,
  negatives: (g) => g.negatives,
  predictedPositives: (g) => g.predictedPositives,
};

/** The figure's own denominators below their minimums, if any. */
export function countShortfall(
  metric: GroupMetric,
  counts: GroupCounts,
  minimums: Minimums,
): Shortfall | null {
  const short = ESTIMABILITY_RULES[metric]
    .map((rule) => ({ rule, count: COUNT_OF[rule](counts), min: minimums[rule] }))
    .filter((x) => x.count < x.min);
  if (short.length === 0) return null;
  const counted = short.map(
    ({ rule, count }) => `${count} ${count === 1 ? NOUNS[rule].one : NOUNS[rule].many}`,
  );
  const mins = [...new Set(short.map((x) => x.min))];
  const needs =
    short.length === 1
      ? `needs ${mins[0]}`
      : mins.length === 1
        ? `needs ${mins[0]} of each`
        : `needs ${short.map((x) => x.min).join(' and ')}`;
  return {
    detail: (subject) => `${counted.join(' and ')} in ${subject} (${needs})`,
    brief: `${short.map(({ rule, count }) => `${count} ${count === 1 ? NOUNS[rule].briefOne : NOUNS[rule].brief}`).join(', ')} (min ${mins.join('/')})`,
  };
}

/**
 * Degenerate resamples the percentile interval may leave out before it stops describing the
 * figure: no more than the interval's own tail ((1 − level)/2 of the resamples, 25 of 1,000
 * at 95%). Beyond that, the left-out resamples could hold a whole tail of the interval.
 */
export function allowedDegenerate(resamples: number, level = 0.95): number {
  return Math.floor((resamples * (1 - level)) / 2);
}

/** A bootstrapped figure whose resamples cannot give it an interval, if so. */
export function bootstrapShortfall(ci: BootstrapCi, level = 0.95): Shortfall | null {
  const allowed = allowedDegenerate(ci.resamples, level);
  if (ci.skipped > allowed) {
    return {
      detail: (subject) =>
        `it is undefined (a class absent) in ${ci.skipped} of ${ci.resamples} bootstrap resamples of ${subject}, more than the ${allowed} its 95% interval can leave out`,
      brief: `class absent in ${ci.skipped}/${ci.resamples} resamples`,
    };
  }
  if (ci.lower === ci.upper) {
    return {
      detail: (subject) =>
        `its 95% bootstrap interval in ${subject} has zero width (the resamples do not vary), so its uncertainty cannot be estimated`,
      brief: 'zero-width interval',
    };
  }
  return null;
}

/** "not estimable: <detail>; <detail>" and the briefs joined, for one or more shortfalls. */
export function notEstimable(parts: readonly { detail: string; brief: string }[]): NotEstimable {
  return {
    reason: `not estimable: ${parts.map((p) => p.detail).join('; ')}`,
    brief: parts.map((p) => p.brief).join('; '),
  };
}

/** Validates a minimum count option. */
export function checkMinimum(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
}
