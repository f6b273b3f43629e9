/**
 * Section 7: three stays chosen by fixed rules (example-selection.ts), each with what the
 * search did step by step, the evidence it kept (vital-sign windows drawn and listed, note
 * chunks quoted in full) and what a reviewer said. An exhaustion that reachability forced is
 * said to be so, never presented as something the search discovered.
 */
import { stayVitalsChart, traceScoreChart } from '../../../shared/charts/trace-charts';
import { decimal, utcMinute } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable } from './pdf-table';
import { placeChart } from './report-charts';
import type { ExampleSlot, ExampleTrace, ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';
import { counted } from '../../../shared/counted';
import { HOURLY_WINDOWS_ONLY, hourlyWindowsOnly } from '../../../shared/evidence-units';

const steps = (n: number) => counted(n, 'step');

function statusText(x: ExampleTrace, data: ReportData): string {
  const r = x.result;
  if (r.status === 'converged') return `converged after ${steps(r.steps)}`;
  if (!r.reachable) {
    return `exhausted after ${steps(r.steps)}; convergence was unreachable from p_full = ${decimal(r.pFull)} (band: ≥ ${decimal(data.statistics.reachability.positiveAtLeast)} or ≤ ${decimal(data.statistics.reachability.negativeAtMost)}), so this exhaustion restates the model’s low confidence, not something the search found`;
  }
  return `exhausted after ${steps(r.steps)} although convergence was reachable: the search found no evidence set meeting both τ`;
}

function facts(layout: PdfLayout, x: ExampleTrace, data: ReportData): void {
  const r = x.result;
  layout.keyValues(
    [
      ['Stay', `${r.stayKey} (id ${r.stayId}), window start t0 ${utcMinute(x.t0)}`],
      [
        'Decision',
        `p_full = ${decimal(r.pFull)}, ŷ = ${r.yFull}, true label ${r.label}: ${x.outcome}`,
      ],
      ['Search', statusText(x, data)],
      [
        'Evidence kept',
        `${x.evidenceLabels.join(', ') || 'none'} (${counted(r.evidence.length, 'unit')}, ${counted(r.noteUnits, 'note chunk')})`,
      ],
      [
        'Evidence alone',
        `p_E = ${decimal(r.pEvidence)}, C = ${decimal(r.confidence)}, S = ${decimal(r.stability)}, score ${decimal(r.score)}; without it p = ${decimal(r.pWithoutEvidence)}`,
      ],
      ['States scored', String(r.statesScored)],
      [
        'Clinician review',
        x.review
          ? `${x.review.verdict}${x.review.comment ? `: “${x.review.comment}”` : ''} (${utcMinute(x.review.reviewedAt)})`
          : 'not reviewed',
      ],
    ],
    100,
  );
}

function stepsTable(layout: PdfLayout, x: ExampleTrace): void {
  drawTable(
    layout,
    [
      { header: 'Step', weight: 0.8, align: 'right' },
      { header: 'Leading state’s units', weight: 5 },
      { header: 'p', weight: 1, align: 'right' },
      { header: 'C', weight: 1, align: 'right' },
      { header: 'S', weight: 1, align: 'right' },
      { header: 'K', weight: 0.7, align: 'right' },
      { header: 'Score', weight: 1, align: 'right' },
      { header: 'Children scored', weight: 1.4, align: 'right' },
    ],
    x.steps.map((s) => [
      String(s.step),
      s.units.join(', '),
      decimal(s.p),
      decimal(s.confidence),
      decimal(s.stability),
      String(s.size),
      decimal(s.score),
      String(s.childrenScored),
    ]),
    { zebra: true },
  );
}

function evidence(layout: PdfLayout, x: ExampleTrace, data: ReportData, n: number): void {
  const tau = { tauConf: data.model.params.tauConf, tauSuff: data.model.params.tauSuff };
  placeChart(
    layout,
    traceScoreChart(
      x.steps.map((s) => ({ ...s })),
      tau,
      `Stay ${x.result.stayKey}: the leading state at each step`,
      `λ = ${data.model.params.lambda}, μ = ${data.model.params.mu}; the search stops once C ≥ τ_conf and S ≥ τ_suff`,
    ),
    150,
    `Figure 7.${n}a. Score, probability, confidence and stability of the leading state per step.`,
  );
  placeChart(
    layout,
    stayVitalsChart(
      x.vitals,
      x.windows,
      x.evidenceWindows,
      `Stay ${x.result.stayKey}: vital signs over the first ${x.windows} h`,
      x.evidenceWindows.length > 0
        ? `shaded: evidence windows ${x.evidenceWindows.map((t) => `W${t + 1}`).join(', ')}`
        : 'no vital-sign window in the evidence',
    ),
    175,
    `Figure 7.${n}b. Hourly means of the bedside vital signs; gaps are hours with nothing charted.`,
  );
  if (x.windowValues.length > 0) {
    layout.heading('Evidence windows: what was charted in each hour', 40);
    drawTable(
      layout,
      [
        { header: 'Window', weight: 1 },
        { header: 'Hourly means of every variable charted in that hour', weight: 11 },
      ],
      x.windowValues.map((w) => [w.label, w.values.join('; ') || 'nothing charted']),
      { zebra: true },
    );
  }
  if (x.evidenceNotes.length > 0) {
    layout.heading('Evidence note chunks, quoted in full', 50);
    for (const chunk of x.evidenceNotes) {
      layout.quote(`${chunk.label}, charted ${utcMinute(chunk.charttime)}`, chunk.text);
    }
  }
}

function drawSlot(layout: PdfLayout, slot: ExampleSlot, n: number, data: ReportData): void {
  const title = slot.example
    ? `7.${n} ${slot.title}: stay ${slot.example.result.stayKey}`
    : `7.${n} ${slot.title}: none in this run`;
  layout.heading(title, 120);
  layout.paragraph(`Selection rule: ${slot.rule}`, { colour: COLOURS.muted });
  if (!slot.example) {
    layout.paragraph(slot.absentReason ?? 'No stay qualifies.', { bold: true });
    return;
  }
  facts(layout, slot.example, data);
  layout.heading('Search steps', 80);
  stepsTable(layout, slot.example);
  evidence(layout, slot.example, data, n);
}

export function drawExampleTraces(layout: PdfLayout, data: ReportData): void {
  layout.section('traces', SECTIONS.traces);
  const units = hourlyWindowsOnly(data.run.provenance)
    ? `W1–W24 are the hourly vital-sign windows after t0 (${HOURLY_WINDOWS_ONLY}: the model has no note stream)`
    : 'W1–W24 are the hourly vital-sign windows after t0, N1–N20 the note chunks in time order';
  layout.paragraph(
    `Three stays are shown by fixed rules, so the examples cannot be picked to flatter the model. Units are labelled as in the app: ${units}. ` +
      'Each step of the search adds one unit to every state of the beam and keeps the best; the table shows the leading state of each step.',
  );
  // A shown stay starts its own page, unless the page holds only a slot with no stay (two
  // lines, which flow on): no page is left nearly empty.
  let lastShownOn: number | null = null;
  data.examples.forEach((slot, i) => {
    if (i > 0 && slot.example && layout.pageNumber === lastShownOn) layout.newPage();
    drawSlot(layout, slot, i + 1, data);
    if (slot.example) lastShownOn = layout.pageNumber;
  });
}
