/**
 * The review queue by subgroup (docs/abstention.md, "The queue by subgroup"). Abstention can
 * widen the gaps in accuracy between groups (Jones et al., ICLR 2021): a queue that catches
 * the majority's errors may leave a minority's standing. Per group of each attribute the
 * bias audit groups by, from each audited stay's error (decision wrong) and queue flag:
 *
 * - stays, stays queued and the share queued (Clopper–Pearson);
 * - the error rate of the group's decisions without the queue (all its stays) and among its
 *   accepted (not queued) stays, each Clopper–Pearson, and the change (accepted − without);
 * - the gap to the reference group (this group's error rate − the reference's) without and
 *   with the queue, each with Newcombe's hybrid score interval (the groups are disjoint, so
 *   the two rates are independent samples).
 *
 * Groups, suppression and the reference follow the bias audit (bias-audit.ts): the same
 * partitions (subgroups.ts: "Unknown" kept, standard attributes first), groups of fewer than
 * `minGroupSize` stays suppressed with the same reason and never a reference, and the same
 * reference rules. An error rate is over stays of both outcomes, so its own denominator is a
 * count of stays: the bias audit's event, non-event and alert minimums concern none of these
 * figures, and the minimum a figure over stays needs is the minimum group size. The error
 * among accepted is therefore not estimable below `minGroupSize` accepted stays (a group the
 * queue nearly empties), and no gap "with the queue" uses it.
 *
 * A flag asks for evidence, not a change in the last digit: on a few hundred stays one queued
 * stay moves a group's rates, and a committee page flagging every such move would bury the
 * one that matters. The direction is decided exactly on the counts (no rounding):
 *
 * - "accepted error rises": errors accepted ÷ accepted > errors ÷ stays, i.e. the queue takes
 *   a smaller share of the group's errors than of its stays, AND Fisher's exact test of the
 *   group's queued × wrong table rejects (p < 1 − level): within the group the queue picks
 *   against its wrong decisions. Only when the error among accepted is estimable; a group
 *   with nothing queued never rises.
 * - "gap to the reference widens": |gap with the queue| > |gap without|, whichever group is
 *   worse, AND the gap with the queue has an interval that excludes 0: the group does differ
 *   from the reference once the queue has taken its stays. A gap that changes sign but
 *   narrows is not flagged.
 */
import type { NotEstimable, ReferenceRule } from '../../../shared/bias-audit';
import type {
  QueueAttribute,
  QueueBySubgroup,
  QueueGap,
  QueueGroup,
  QueueGroupReport,
} from '../../../shared/queue-subgroups';
import { checkMinimum, notEstimable } from '../statistics/bias-estimability';
import {
  auditedAttributes,
  intersect,
  partitionBy,
  type AttributesByStay,
  type Partition,
  type Subgroup,
} from './subgroups';
import type { Estimate } from '../../../shared/estimate';
import {
  differenceOfProportionsEstimate,
  fisherExactTest,
  proportionEstimate,
} from '../statistics/exact-intervals';

/** The bias audit's default minimum group size (biasAudit's `minGroupSize`). */
export const DEFAULT_MIN_GROUP_SIZE = 11;

/** One audited stay as this section reads it. */
export interface QueueStay {
  stayId: number;
  /** The run's decision is wrong (ŷ ≠ y). */
  error: boolean;
  /** In the run's review queue. */
  queued: boolean;
}

export interface QueueBySubgroupOptions {
  /** Which group the others are compared with (default 'largest', as the bias audit). */
  reference?: ReferenceRule;
  /** Groups with fewer stays are suppressed (default 11, as the bias audit). */
  minGroupSize?: number;
  /** Attributes to split by (default: every attribute the stays have). */
  attributes?: readonly string[];
  /** Pairs of attributes to cross, giving groups "A=x & B=y". */
  intersections?: readonly (readonly [string, string])[];
  /** Interval level (default 0.95). */
  level?: number;
}

interface Counts {
  name: string;
  unknown: boolean;
  stays: number;
  queued: number;
  errors: number;
  errorsQueued: number;
}

const accepted = (c: Counts) => c.stays - c.queued;
const errorsAccepted = (c: Counts) => c.errors - c.errorsQueued;

function countsOf(group: Subgroup, stays: readonly QueueStay[]): Counts {
  const counts = {
    name: group.name,
    unknown: group.unknown,
    stays: group.members.length,
    queued: 0,
    errors: 0,
    errorsQueued: 0,
  };
  for (const i of group.members) {
    const stay = stays[i]!;
    if (stay.queued) counts.queued++;
    if (stay.error) counts.errors++;
    if (stay.queued && stay.error) counts.errorsQueued++;
  }
  return counts;
}

