/**
 * Choosing the reference group of an attribute. Only reported (unsuppressed) groups can be
 * a reference; groups with an Unknown value are never chosen automatically, because a
 * disparity "against the people whose race was not recorded" means nothing to a committee.
 * The 'best' rule only considers groups whose figure is estimable.
 */
import type { Estimate } from '../../../shared/estimate';
import type { Shortfall } from './bias-estimability';
import type { ReferenceChoice, ReferenceRule } from './bias-types';
import { GROUP_METRICS, unfavourability, type GroupMetric } from './group-metrics';

/** One figure of a reported group, judged for estimability (bias-audit.ts). */
export interface AssessedFigure {
  /** The figure on the group's stays (NaN where undefined), whether estimable or not. */
  estimate: number;
  /** The figure with its interval; null when not estimable. */
  value: Estimate | null;
  /** Why not estimable; empty when estimable. */
  shortfalls: Shortfall[];
  interval: 'clopper-pearson' | 'bootstrap';
  /** Draws for its ratios: Jeffreys posterior draws of a proportion, else the bootstrap's. */
  method: 'jeffreys' | 'bootstrap';
  draws: ArrayLike<number>;
}

export interface Candidate {
  name: string;
  n: number;
  unknown: boolean;
  figures: Record<GroupMetric, AssessedFigure>;
}

function everyMetric(group: string | null): Record<GroupMetric, string | null> {
  return Object.fromEntries(GROUP_METRICS.map((m) => [m, group])) as Record<
    GroupMetric,
    string | null
  >;
}

/** Largest group first, then by name: deterministic when sizes tie. */
function largest(candidates: readonly Candidate[]): Candidate | undefined {
  return candidates
    .filter((c) => !c.unknown)
    .sort((a, b) => b.n - a.n || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0];
}

function largestChoice(candidates: readonly Candidate[], note: string | null): ReferenceChoice {
  const ref = largest(candidates);
  return {
    rule: 'largest',
    group: ref?.name ?? null,
    byMetric: everyMetric(ref?.name ?? null),
    note: ref ? note : 'no reported group with a known value to compare against',
  };
}

/** Per metric, the group with the most favourable estimable value; ties: larger, then name. */
function bestChoice(candidates: readonly Candidate[]): ReferenceChoice {
  const known = candidates.filter((c) => !c.unknown);
  const byMetric = everyMetric(null);
  for (const metric of GROUP_METRICS) {
    const ranked = known
      .filter((c) => c.figures[metric].value !== null)
      .map((c) => ({ c, bad: unfavourability(metric, c.figures[metric].estimate) }))
      .filter((x) => !Number.isNaN(x.bad))
      .sort((a, b) => a.bad - b.bad || b.c.n - a.c.n || (a.c.name < b.c.name ? -1 : 1));
    byMetric[metric] = ranked[0]?.c.name ?? null;
  }
  return { rule: 'best', group: null, byMetric, note: null };
}

export function chooseReference(
  attribute: string,
  candidates: readonly Candidate[],
  rule: ReferenceRule,
): ReferenceChoice {
  if (rule === 'largest') return largestChoice(candidates, null);
  if (rule === 'best') return bestChoice(candidates);
  if (!Object.hasOwn(rule.group, attribute)) {
    return largestChoice(candidates, 'no reference group was requested for this attribute');
  }
  const wanted = rule.group[attribute]!;
  // A requested group is honoured even if Unknown: the committee asked for it by name.
  if (candidates.some((c) => c.name === wanted)) {
    return { rule: 'requested', group: wanted, byMetric: everyMetric(wanted), note: null };
  }
  return largestChoice(
    candidates,
    `requested reference "${wanted}" is absent or suppressed; the largest group is used`,
  );
}
