/**
 * Section 3: how often the search exhausted, by outcome class, always beside reachability
 * (a stay whose p_full rules convergence out exhausts whatever its evidence), then how much
 * evidence the searches kept and how much of it came from notes.
 */
import { CONFUSION_CLASSES } from '../../../shared/audit-statistics';
import { hourlyWindowsOnly, TS_ONLY_SENTENCE } from '../../../shared/evidence-units';
import { evidenceSizeChart, exhaustionByClassChart } from '../../../shared/charts/audit-charts';
import { decimal, figure } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { drawTable } from './pdf-table';
import { placeChart } from './report-charts';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

const CLASS_NAMES = {
  TP: 'True positives (TP)',
  FP: 'False positives (FP)',
  TN: 'True negatives (TN)',
  FN: 'False negatives (FN)',
} as const;

function byClassTable(layout: PdfLayout, data: ReportData): void {
  const e = data.statistics.exhaustion;
  const rows = CONFUSION_CLASSES.map((c) => [
    CLASS_NAMES[c],
    String(e.byClass[c].stays),
    String(e.byClass[c].exhausted),
    figure(e.byClass[c].rate, 'percent'),
  ]);
  const exhausted = CONFUSION_CLASSES.reduce((n, c) => n + e.byClass[c].exhausted, 0);
  rows.push([
    'All stays',
    String(data.statistics.stays),
    String(exhausted),
    figure(e.overall, 'percent'),
  ]);
  drawTable(
    layout,
    [
      { header: 'Outcome class', weight: 4 },
      { header: 'Stays', weight: 1.5, align: 'right' },
      { header: 'Exhausted', weight: 1.5, align: 'right' },
      { header: 'Exhaustion rate (95% CI)', weight: 4, align: 'right' },
    ],
    rows,
    { boldRows: new Set([4]) },
  );
}

function reachabilityTable(layout: PdfLayout, data: ReportData): void {
  const e = data.statistics.exhaustion;
  const r = data.statistics.reachability;
  const x = e.explainedByReachability;
  drawTable(
    layout,
    [
      { header: 'Figure', weight: 6 },
      { header: 'Estimate (95% CI)', weight: 4, align: 'right' },
    ],
    [
      ['FP/TP exhaustion ratio, all stays', figure(e.fpTpRatio, 'ratio')],
      [
        `TP exhaustion rate, reachable only (${e.reachableOnly.tp} TP reachable)`,
        figure(e.reachableOnly.tpRate, 'percent'),
      ],
      [
        `FP exhaustion rate, reachable only (${e.reachableOnly.fp} FP reachable)`,
        figure(e.reachableOnly.fpRate, 'percent'),
      ],
      ['FP/TP ratio, reachable only', figure(e.reachableOnly.fpTpRatio, 'ratio')],
      [
        'Share of exhaustion explained by reachability, all exhausted stays',
        figure(x.all, 'percent'),
      ],
      ['… among exhausted positive predictions', figure(x.positive, 'percent')],
      ['… among exhausted TP', figure(x.tp, 'percent')],
      ['… among exhausted FP', figure(x.fp, 'percent')],
      ['Stays where convergence was unreachable', String(r.unreachableStays)],
      ['Unreachable yet converged (must be 0)', String(e.unreachableButConverged)],
      ['Recorded reachability disagreeing with the run’s τ (must be 0)', String(r.mismatches)],
    ],
    { zebra: true },
  );
}

function evidenceSizeTable(layout: PdfLayout, data: ReportData): void {
  const z = data.statistics.evidenceSize;
  const groups = [
    ['All stays', z.all],
    ['Outcome (label 1)', z.byOutcome.positive],
    ['No outcome (label 0)', z.byOutcome.negative],
    ['Model correct (ŷ = y)', z.byCorrectness.correct],
    ['Model wrong (ŷ ≠ y)', z.byCorrectness.incorrect],
  ] as const;
  drawTable(
    layout,
    [
      { header: 'Stays', weight: 4 },
      { header: 'n', weight: 1.2, align: 'right' },
      { header: 'Mean |E| (95% CI)', weight: 3.5, align: 'right' },
      { header: 'Median |E| (95% CI)', weight: 3.5, align: 'right' },
    ],
    groups.map(([name, g]) => [
      name,
      String(g.n),
      figure(g.mean, 'units'),
      figure(g.median, 'units'),
    ]),
    { zebra: true },
  );
}

export function drawExhaustion(layout: PdfLayout, data: ReportData): void {
  const s = data.statistics;
  const r = s.reachability;
  const p = s.parameters;
  layout.section('exhaustion', SECTIONS.exhaustion);
  layout.paragraph(
    `A search converges when its best evidence set reaches confidence C ≥ τ_conf = ${p.tauConf} and stability S ≥ τ_suff = ${p.tauSuff}; otherwise it exhausts its ${data.model.params.maxSteps} steps. ` +
      `With ${r.stability} stability, convergence is possible only if p_full ≥ ${decimal(r.positiveAtLeast)} for a positive decision or p_full ≤ ${decimal(r.negativeAtMost)} for a negative one. ` +
      `Outside that band a search exhausts whatever the evidence: such an exhaustion restates the model’s low confidence and is not something the search found.`,
  );
  layout.heading('Exhaustion by outcome class', 260);
  byClassTable(layout, data);
  placeChart(
    layout,
    exhaustionByClassChart(
      s.exhaustion.byClass,
      `${s.stays} stays; black bars: bootstrap 95% CI (${p.resamples} resamples, seed ${p.seed})`,
    ),
    190,
    'Figure 3.1. Share of searches that exhausted, by outcome class (exhausted of stays in the label).',
  );
  layout.heading('Reachability: what the model’s confidence alone explains');
  reachabilityTable(layout, data);
  layout.heading('Evidence size and modality', 120);
  evidenceSizeTable(layout, data);
  layout.paragraph(
    hourlyWindowsOnly(data.run.provenance)
      ? `${TS_ONLY_SENTENCE} All ${s.modality.evidenceUnits} evidence units are hourly windows.`
      : `Note chunks are ${figure(s.modality.noteUnitShare, 'percent')} of all ${s.modality.evidenceUnits} evidence units (${s.modality.noteUnits} note units); ` +
          `${s.modality.staysWithNotes} stays (${figure(s.modality.staysWithNotesShare, 'percent')}) kept at least one note chunk.`,
  );
  const z = s.evidenceSize;
  placeChart(
    layout,
    evidenceSizeChart(
      z,
      'outcome',
      `share of each group; an exhausted search keeps up to S_max = ${data.model.params.maxSteps} units`,
    ),
    165,
    'Figure 3.2. Distribution of the evidence size |E| by true outcome.',
  );
  placeChart(
    layout,
    evidenceSizeChart(z, 'correctness', 'share of each group'),
    165,
    'Figure 3.3. Distribution of the evidence size |E| by whether the full-input decision was correct.',
  );
}