/** The bias audit's wording for a suppressed group (bias-audit.ts), word for word. */
function suppressedReason(minGroupSize: number): string {
  return `fewer than ${minGroupSize} stays: suppressed for privacy and because figures on so few stays are unstable; no metric was computed`;
}

/** Why a group's error among accepted is not shown, worded for whichever group it is about. */
function acceptedShortfall(
  c: Counts,
  minGroupSize: number,
): { detail: (subject: string) => string; brief: string } | null {
  const m = accepted(c);
  if (m >= minGroupSize) return null;
  return {
    detail: (subject) =>
      `${m} accepted ${m === 1 ? 'stay' : 'stays'} in ${subject} (needs ${minGroupSize})`,
    brief: `${m} accepted (min ${minGroupSize})`,
  };
}

const byName = (a: Counts, b: Counts) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Largest known group first, then by name: the bias audit's 'largest' (bias-reference.ts). */
function largest(groups: readonly Counts[]): Counts | undefined {
  return groups.filter((g) => !g.unknown).sort((a, b) => b.stays - a.stays || byName(a, b))[0];
}

/**
 * The reference by the bias audit's rule. 'best' reads this section's own figure: the known
 * group with the lowest error rate without the queue (ties: larger, then by name).
 */
function chooseReference(
  attribute: string,
  reported: readonly Counts[],
  rule: ReferenceRule,
): QueueAttribute['reference'] {
  const largestChoice = (note: string | null): QueueAttribute['reference'] => {
    const ref = largest(reported);
    return {
      rule: 'largest',
      group: ref?.name ?? null,
      note: ref ? note : 'no reported group with a known value to compare against',
    };
  };
  if (rule === 'largest') return largestChoice(null);
  if (rule === 'best') {
    const best = reported
      .filter((g) => !g.unknown)
      .sort(
        (a, b) =>
          // a.errors / a.stays < b.errors / b.stays, exactly.
          a.errors * b.stays - b.errors * a.stays || b.stays - a.stays || byName(a, b),
      )[0];
    return {
      rule: 'best',
      group: best?.name ?? null,
      note: best ? null : 'no reported group with a known value to compare against',
    };
  }
  if (!Object.hasOwn(rule.group, attribute)) {
    return largestChoice('no reference group was requested for this attribute');
  }
  const wanted = rule.group[attribute]!;
  // A requested group is honoured even if Unknown: the committee asked for it by name.
  if (reported.some((g) => g.name === wanted)) {
    return { rule: 'requested', group: wanted, note: null };
  }
  return largestChoice(
    `requested reference "${wanted}" is absent or suppressed; the largest group is used`,
  );
}

/** errors accepted ÷ accepted > errors ÷ stays, in integers so that ties are exact. */
function acceptedErrorRises(c: Counts, level: number): boolean {
  const rises =
    BigInt(errorsAccepted(c)) * BigInt(c.stays) > BigInt(c.errors) * BigInt(accepted(c));
  if (!rises) return false;
  const p = fisherExactTest(
    c.errorsQueued,
    c.queued - c.errorsQueued,
    errorsAccepted(c),
    accepted(c) - errorsAccepted(c),
  );
  return p < 1 - level;
}

/** An interval that lies wholly on one side of 0. */
function excludesZero(e: Estimate): boolean {
  return e.lower !== null && e.upper !== null && (e.lower > 0 || e.upper < 0);
}

/**
 * |k1/n1 − k2/n2| as the exact fraction |k1·n2 − k2·n1| / (n1·n2), so that two gaps compare
 * without rounding (a tie stays a tie).
 */
function absoluteGap(k1: number, n1: number, k2: number, n2: number): [bigint, bigint] {
  const numerator = BigInt(k1) * BigInt(n2) - BigInt(k2) * BigInt(n1);
  return [numerator < 0n ? -numerator : numerator, BigInt(n1) * BigInt(n2)];
}

