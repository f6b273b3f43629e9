/**
 * Section 4's table of the review queue by patient group (docs/abstention.md, "The queue by
 * subgroup"): per group of each attribute, the share queued, the error rate with no queue
 * and among the decisions the queue leaves standing, the gap to the reference group without
 * and with the queue, and the flags in words. Suppressed groups are listed with their reason.
 */
import type { AbstentionAnalysis } from '../../../shared/abstention';
import {
  queueFlagsOf,
  type QueueAttribute,
  type QueueGroupReport,
} from '../../../shared/queue-subgroups';
import { figure } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { drawTable, type Cell } from './pdf-table';
import { COLOURS } from './report-style';

const withoutReason = (reason: string) => reason.replace(/^not estimable: /, 'not shown: ');

function groupRow(g: QueueGroupReport): Cell[] {
  if (g.suppressed) {
    return [
      g.group,
      g.size,
      { text: 'not shown: too few stays', colour: COLOURS.muted },
      '',
      '',
      '',
      '',
    ];
  }
  const accepted = g.errorAccepted
    ? `${g.errorsAccepted} of ${g.accepted}: ${figure(g.errorAccepted, 'percent')}`
    : withoutReason(g.acceptedNotEstimable?.reason ?? '');
  const gap = g.isReference
    ? 'reference'
    : g.gap === null
      ? 'no reference'
      : `${figure(g.gap.without, 'points')} → ${g.gap.with ? figure(g.gap.with, 'points') : withoutReason(g.gap.notEstimable?.reason ?? '')}`;
  const flags = queueFlagsOf(g);
  return [
    g.group,
    String(g.stays),
    `${g.queued}: ${figure(g.queuedShare, 'percent')}`,
    `${g.errors} of ${g.stays}: ${figure(g.errorWithout, 'percent')}`,
    accepted,
    gap,
    flags.length > 0 ? { text: flags.join('; '), bold: true, colour: COLOURS.flag } : 'none',
  ];
}

function attributeTable(layout: PdfLayout, a: QueueAttribute): void {
  const reference = a.reference.group
    ? `reference group ${a.reference.group}`
    : 'no reference group';
  layout.paragraph(
    `${a.attribute} (${reference}${a.reference.note ? `: ${a.reference.note}` : ''})`,
    { bold: true, gapAfter: 2 },
  );
  drawTable(
    layout,
    [
      { header: 'Group', weight: 1.8 },
      { header: 'Stays', weight: 0.8, align: 'right' },
      { header: 'In the queue (95% CI)', weight: 2.2 },
      { header: 'Wrong, no queue (95% CI)', weight: 2.4 },
      { header: 'Wrong among decisions left standing', weight: 2.6 },
      { header: 'Gap to the reference: no queue → with the queue', weight: 3.4 },
      { header: 'Flags', weight: 2 },
    ],
    a.groups.map(groupRow),
    { zebra: true, size: 7 },
  );
}

export function drawQueueBySubgroup(layout: PdfLayout, analysis: AbstentionAnalysis): void {
  layout.heading('Does the queue serve every patient group alike?');
  const s = analysis.subgroups;
  if (!s) {
    layout.paragraph(
      analysis.queueSize === 0
        ? 'The queue is empty, so there is nothing to compare between groups.'
        : 'The audited stays have no recorded attributes, so the queue cannot be compared between groups.',
    );
    return;
  }
  layout.paragraph(
    'A queue that catches one group’s wrong decisions but not another’s can widen the gap between them. ' +
      'For each group: how many of its stays the queue takes, how often the model’s decisions for the group are wrong with no queue and among the decisions the queue leaves standing, ' +
      'and the gap to the reference group (the largest group with a recorded value) without and with the queue, in percentage points. ' +
      '“Accepted error rises”: the queue took a smaller share of the group’s wrong decisions than of its stays. ' +
      '“Gap to the reference widens”: the difference from the reference group is larger with the queue than without. ' +
      'Flags describe these stays; the 95% intervals (exact for the rates, Newcombe’s for the gaps) say how sure each figure is.',
  );
  const { acceptedErrorRises: rises, gapWidens: widens } = s.flagged;
  layout.paragraph(
    rises === 0 && widens === 0
      ? 'In no group does the queue raise the error among the decisions it lets stand, or widen the gap to the reference group.'
      : `The error among the decisions left standing rises in ${rises} ${rises === 1 ? 'group' : 'groups'}, and the gap to the reference group widens in ${widens} ${widens === 1 ? 'group' : 'groups'}.`,
    { bold: true },
  );
  for (const a of s.attributes) attributeTable(layout, a);
  const suppressed = s.attributes.flatMap((a) => a.groups.filter((g) => g.suppressed));
  if (suppressed.length > 0) {
    layout.paragraph(
      `Groups not shown: ${suppressed[0]!.reason}, as in the bias audit. The error among the decisions left standing likewise needs at least ${s.parameters.minGroupSize} accepted stays.`,
      { colour: COLOURS.muted },
    );
  }
}
