/**
 * Section 2: the model's own performance on the audited stays (discrimination, decisions at
 * the threshold, calibration) and how faithfully the evidence alone reproduces it. The
 * reliability diagram is the shared chart definition the app draws too.
 */
import { fullVsEvidenceReliabilityChart } from '../../../shared/charts/audit-charts';
import { decimal, figure } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { drawTable } from './pdf-table';
import { placeChart } from './report-charts';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

function confusionTable(layout: PdfLayout, data: ReportData): void {
  const { tp, fp, tn, fn } = data.statistics.confusion;
  const t = data.statistics.parameters.threshold;
  drawTable(
    layout,
    [
      { header: `Decision at threshold ${decimal(t)}`, weight: 4 },
      { header: 'Outcome (label 1)', weight: 2, align: 'right' },
      { header: 'No outcome (label 0)', weight: 2, align: 'right' },
      { header: 'Total', weight: 2, align: 'right' },
    ],
    [
      [`Predicted positive (p_full ≥ ${t})`, `TP ${tp}`, `FP ${fp}`, `${tp + fp}`],
      [`Predicted negative (p_full < ${t})`, `FN ${fn}`, `TN ${tn}`, `${fn + tn}`],
      ['Total', `${tp + fn}`, `${fp + tn}`, `${tp + fp + tn + fn}`],
    ],
    { boldRows: new Set([2]) },
  );
}

function calibrationBins(layout: PdfLayout, data: ReportData): void {
  const { full, evidence } = data.statistics.calibration;
  drawTable(
    layout,
    [
      { header: 'Bin of predicted probability', weight: 3 },
      { header: 'n (p_full)', weight: 1.4, align: 'right' },
      { header: 'mean p_full', weight: 1.6, align: 'right' },
      { header: 'observed rate (95% CI)', weight: 3.4, align: 'right' },
      { header: 'n (p_E)', weight: 1.4, align: 'right' },
      { header: 'mean p_E', weight: 1.6, align: 'right' },
      { header: 'observed rate (95% CI)', weight: 3.4, align: 'right' },
    ],
    full.curve.map((bin, b) => {
      const ev = evidence.curve[b]!;
      const last = b === full.curve.length - 1;
      return [
        `[${bin.lower.toFixed(1)}, ${bin.upper.toFixed(1)}${last ? ']' : ')'}`,
        String(bin.count),
        decimal(bin.meanPredicted),
        bin.count === 0 ? '— (empty bin)' : figure(bin.observedRate),
        String(ev.count),
        decimal(ev.meanPredicted),
        ev.count === 0 ? '— (empty bin)' : figure(ev.observedRate),
      ];
    }),
    { zebra: true },
  );
}

export function drawPerformance(layout: PdfLayout, data: ReportData): void {
  const s = data.statistics;
  const f = s.faithfulness;
  layout.section('performance', SECTIONS.performance);
  layout.heading('Discrimination and decisions');
  drawTable(
    layout,
    [
      { header: 'Figure (full input, p_full)', weight: 5 },
      { header: 'Estimate (95% CI)', weight: 4, align: 'right' },
    ],
    [
      ['AUROC', figure(s.discrimination.auroc)],
      ['AUPRC (average precision)', figure(s.discrimination.auprc)],
      ['Expected calibration error (10 equal-width bins)', figure(s.calibration.full.ece)],
    ],
  );
  confusionTable(layout, data);
  const recorded = data.model.bundle?.recordedTest;
  if (recorded) {
    layout.paragraph(
      `For comparison, the bundle recorded a fused test-split AUROC of ${decimal(recorded.auroc)} on ${recorded.stays} stays of its training cohort “${data.model.bundle!.trainingCohort}” when it was made.`,
    );
  }
  layout.heading('Calibration: full input and evidence alone', 250);
  placeChart(
    layout,
    fullVsEvidenceReliabilityChart(
      s.calibration,
      `${s.stays} stays, 10 equal-width bins, empty bins omitted; vertical bars: bootstrap 95% CI of the observed rate`,
    ),
    215,
    'Figure 2.1. Reliability diagram. A curve below the diagonal means the model over-predicts risk in that range; p_E is the probability from the evidence set alone.',
  );
  calibrationBins(layout, data);
  layout.heading('Faithfulness of the evidence');
  drawTable(
    layout,
    [
      { header: 'Figure', weight: 3 },
      { header: 'Estimate (95% CI)', weight: 3, align: 'right' },
      { header: 'What it says', weight: 6 },
    ],
    [
      [
        'Sufficiency AUROC',
        figure(f.sufficiencyAuroc),
        'Does the evidence alone rank outcomes like the model?',
      ],
      ['Sufficiency AUPRC', figure(f.sufficiencyAuprc), 'The same, as average precision.'],
      [
        'Fidelity MAE',
        figure(f.fidelityMae),
        'Mean |p_full − p_E|: how far the evidence alone moves the risk.',
      ],
      [
        'Comprehensiveness',
        figure(f.comprehensiveness),
        'Mean drop in the decision’s probability when the evidence is removed.',
      ],
      [
        'Decision agreement',
        figure(f.decisionAgreement, 'percent'),
        'Share of stays whose evidence alone gives the same decision.',
      ],
    ],
    { zebra: true },
  );
}