function gapTo(group: Counts, ref: Counts, minGroupSize: number, level: number): QueueGap {
  const without = differenceOfProportionsEstimate(
    group.errors,
    group.stays,
    ref.errors,
    ref.stays,
    level,
  );
  const own = acceptedShortfall(group, minGroupSize);
  const theirs = acceptedShortfall(ref, minGroupSize);
  if (own || theirs) {
    const parts = [
      ...(own ? [{ detail: own.detail('this group'), brief: own.brief }] : []),
      ...(theirs
        ? [
            {
              detail: theirs.detail(`the reference group ${ref.name}`),
              brief: `ref. ${theirs.brief}`,
            },
          ]
        : []),
    ];
    return {
      reference: ref.name,
      without,
      with: null,
      notEstimable: notEstimable(parts),
      widens: null,
    };
  }
  const withQueue = differenceOfProportionsEstimate(
    errorsAccepted(group),
    accepted(group),
    errorsAccepted(ref),
    accepted(ref),
    level,
  );
  const [wNum, wDen] = absoluteGap(
    errorsAccepted(group),
    accepted(group),
    errorsAccepted(ref),
    accepted(ref),
  );
  const [oNum, oDen] = absoluteGap(group.errors, group.stays, ref.errors, ref.stays);
  return {
    reference: ref.name,
    without,
    with: withQueue,
    notEstimable: null,
    widens: wNum * oDen > oNum * wDen,
  };
}

function reportGroup(
  c: Counts,
  ref: Counts | undefined,
  minGroupSize: number,
  level: number,
): QueueGroup {
  const short = acceptedShortfall(c, minGroupSize);
  const acceptedNotEstimable: NotEstimable | null = short
    ? notEstimable([{ detail: short.detail('this group'), brief: short.brief }])
    : null;
  const errorWithout = proportionEstimate(c.errors, c.stays, level);
  const errorAccepted = short ? null : proportionEstimate(errorsAccepted(c), accepted(c), level);
  const isReference = ref === c;
  const gap = ref && !isReference ? gapTo(c, ref, minGroupSize, level) : null;
  return {
    group: c.name,
    suppressed: false,
    stays: c.stays,
    queued: c.queued,
    queuedShare: proportionEstimate(c.queued, c.stays, level),
    errors: c.errors,
    errorsQueued: c.errorsQueued,
    errorWithout,
    accepted: accepted(c),
    errorsAccepted: errorsAccepted(c),
    errorAccepted,
    acceptedNotEstimable,
    change:
      errorAccepted && errorAccepted.estimate !== null && errorWithout.estimate !== null
        ? errorAccepted.estimate - errorWithout.estimate
        : null,
    isReference,
    gap,
    acceptedErrorRises: errorAccepted !== null && acceptedErrorRises(c, level),
    gapWidens: gap?.widens === true && gap.with !== null && excludesZero(gap.with),
  };
}

function queuePartition(
  partition: Partition,
  stays: readonly QueueStay[],
  rule: ReferenceRule,
  minGroupSize: number,
  level: number,
): QueueAttribute {
  const counts = partition.groups.map((g) => countsOf(g, stays));
  const reported = counts.filter((c) => c.stays >= minGroupSize);
  const reference = chooseReference(partition.attribute, reported, rule);
  const ref = reported.find((c) => c.name === reference.group);
  const groups = counts.map((c): QueueGroupReport =>
    c.stays >= minGroupSize
      ? reportGroup(c, ref, minGroupSize, level)
      : {
          group: c.name,
          suppressed: true,
          size: `<${minGroupSize}`,
          reason: suppressedReason(minGroupSize),
        },
  );
  return { attribute: partition.attribute, kind: partition.kind, reference, groups };
}

/** The queue by subgroup of one run's audited stays (see the file's comment). */
export function queueBySubgroup(
  stays: readonly QueueStay[],
  attributesByStay: AttributesByStay,
  options: QueueBySubgroupOptions = {},
): QueueBySubgroup {
  const { reference = 'largest', minGroupSize = DEFAULT_MIN_GROUP_SIZE, level = 0.95 } = options;
  checkMinimum('minGroupSize', minGroupSize);
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  if (new Set(stays.map((s) => s.stayId)).size !== stays.length)
    throw new RangeError('queueBySubgroup: a stay id is repeated');
  const partitions = auditedAttributes(stays, attributesByStay, options.attributes).map((a) =>
    partitionBy(stays, attributesByStay, a),
  );
  for (const [a, b] of options.intersections ?? []) {
    partitions.push(
      intersect(
        partitionBy(stays, attributesByStay, a),
        partitionBy(stays, attributesByStay, b),
        stays.length,
      ),
    );
  }
  const attributes = partitions.map((p) =>
    queuePartition(p, stays, reference, minGroupSize, level),
  );
  const reported = attributes.flatMap((a) =>
    a.groups.filter((g): g is QueueGroup => !g.suppressed),
  );
  return {
    stays: stays.length,
    queued: stays.filter((s) => s.queued).length,
    parameters: { reference, minGroupSize, level },
    attributes,
    flagged: {
      acceptedErrorRises: reported.filter((g) => g.acceptedErrorRises).length,
      gapWidens: reported.filter((g) => g.gapWidens).length,
    },
  };
}
