/**
 * Choosing the reference group of an attribute. Only reported (unsuppressed) groups can be
 * a reference; groups with an Unknown value are never chosen automatically, because a
 * disparity "against the people whose race was not recorded" means nothing to a committee.
 * The 'largest' rule takes the largest group with enough outcome events and stays without
 * the outcome to be compared against: a large group with few events would leave every
 * event-based comparison "not made". The 'best' rule only considers groups whose figure is
 * estimable.
 */
import { attributeWords } from '../../../shared/attribute-words';
import type { Estimate } from '../../../shared/estimate';
import type { Minimums, Shortfall } from '../statistics/bias-estimability';
import type { ReferenceChoice, ReferenceRule } from './bias-types';
import { GROUP_METRICS, unfavourability, type GroupMetric } from '../statistics/group-metrics';

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
  /** Outcome events (y = 1) and stays without the outcome: what makes a usable reference. */
  events: number;
  negatives: number;
  figures: Record<GroupMetric, AssessedFigure>;
}

function everyMetric(group: string | null): Record<GroupMetric, string | null> {
  return Object.fromEntries(GROUP_METRICS.map((m) => [m, group])) as Record<
    GroupMetric,
    string | null
  >;
}

/** Known groups, largest first, then by name: deterministic when sizes tie. */
function bySize(candidates: readonly Candidate[]): Candidate[] {
  return candidates
    .filter((c) => !c.unknown)
    .sort((a, b) => b.n - a.n || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Enough events and non-events for the event-based figures to be compared against it. */
function comparable(c: Candidate, minimums: Minimums): boolean {
  return c.events >= minimums.events && c.negatives >= minimums.negatives;
}

const needs = (minimums: Minimums) =>
  `${minimums.events} outcome events and ${minimums.negatives} stays without the outcome`;

/**
 * The largest known group with enough events and non-events; failing that, the largest
 * known group, said so. `asked` explains why the rule is used at all, if it was not chosen.
 */
function largestChoice(
  attribute: string,
  candidates: readonly Candidate[],
  minimums: Minimums,
  asked: string | null,
): ReferenceChoice {
  const known = bySize(candidates);
  const ref = known.find((c) => comparable(c, minimums)) ?? known[0];
  const words = (c: Candidate) => attributeWords(attribute, c.name) ?? c.name;
  const passedOver = ref ? known.slice(0, known.indexOf(ref)) : [];
  const why = !ref
    ? 'no reported group with a known value to compare against'
    : !comparable(ref, minimums)
      ? `no group has ${needs(minimums)}: comparisons that need events are not made`
      : passedOver.length > 0
        ? `${passedOver.map((c) => `${words(c)} (${c.n} stays, ${c.events} events)`).join(', ')} ${passedOver.length === 1 ? 'is larger but has' : 'are larger but have'} too few events or non-events to compare against (needs ${needs(minimums)})`
        : null;
  const note = [asked, why].filter((x): x is string => x !== null).join('; ');
  return {
    rule: 'largest',
    group: ref?.name ?? null,
    comparable: ref !== undefined && comparable(ref, minimums),
    byMetric: everyMetric(ref?.name ?? null),
    note: note === '' ? null : note,
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
  return { rule: 'best', group: null, comparable: true, byMetric, note: null };
}

export function chooseReference(
  attribute: string,
  candidates: readonly Candidate[],
  rule: ReferenceRule,
  minimums: Minimums,
): ReferenceChoice {
  if (rule === 'largest') return largestChoice(attribute, candidates, minimums, null);
  if (rule === 'best') return bestChoice(candidates);
  if (!Object.hasOwn(rule.group, attribute)) {
    return largestChoice(
      attribute,
      candidates,
      minimums,
      'no reference group was requested for this attribute',
    );
  }
  const wanted = rule.group[attribute]!;
  // A requested group is honoured even if Unknown: the committee asked for it by name.
  const requested = candidates.find((c) => c.name === wanted);
  if (requested) {
    return {
      rule: 'requested',
      group: wanted,
      comparable: comparable(requested, minimums),
      byMetric: everyMetric(wanted),
      note: null,
    };
  }
  return largestChoice(
    attribute,
    candidates,
    minimums,
    `requested reference "${wanted}" is absent or suppressed; the largest group with enough events is used`,
  );
}
