/**
 * Section 4: the run's review policy and budget, every policy compared with the model's own
 * error estimate at one queue size (risk–coverage, AURC, AUGRC, enrichment at the budget,
 * among all and among reachable stays, the likelihood-ratio test and one plain verdict), the
 * guaranteed cut's outcome when there is one; the paper's rule beside the
 * confidence-only rule it must beat; why searches exhausted; the review queue and its reviews.
 */
import {
  ABSTENTION_POLICY_LABELS,
  describeBudget,
  referenceComparisonWords,
  type AbstentionPolicyName,
  type GuaranteeOutcome,
  type PolicyFigures,
} from '../../../shared/abstention';
import { riskCoverageChart } from '../../../shared/charts';
import type { AbstentionFigures } from '../../../shared/audit-statistics';
import type { AbstentionReason } from '../audit/statistics-index';
import { countOf, decimal, figure, percentPoint } from './figure-format';
import { drawQueueBySubgroup } from './queue-subgroups';
import { placeChart } from './report-charts';
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable } from './pdf-table';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

/** The queue's list is cut here; the CSV export has every row. */
const MAX_LISTED = 60;

/** Reasons an exhausted search gives (every reason but 'converged'). */
const EXHAUSTION_REASONS = [
  'unreachable',
  'both',
  'confidence',
  'stability',
  'unexplained',
] as const satisfies readonly AbstentionReason[];

const REASON_TEXT: Record<AbstentionReason, string> = {
  unreachable: 'p_full made convergence impossible: the model was not confident enough',
  both: 'reachable; the best evidence missed both τ_conf and τ_suff',
  confidence: 'reachable; the best evidence missed τ_conf (confidence)',
  stability: 'reachable; the best evidence missed τ_suff: it moved the risk too far from p_full',
  unexplained: 'reachable and both thresholds met: inconsistent results, investigate',
  converged: 'the search converged (listed for its review score, not for exhaustion)',
};

function ruleRow(name: string, a: AbstentionFigures): string[] {
  return [
    name,
    `${a.abstained} (TP ${a.tpAbstained}, FP ${a.fpAbstained})`,
    `${percentPoint(a.precisionWithout.estimate)} → ${percentPoint(a.precisionWith.estimate)}`,
    figure(a.precisionGained, 'points'),
    `${percentPoint(a.sensitivityWithout.estimate)} → ${percentPoint(a.sensitivityWith.estimate)}`,
    figure(a.sensitivityLost, 'points'),
  ];
}

/** AURC − the reference's; for search-based policies the interval the verdict reads. */
function referenceDifference(p: PolicyFigures, reference: AbstentionPolicyName): string {
  const words = referenceComparisonWords(p, reference);
  const shown = p.aurcVsReferenceAdjusted ?? p.aurcVsReference;
  if (words !== null || !shown) return words ?? '—';
  return `${figure(shown, 'fine-signed')}${p.aurcVsReferenceAdjusted ? ' adj.' : ''}`;
}

function guaranteeLines(g: GuaranteeOutcome): [string, string][] {
  const validation = g.certified
    ? `${g.acceptedValidation} of ${g.validationStays} validation stays accepted, ${g.errorsAcceptedValidation} wrong; bound ${decimal(g.validationBound ?? 1)} ≤ ${g.alpha}`
    : `no cut certified on ${g.validationStays} validation stays: every stay is queued`;
  const audited =
    g.errorRateAcceptedAudited.estimate === null
      ? 'no stay accepted'
      : `${g.errorsAcceptedAudited} of ${g.acceptedAudited} accepted stays wrong: ${figure(g.errorRateAcceptedAudited, 'percent')}`;
  const held =
    g.held === null
      ? 'nothing accepted to check'
      : g.held
        ? `held (${g.errorsAcceptedAudited} of ${g.acceptedAudited} ≤ ${g.alpha})`
        : g.cappedByBudget
          ? 'not in force: the review budget capped the queue'
          : `not held (above ${g.alpha})`;
  return [
    ['Promise', `error ≤ ${g.alpha} among accepted decisions, with probability ≥ ${1 - g.delta}`],
    ['On the validation split', validation],
    ['On the audited split', audited],
    ['Outcome', held],
  ];
}

