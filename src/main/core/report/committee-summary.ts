/**
 * Section 1: one page for a quality-improvement committee. The key figures with their
 * intervals, what the model does for care first, the statistics' own plain-language summary (which never states exhaustion
 * without the share the model's confidence explains), and what to read with care.
 */
import { describeBudget } from '../../../shared/abstention';
import { describeDecision, transportedCalibration } from '../../../shared/calibration';
import type { CohortStatistics } from '../../../shared/audit-statistics';
import { observedExpectedWords } from '../../../shared/care-words';
import { percentText } from '../../../shared/review-reason';
import { countOf, figure, percentPoint } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable } from './pdf-table';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';
import { counted } from '../../../shared/counted';
import { evidenceUnitsPhrase } from '../../../shared/evidence-units';

function cautions(data: ReportData): string[] {
  const { statistics: s, bias, run, cohort, abstentionAnalysis } = data;
  const out: string[] = abstentionAnalysis.warnings.map((w) => w.message);
  const transported = transportedCalibration(data.model.decision, run.provenance);
  if (transported) out.unshift(transported);
  if (data.model.training?.syntheticOnReal) {
    out.unshift(
      `The model was trained on the SYNTHETIC cohort “${data.model.training.trainingCohort}” and is applied here to real stays: its risks have no clinical validity.`,
    );
  }
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

/**
 * What the model does for care, before any figure of the method: the cover and this table
 * lead with them, as the dashboard and the terminal summary do.
 */
export function careRows(s: CohortStatistics): [string, string][] {
  const { care, confusion: k } = s;
  return [
    [
      'Stays with the outcome, and as the risks expected',
      `${care.events}; ${care.expectedEvents.toFixed(1)} expected: observed ÷ expected ${figure(care.observedExpected, 'units')}`,
    ],
    [
      'Sensitivity: outcomes caught',
      `${k.tp} of ${care.events}: ${figure(care.sensitivity, 'percent')}`,
    ],
    [
      'Specificity: stays without the outcome left alone',
      `${k.tn} of ${k.tn + k.fp}: ${figure(care.specificity, 'percent')}`,
    ],
    ['PPV: alerts that were right', `${k.tp} of ${care.alerts}: ${figure(care.ppv, 'percent')}`],
    ['Alerts per 100 stays', figure(care.alertsPer100Stays, 'units')],
  ];
}

/** The same figures as one sentence, for the cover, where a table of them would not fit. */
export function careSentence(s: CohortStatistics): string {
  const { care, confusion: k } = s;
  return (
    `${s.stays} stays audited, ${care.events} with the outcome. ` +
    `Sensitivity ${figure(care.sensitivity, 'percent')}: ${k.tp} of ${care.events} caught. ` +
    `Specificity ${figure(care.specificity, 'percent')}. ` +
    `PPV ${figure(care.ppv, 'percent')}: ${k.tp} of ${care.alerts} alerts right. ` +
    `Alerts per 100 stays ${figure(care.alertsPer100Stays, 'units')}. ` +
    `${observedExpectedWords(care)}.`
  );
}

/** The run's own review policy at its budget: the one meaning of "flagged" in the report. */
function reviewRows(data: ReportData): [string, string | { text: string; bold: boolean }][] {
  const analysis = data.abstentionAnalysis;
  const chosen = analysis.policies.find((p) => p.policy === analysis.policy);
  const all = chosen?.all ?? null;
  if (!all) {
    return [['Flagged for review', `— (${chosen?.unavailable ?? 'policy not scored'})`]];
  }
  return [
    [
      `Flagged for review (${analysis.policy} policy, ${describeBudget(analysis.budget)})`,
      {
        text: `${analysis.queueSize} stays; ${all.errorsFlagged} of the ${all.errors} wrong decisions among them`,
        bold: true,
      },
    ],
    ['Error enrichment in the queue (flagged ÷ accepted)', figure(all.enrichment, 'ratio')],
    [
      'Precision without → with review of flagged alerts',
      `${percentPoint(all.precisionWithout.estimate)} → ${figure(all.precisionWith, 'percent')}`,
    ],
    [
      'Sensitivity without → with',
      `${percentPoint(all.sensitivityWithout.estimate)} → ${figure(all.sensitivityWith, 'percent')}`,
    ],
  ];
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
    `The Tree-of-Evidence search was run on ${s.stays} stays of cohort “${cohort.name}” for the model predicting ${model.taskDescription ?? model.task}, deciding on ${describeDecision(model.decision)}. ` +
      `For each stay it looked for a few evidence units (${evidenceUnitsPhrase(run.provenance)}) that alone reproduce the model’s decision and risk; where it found none within ${model.params.maxSteps} steps the search is “exhausted”. ` +
      `A review policy ranks the stays by how likely their decision is wrong, and the review budget sizes the queue a clinician works through (Section 4).`,
  );
  layout.paragraph(data.abstentionAnalysis.verdict, { bold: true });
  drawTable(
    layout,
    [
      { header: 'Key figure', weight: 5 },
      { header: 'Value (95% CI)', weight: 6 },
    ],
    [
      ['Stays audited', `${s.stays}`],
      ...careRows(s),
      ['Discrimination of the model (AUROC)', figure(s.discrimination.auroc)],
      ['Average precision (AUPRC)', figure(s.discrimination.auprc)],
      [
        `Decisions at a threshold of ${percentText(s.parameters.threshold)} predicted risk`,
        `TP ${k.tp}, FP ${k.fp}, TN ${k.tn}, FN ${k.fn}`,
      ],
      ['Searches converged / exhausted', `${converged} / ${s.stays - converged}`],
      ['Exhausted among true positives', figure(e.byClass.TP.rate, 'percent')],
      ['Exhausted among false positives', figure(e.byClass.FP.rate, 'percent')],
      ['FP/TP exhaustion ratio', figure(e.fpTpRatio, 'ratio')],
      [
        'Same, where convergence was reachable (the search’s own signal)',
        `TP ${figure(e.reachableOnly.tpRate, 'percent')}; FP ${figure(e.reachableOnly.fpRate, 'percent')}`,
      ],
      ...reviewRows(data),
      ['Clinician review of the queue', `${countOf(a.review.reviewed, a.review.queued)} reviewed`],
      [
        'The paper’s rule: exhausted positive predictions',
        `${rule.abstained} (TP ${rule.tpAbstained}, FP ${rule.fpAbstained}); precision → ${percentPoint(rule.precisionWith.estimate)}`,
      ],
      [
        'Confidence-only rule (unreachable convergence, no search)',
        `withdraws ${conf.abstained} (TP ${conf.tpAbstained}, FP ${conf.fpAbstained}); precision → ${percentPoint(conf.precisionWith.estimate)}`,
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
  // The summary is one page: cautions that do not fit are counted, and every one of them is
  // also where its section lists it (abstention warnings in 4, suppressed groups in 5).
  layout.bulletsOnPage(
    cautions(data),
    (left) =>
      `${counted(left, 'more caution')} did not fit this page: Section 4 lists every abstention warning, Section 5 every suppressed group.`,
    { colour: COLOURS.muted },
  );
}
