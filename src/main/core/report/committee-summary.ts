/**
 * Section 1: one page for a quality-improvement committee. The key figures with their
 * intervals, the statistics' own plain-language summary (which never states exhaustion
 * without the share the model's confidence explains), and what to read with care.
 */
import { countOf, figure, percent, percentPoint } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable } from './pdf-table';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

function cautions(data: ReportData): string[] {
  const { statistics: s, bias, run, cohort } = data;
  const out: string[] = [];
  if (cohort.synthetic) {
    out.push(
      'The cohort is SYNTHETIC: these figures exercise the audit, they say nothing about patients.',
    );
  }
  if (run.status !== 'completed') {
    out.push(`The run is ${run.status}: ${run.doneStays} of ${run.totalStays} stays were audited.`);
  }
  if (s.confusion.tp + s.confusion.fp < 30) {
    out.push(
      `Only ${s.confusion.tp + s.confusion.fp} positive predictions: rates among them have wide intervals.`,
    );
  }
  if (bias.suppressed.length > 0) {
    out.push(
      `${bias.suppressed.length} subgroups have fewer than ${bias.parameters.minGroupSize} stays and are suppressed (Section 5 lists them).`,
    );
  }
  out.push(
    'An unflagged disparity means “not shown to differ”, never “shown to be equal” (Section 5).',
  );
  return out;
}

export function drawCommitteeSummary(layout: PdfLayout, data: ReportData): void {
  const { statistics: s, abstention: a, bias, run, model, cohort } = data;
  const k = s.confusion;
  const e = s.exhaustion;
  const rule = s.abstention.onExhaustion;
  const conf = s.abstention.onUnreachable;
  const converged = run.convergedStays ?? 0;
  layout.section('summary', SECTIONS.summary);
  layout.paragraph(
    `The Tree-of-Evidence search was run on ${s.stays} stays of cohort “${cohort.name}” for the model predicting ${model.taskDescription ?? model.task}. ` +
      `For each stay it looked for a few evidence units (hourly vital-sign windows, radiology-note chunks) that alone reproduce the model’s decision and risk. ` +
      `Where it found none within ${model.params.maxSteps} steps the search is “exhausted”, and a positive prediction (an alert) is flagged for abstention: withheld or sent to a clinician.`,
  );
  drawTable(
    layout,
    [
      { header: 'Key figure', weight: 5 },
      { header: 'Value (95% CI)', weight: 6 },
    ],
    [
      ['Stays audited', `${s.stays}`],
      ['Discrimination of the model (AUROC, p_full)', figure(s.discrimination.auroc)],
      ['Average precision (AUPRC)', figure(s.discrimination.auprc)],
      [
        `Decisions at threshold ${s.parameters.threshold}`,
        `TP ${k.tp}, FP ${k.fp}, TN ${k.tn}, FN ${k.fn}`,
      ],
      ['Searches converged / exhausted', `${converged} / ${s.stays - converged}`],
      ['Exhausted among true positives', percent(e.byClass.TP.rate)],
      ['Exhausted among false positives', percent(e.byClass.FP.rate)],
      ['FP/TP exhaustion ratio', figure(e.fpTpRatio, 2)],
      [
        'Same, where convergence was reachable (the search’s own signal)',
        `TP ${percent(e.reachableOnly.tpRate)}; FP ${percent(e.reachableOnly.fpRate)}`,
      ],
      [
        'Flagged for abstention (exhausted positive predictions)',
        { text: `${rule.abstained} (TP ${rule.tpAbstained}, FP ${rule.fpAbstained})`, bold: true },
      ],
      [
        'Precision without → with abstention',
        `${percentPoint(rule.precisionWithout.estimate)} → ${percentPoint(rule.precisionWith.estimate)} (gain ${percent(rule.precisionGained)})`,
      ],
      [
        'Sensitivity without → with abstention',
        `${percentPoint(rule.sensitivityWithout.estimate)} → ${percentPoint(rule.sensitivityWith.estimate)} (loss ${percent(rule.sensitivityLost)})`,
      ],
      [
        'Confidence-only rule (no search)',
        `withdraws ${conf.abstained} (TP ${conf.tpAbstained}, FP ${conf.fpAbstained}); precision → ${percentPoint(conf.precisionWith.estimate)}`,
      ],
      [
        'Clinician review of flagged alerts',
        `${countOf(a.review.flaggedPositiveReviewed, a.review.flaggedPositive)} reviewed`,
      ],
      [
        'Calibration error (ECE), full input vs evidence',
        `${figure(s.calibration.full.ece)} vs ${figure(s.calibration.evidence.ece)}`,
      ],
      [
        'Bias audit',
        {
          text: `${bias.comparisons.flagged} flagged of ${bias.comparisons.tested} tested comparisons; ${bias.suppressed.length} groups suppressed`,
          bold: bias.comparisons.flagged > 0,
          colour: bias.comparisons.flagged > 0 ? COLOURS.flag : COLOURS.text,
        },
      ],
    ],
    { zebra: true, size: 8 },
  );
  layout.heading('What the figures say');
  layout.bullets(s.summary);
  layout.heading('Read with care');
  layout.bullets(cautions(data), { colour: COLOURS.muted });
}