function policyRow(
  p: PolicyFigures,
  chosen: AbstentionPolicyName,
  reference: AbstentionPolicyName,
): string[] {
  const name = p.policy === chosen ? `${p.policy} (this run)` : p.policy;
  if (p.unavailable !== null || p.all === null) {
    return [
      name,
      '—',
      '—',
      '—',
      p.aurc ? figure(p.aurc, 'fine') : '—',
      p.augrc ? figure(p.augrc, 'fine') : '—',
      '—',
      p.unavailable ?? '',
    ];
  }
  const all = p.all;
  return [
    name,
    `${all.flagged}`,
    `${all.errorsFlagged} of ${all.errors}`,
    figure(all.enrichment, 'ratio'),
    p.aurc ? figure(p.aurc, 'fine') : '—',
    p.augrc ? figure(p.augrc, 'fine') : '—',
    referenceDifference(p, reference),
    `${percentPoint(all.precisionWithout.estimate)} → ${percentPoint(all.precisionWith.estimate)}; ${percentPoint(all.sensitivityWithout.estimate)} → ${percentPoint(all.sensitivityWith.estimate)}`,
  ];
}

function reachableRow(p: PolicyFigures): string[] {
  const r = p.reachable;
  if (p.unavailable !== null || r === null) return [p.policy, '—', '—', '—', '—'];
  return [
    p.policy,
    `${r.stays}`,
    `${r.flagged}`,
    `${r.errorsFlagged} of ${r.errors}`,
    figure(r.enrichment, 'ratio'),
  ];
}

function queueList(layout: PdfLayout, data: ReportData): void {
  const rows = data.abstention.rows;
  if (rows.length === 0) {
    layout.paragraph('The policy flags no stay at this budget: the review queue is empty.');
    return;
  }
  const shown = rows.slice(0, MAX_LISTED);
  drawTable(
    layout,
    [
      { header: 'Rank', weight: 0.8, align: 'right' },
      { header: 'Stay', weight: 3 },
      { header: 'p_full', weight: 1.1, align: 'right' },
      { header: 'Outcome', weight: 1.1 },
      { header: 'Search', weight: 2 },
      { header: '|E|', weight: 0.7, align: 'right' },
      { header: 'Review', weight: 3.4 },
    ],
    shown.map((r) => [
      String(r.rank),
      r.stayKey,
      decimal(r.pFull),
      r.outcome,
      r.reason,
      String(r.evidenceSize),
      r.review
        ? `${r.review.verdict}${r.review.comment ? `: ${r.review.comment}` : ''}`
        : 'not reviewed',
    ]),
    { zebra: true },
  );
  if (rows.length > shown.length) {
    layout.paragraph(
      `${rows.length - shown.length} more flagged stays are not listed; \`toe abstentions ${data.run.id} --csv FILE\` writes every one.`,
      { colour: COLOURS.muted },
    );
  }
}

