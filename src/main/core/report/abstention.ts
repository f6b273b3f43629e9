/**
 * Section 4: what abstaining on exhausted searches would do, always beside the
 * confidence-only rule it must beat; why each search in the queue exhausted; and how far
 * clinicians have reviewed the alerts it would withdraw.
 */
import type { AbstentionFigures, AbstentionReason } from '../audit/statistics-index';
import { countOf, decimal, percent, percentPoint } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable } from './pdf-table';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

/** The flagged-alert list is cut here; the CSV export has every row. */
const MAX_LISTED = 60;

const REASON_TEXT: Record<AbstentionReason, string> = {
  unreachable: 'p_full made convergence impossible: the model was not confident enough',
  both: 'reachable; the best evidence missed both τ_conf and τ_suff',
  confidence: 'reachable; the best evidence missed τ_conf (confidence)',
  stability: 'reachable; the best evidence missed τ_suff: it moved the risk too far from p_full',
  unexplained: 'reachable and both thresholds met: inconsistent results, investigate',
};

function ruleRow(name: string, a: AbstentionFigures): string[] {
  return [
    name,
    `${a.abstained} (TP ${a.tpAbstained}, FP ${a.fpAbstained})`,
    `${percentPoint(a.precisionWithout.estimate)} → ${percentPoint(a.precisionWith.estimate)}`,
    percent(a.precisionGained, 1, true),
    `${percentPoint(a.sensitivityWithout.estimate)} → ${percentPoint(a.sensitivityWith.estimate)}`,
    percent(a.sensitivityLost, 1, true),
  ];
}

function flaggedList(layout: PdfLayout, data: ReportData): void {
  const flagged = data.abstention.rows.filter((r) => r.predicted === 1);
  if (flagged.length === 0) {
    layout.paragraph(
      'No positive prediction exhausted its search: nothing is flagged for abstention.',
    );
    return;
  }
  const shown = flagged.slice(0, MAX_LISTED);
  drawTable(
    layout,
    [
      { header: 'Stay', weight: 3.2 },
      { header: 'p_full', weight: 1.2, align: 'right' },
      { header: 'Outcome', weight: 1.2 },
      { header: 'Reason', weight: 2 },
      { header: 'C', weight: 1.1, align: 'right' },
      { header: 'S', weight: 1.1, align: 'right' },
      { header: '|E|', weight: 0.8, align: 'right' },
      { header: 'Review', weight: 3.4 },
    ],
    shown.map((r) => [
      r.stayKey,
      decimal(r.pFull),
      r.outcome,
      r.reason,
      decimal(r.confidence),
      decimal(r.stability),
      String(r.evidenceSize),
      r.review
        ? `${r.review.verdict}${r.review.comment ? `: ${r.review.comment}` : ''}`
        : 'not reviewed',
    ]),
    { zebra: true },
  );
  if (flagged.length > shown.length) {
    layout.paragraph(
      `${flagged.length - shown.length} more flagged alerts are not listed; \`toe export\` writes every stay.`,
      { colour: COLOURS.muted },
    );
  }
}

export function drawAbstention(layout: PdfLayout, data: ReportData): void {
  const { abstention: q, statistics: s } = data;
  const a = s.abstention;
  layout.section('abstention', SECTIONS.abstention);
  layout.paragraph(
    'Abstaining withdraws a positive prediction (the alert is not raised, or goes to a clinician). Three rules are compared on the same stays: ' +
      'the paper’s rule (every exhausted search), the confidence-only rule (wherever p_full makes convergence unreachable, which needs no search), ' +
      'and exhaustion where convergence was reachable, which is exactly what the search adds. Credit the search only with the third rule.',
  );
  layout.heading('Effect of abstaining');
  drawTable(
    layout,
    [
      { header: 'Rule: abstain where…', weight: 3.4 },
      { header: 'Withdrawn', weight: 2.2 },
      { header: 'Precision', weight: 2 },
      { header: 'Gain (95% CI)', weight: 2.6, align: 'right' },
      { header: 'Sensitivity', weight: 2 },
      { header: 'Loss (95% CI)', weight: 2.6, align: 'right' },
    ],
    [
      ruleRow('the search exhausted (paper)', a.onExhaustion),
      ruleRow('convergence was unreachable (confidence only)', a.onUnreachable),
      ruleRow('the search exhausted although reachable', a.onReachableExhaustion),
    ],
    { zebra: true },
  );
  layout.paragraph(
    `Flagged for abstention (exhausted positive predictions): ${a.onExhaustion.abstained}.`,
    { bold: true },
  );
  layout.heading('Why the searches exhausted');
  drawTable(
    layout,
    [
      { header: 'Reason', weight: 2 },
      { header: 'Stays', weight: 1, align: 'right' },
      { header: 'Meaning', weight: 8 },
    ],
    (Object.keys(REASON_TEXT) as AbstentionReason[]).map((reason) => [
      reason,
      String(q.byReason[reason]),
      REASON_TEXT[reason],
    ]),
    { zebra: true },
  );
  layout.heading('Clinician review');
  layout.keyValues([
    [
      'Abstention queue',
      `${q.review.queued} exhausted searches (positive and negative predictions)`,
    ],
    ['Reviewed', countOf(q.review.reviewed, q.review.queued)],
    [
      'Verdicts',
      `agree ${q.review.agree}, disagree ${q.review.disagree}, discuss ${q.review.discuss}`,
    ],
    [
      'Flagged alerts reviewed',
      countOf(q.review.flaggedPositiveReviewed, q.review.flaggedPositive),
    ],
    ['Reviews recorded for the run', `${q.review.allReviews} (including converged stays)`],
  ]);
  layout.heading('Alerts flagged for abstention');
  flaggedList(layout, data);
}
