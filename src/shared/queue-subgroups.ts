/**
 * The review queue by subgroup (issue 24; docs/abstention.md, "The queue by subgroup"):
 * abstention can widen the gaps in accuracy between groups (Jones, Sagawa, Koh, Kumar &
 * Liang, "Selective classification can magnify disparities across groups", ICLR 2021). Per
 * group of each attribute the bias audit groups by: how much of the group the queue takes,
 * the error rate of the group's decisions without the queue and among its accepted stays,
 * and the gap to a reference group without and with the queue. Plain JSON, made by the
 * core's queueBySubgroup (src/main/core/abstention/queue-subgroups.ts); it crosses IPC and
 * HTTP inside the AbstentionAnalysis.
 */
import type { NotEstimable, ReferenceRule } from './bias-audit';
import type { Estimate } from './estimate';

/** A group's gap to its attribute's reference group: this group's error rate − the reference's. */
export interface QueueGap {
  /** The reference group. */
  reference: string;
  /** Without the queue (every stay's decision stands), with Newcombe's interval. */
  without: Estimate;
  /**
   * Among accepted stays (the queue taken out), with Newcombe's interval; null when this
   * group's or the reference's error among accepted is not estimable (`notEstimable`).
   */
  with: Estimate | null;
  notEstimable: NotEstimable | null;
  /** |with| > |without| on the audited stays; null when `with` is null. */
  widens: boolean | null;
}

export interface QueueGroup {
  group: string;
  suppressed: false;
  stays: number;
  /** Stays of the group in the review queue. */
  queued: number;
  /** queued ÷ stays, Clopper–Pearson. */
  queuedShare: Estimate;
  /** Wrong decisions among the group's stays, and how many of them the queue holds. */
  errors: number;
  errorsQueued: number;
  /** errors ÷ stays, Clopper–Pearson: the group's error rate with no queue. */
  errorWithout: Estimate;
  /** Stays not queued (stays − queued) and the wrong decisions among them. */
  accepted: number;
  errorsAccepted: number;
  /**
   * errorsAccepted ÷ accepted, Clopper–Pearson: the error rate of the decisions the queue
   * lets stand. null when too few stays are accepted (`acceptedNotEstimable`).
   */
  errorAccepted: Estimate | null;
  acceptedNotEstimable: NotEstimable | null;
  /**
   * errorAccepted − errorWithout, the point estimate only: the accepted stays are part of
   * the group's stays, not an independent sample, so a two-sample interval does not apply.
   * null when errorAccepted is.
   */
  change: number | null;
  /** This group is its attribute's reference (its `gap` is null). */
  isReference: boolean;
  /** Null for the reference itself, or when the attribute has no reference. */
  gap: QueueGap | null;
  /**
   * The group's error among accepted stays is above its error without the queue (the queue
   * took a smaller share of the group's errors than of its stays) and Fisher's exact test of
   * the group's queued × wrong table rejects; false when not estimable.
   */
  acceptedErrorRises: boolean;
  /**
   * The gap to the reference is wider with the queue than without (`gap.widens`) and its
   * interval with the queue excludes 0; false when not compared.
   */
  gapWidens: boolean;
}

export interface QueueSuppressedGroup {
  group: string;
  suppressed: true;
  /** "<11", as the bias audit gives it: the exact count is not shown either. */
  size: string;
  reason: string;
}

export type QueueGroupReport = QueueGroup | QueueSuppressedGroup;

export interface QueueAttribute {
  /** The attribute, or "A & B" for an intersection. */
  attribute: string;
  kind: 'attribute' | 'intersection';
  reference: {
    rule: 'largest' | 'best' | 'requested';
    /** Null when no reported group with a known value can be the reference. */
    group: string | null;
    /** Why the rule could not be followed as asked, if so. */
    note: string | null;
  };
  groups: QueueGroupReport[];
}

export interface QueueBySubgroup {
  /** Audited stays and the queue's size over all of them. */
  stays: number;
  queued: number;
  parameters: {
    reference: ReferenceRule;
    /** Groups with fewer stays are suppressed; fewer accepted stays: no error among accepted. */
    minGroupSize: number;
    level: number;
  };
  attributes: QueueAttribute[];
  /** Groups flagged "accepted error rises", and "gap to the reference widens", over every attribute. */
  flagged: { acceptedErrorRises: number; gapWidens: number };
}

export type QueueFlag = 'acceptedErrorRises' | 'gapWidens';

/** The flags in words, the same on screen and in the PDF. */
export const QUEUE_FLAG_LABELS: Record<QueueFlag, string> = {
  acceptedErrorRises: 'accepted error rises',
  gapWidens: 'gap to the reference widens',
};

/** A reported group's raised flags, in words. */
export function queueFlagsOf(group: QueueGroup): string[] {
  return (['acceptedErrorRises', 'gapWidens'] as const)
    .filter((flag) => group[flag])
    .map((flag) => QUEUE_FLAG_LABELS[flag]);
}