export function drawAbstention(layout: PdfLayout, data: ReportData): void {
  const { abstention: q, abstentionAnalysis: analysis, statistics: s } = data;
  const a = s.abstention;
  layout.section('abstention', SECTIONS.abstention);
  layout.paragraph(
    `A review policy ranks every audited stay by how likely its decision is wrong; the review budget (${describeBudget(analysis.budget)}) sizes the queue. ` +
      `This run uses the ${analysis.policy} policy: ${ABSTENTION_POLICY_LABELS[analysis.policy]}. ` +
      'Every policy is compared with the model’s own estimate that its decision is wrong, on the same stays and at the same queue size, with paired bootstrap intervals; policies fitted on the validation split were fitted before any test stay was seen.',
  );
  layout.paragraph(analysis.verdict, { bold: true });
  for (const warning of analysis.warnings) {
    layout.paragraph(`Warning: ${warning.message}`, { colour: COLOURS.flag });
  }
  layout.heading('Policies compared at the budget');
  drawTable(
    layout,
    [
      { header: 'Policy', weight: 2.4 },
      { header: 'Flagged', weight: 1.1, align: 'right' },
      { header: 'Errors flagged', weight: 1.5 },
      { header: 'Enrichment (95% CI)', weight: 2.4 },
      { header: 'AURC (95% CI)', weight: 2.4 },
      { header: 'AUGRC (95% CI)', weight: 2.4 },
      { header: 'AURC − reference', weight: 2.6 },
      { header: 'Precision; sensitivity without → with', weight: 3.4 },
    ],
    analysis.policies.map((p) => policyRow(p, analysis.policy, analysis.reference)),
    { zebra: true, size: 7 },
  );
  layout.paragraph(
    `Every queue holds ${analysis.comparedQueueSize} stays, the ones each policy ranks most likely wrong, so the columns compare like with like. ` +
      'Enrichment is the error rate among flagged stays divided by the error rate among accepted ones (Katz interval). AURC and AUGRC are areas under the risk–coverage and generalized risk–coverage curves (lower is better; paired bootstrap). ' +
      `“adj.” marks an interval widened for the number of search-based policies compared (Bonferroni), the one the verdict reads. The reference is ${analysis.reference}: ${ABSTENTION_POLICY_LABELS[analysis.reference]}. ` +
      '“With” withdraws the flagged positive predictions (alerts held for review).',
    { colour: COLOURS.muted },
  );
  if (analysis.guarantee) {
    layout.heading('The guarantee on accepted decisions');
    layout.keyValues(guaranteeLines(analysis.guarantee));
  }
  placeChart(
    layout,
    riskCoverageChart(analysis, `${s.stays} stays; the grey line is the review budget`),
    190,
  );
  layout.heading('Among stays where convergence was reachable');
  drawTable(
    layout,
    [
      { header: 'Policy', weight: 2.4 },
      { header: 'Reachable stays', weight: 1.6, align: 'right' },
      { header: 'Flagged', weight: 1.2, align: 'right' },
      { header: 'Errors flagged', weight: 1.6 },
      { header: 'Enrichment (95% CI)', weight: 2.6 },
    ],
    analysis.policies.map(reachableRow),
    { zebra: true, size: 7 },
  );
  const test = analysis.traceFeatureTest;
  layout.paragraph(
    test
      ? `Likelihood-ratio test of the trace features (${test.features.join(', ')}) beyond the model’s own confidence and decision, on ${test.stays} stays with ${test.errors} wrong decisions: χ² = ${test.statistic.toFixed(2)} on ${test.degreesOfFreedom} df, p = ${formatP(test.pValue)}.` +
          (test.aliased.length > 0
            ? ` Left out as a combination of the others on these stays: ${test.aliased.join(', ')}.`
            : '')
      : 'Too few wrong (or right) decisions for the likelihood-ratio test of the trace features.',
  );
  drawQueueBySubgroup(layout, analysis);
  layout.heading('The paper’s rule: abstain on exhausted positive predictions');
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
  layout.heading('Why the searches exhausted');
  drawTable(
    layout,
    [
      { header: 'Reason', weight: 2 },
      { header: 'Stays', weight: 1, align: 'right' },
      { header: 'Meaning', weight: 8 },
    ],
    EXHAUSTION_REASONS.map((reason) => [reason, String(q.byReason[reason]), REASON_TEXT[reason]]),
    { zebra: true },
  );
  layout.heading('Clinician review');
  layout.keyValues([
    ['Review queue', `${q.review.queued} stays flagged by the ${analysis.policy} policy`],
    ['Reviewed', countOf(q.review.reviewed, q.review.queued)],
    [
      'Verdicts',
      `agree ${q.review.agree}, disagree ${q.review.disagree}, discuss ${q.review.discuss}`,
    ],
    [
      'Flagged alerts reviewed',
      countOf(q.review.flaggedPositiveReviewed, q.review.flaggedPositive),
    ],
    ['Reviews recorded for the run', `${q.review.allReviews} (including stays not flagged)`],
  ]);
  layout.heading('The review queue, most likely wrong first');
  queueList(layout, data);
}

const formatP = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(p < 0.01 ? 3 : 2));
