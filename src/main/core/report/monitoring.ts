/**
 * Section 6, in the app's words (MonitoringView.vue, monitoring-text.ts): what the charts
 * found, in sentences, then the p-chart of outcomes, the VLAD and CUSUM, the funnel plot when
 * the stays name a unit, the tables by period, by unit and by operating point, and whether the
 * model's inputs drifted (its sentence is among the findings; the table per input here).
 */
import { attributeName } from '../../../shared/attribute-words';
import {
  cusumConfig,
  funnelConfig,
  pChartConfig,
  vladConfig,
} from '../../../shared/charts/monitoring-charts';
import type { EvidenceCompositionReport, MonitoringGroup } from '../../../shared/monitoring';
import {
  attributeNoun,
  AWAITING_HEADER,
  COMPOSITION_SHIFT_HEADER,
  compositionExplanation,
  compositionPeriodHeader,
  compositionRows,
  compositionShiftRows,
  awaitingFinding,
  awaitingRows,
  awaitingSuppressedSentence,
  LEAD_TIME_HEADER,
  leadTimeFinding,
  leadTimeRows,
  periodTitle,
  inputDriftExplanation,
  GROUP_HEADER,
  INPUT_DRIFT_HEADER,
  inputDriftRows,
  groupRows,
  monitoringFindings,
  operatingPointRows,
  periodNoun,
  periodWords,
  POINT_HEADER,
  suppressedSentence,
} from '../../../shared/monitoring-text';
import type { PdfLayout } from './pdf-layout';
import { drawTable, type Column } from './pdf-table';
import { placeChart } from './report-charts';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

const SIZE = 6.8;
/** Periods a composition table holds side by side on the page; more continue in another. */
const COMPOSITION_PERIODS_PER_TABLE = 8;

const columns = (headers: readonly string[]): Column[] =>
  headers.map((header, i) => ({
    header: header === '' ? 'Group' : header,
    weight: i === 0 ? 2.6 : ['Stays', 'Outcomes'].includes(header) ? 1.1 : 2.2,
    align: i === 0 ? 'left' : 'right',
  }));

/** The groups shown as a table, and one sentence for those too small to show. */
function groupTable(
  layout: PdfLayout,
  heading: string,
  groups: readonly MonitoringGroup[],
  noun: { one: string; many: string },
  minGroupSize: number,
): void {
  const rows = groupRows(groups);
  const hidden = suppressedSentence(groups, noun, minGroupSize);
  layout.heading(heading);
  if (rows.length > 0) drawTable(layout, columns(GROUP_HEADER), rows, { zebra: true, size: SIZE });
  if (hidden !== null) layout.paragraph(hidden, { size: SIZE + 1 });
}

export function drawMonitoring(layout: PdfLayout, data: ReportData): void {
  const report = data.monitoring;
  const period = periodWords(report.period);
  layout.section('monitoring', SECTIONS.monitoring);
  layout.paragraph(
    `The audited stays by ${period}${report.unit === null ? '' : ` and by ${attributeName(report.unit).toLowerCase()}`}, in the charts registries use. Periods and units with fewer than ${report.minGroupSize} stays are not shown; figures below the bias audit's minimum counts are withheld.`,
  );
  layout.bullets(monitoringFindings(report));
  const shown = report.periods.filter((g) => !g.suppressed);
  if (shown.length >= 2) {
    layout.heading('Outcomes by period', 230);
    placeChart(
      layout,
      pChartConfig(report.eventChart, `Outcomes per stay by ${period}`, period),
      200,
      'Figure 6.1. p-chart: each period’s outcome rate against exact binomial limits (0.135% each side) around the pooled rate.',
    );
    layout.heading('Outcomes against the risks, stay by stay', 420);
    placeChart(
      layout,
      vladConfig(report.sequence),
      190,
      'Figure 6.2. Variable life-adjusted display.',
    );
    placeChart(
      layout,
      cusumConfig(report.sequence),
      190,
      'Figure 6.3. Risk-adjusted CUSUM (Steiner et al. 2000) with its simulated limit.',
    );
  } else {
    layout.paragraph(
      `Fewer than two periods have ${report.minGroupSize} stays or more, so no chart over time is drawn.`,
    );
  }
  groupTable(
    layout,
    `By ${period}`,
    report.periods,
    periodNoun(report.period),
    report.minGroupSize,
  );
  if (report.units !== null && report.unit !== null) {
    const unitWord = attributeName(report.unit);
    if (report.funnel !== null && report.funnel.points.length > 0) {
      layout.heading(`Observed ÷ expected outcomes by ${unitWord.toLowerCase()}`, 240);
      placeChart(
        layout,
        funnelConfig(report.funnel, unitWord),
        210,
        'Figure 6.4. Funnel plot (Spiegelhalter 2005): a unit outside the 99.8% limits differs by more than chance allows.',
      );
    }
    groupTable(
      layout,
      `By ${unitWord.toLowerCase()}`,
      report.units,
      attributeNoun(report.unit),
      report.minGroupSize,
    );
  }
  const awaiting = report.awaiting;
  if (awaiting) {
    layout.heading('Stays without an outcome yet');
    layout.paragraph(awaitingFinding(awaiting), { size: SIZE + 1 });
    const rows = awaitingRows(awaiting.periods);
    if (rows.length > 0)
      drawTable(
        layout,
        AWAITING_HEADER.map((header, i) => ({
          header: header === '' ? periodTitle(report.period) : header,
          weight: i === 0 ? 2.2 : i === 3 || i === 4 ? 2.4 : 1.3,
          align: i === 0 ? 'left' : 'right',
        })),
        rows,
        { zebra: true, size: SIZE },
      );
    const hidden = awaitingSuppressedSentence(awaiting, report);
    if (hidden !== null) layout.paragraph(hidden, { size: SIZE + 1 });
  }
  const lead = report.leadTime;
  if (lead) {
    layout.heading('How long before the outcome the model alerted');
    layout.paragraph(leadTimeFinding(lead), { size: SIZE + 1 });
    drawTable(
      layout,
      LEAD_TIME_HEADER.map((header, i) => ({
        header: header === '' ? 'Stays' : header,
        weight: i === 0 ? 2.2 : 1.6,
        align: i === 0 ? 'left' : 'right',
      })),
      leadTimeRows(lead),
      { zebra: true, size: SIZE },
    );
  }
  const drift = report.inputDrift;
  if (drift) {
    layout.heading("Have the model's inputs changed?");
    layout.paragraph(inputDriftExplanation(drift), { size: SIZE + 1 });
    drawTable(
      layout,
      INPUT_DRIFT_HEADER.map((header, i) => ({
        header: header === '' ? 'Input' : header,
        weight: i === 0 ? 2.6 : i === INPUT_DRIFT_HEADER.length - 1 ? 2.6 : 1.4,
        align: i === 0 || i === INPUT_DRIFT_HEADER.length - 1 ? 'left' : 'right',
      })),
      inputDriftRows(drift.inputs),
      { zebra: true, size: SIZE },
    );
  }
  if (report.evidenceComposition) drawComposition(layout, report.evidenceComposition);
  layout.heading('Operating points: other thresholds, from the stored risks');
  drawTable(layout, columns(POINT_HEADER), operatingPointRows(report.operatingPoints), {
    zebra: true,
    size: SIZE,
  });
}

/** Each period's shares, eight periods to a table, then the latest beside the reference. */
function drawComposition(layout: PdfLayout, c: EvidenceCompositionReport): void {
  layout.heading('What the evidence leans on');
  layout.paragraph(compositionExplanation(c), { size: SIZE + 1 });
  for (let start = 0; start < c.periods.length; start += COMPOSITION_PERIODS_PER_TABLE) {
    const indexes = c.periods.map((_, k) => k).slice(start, start + COMPOSITION_PERIODS_PER_TABLE);
    drawTable(
      layout,
      compositionPeriodHeader(c, indexes).map((header, i) => ({
        header: header === '' ? 'Evidence holds' : header,
        weight: i === 0 ? 2.6 : 1.2,
        align: i === 0 ? 'left' : 'right',
      })),
      compositionRows(c, 'share', indexes),
      { zebra: true, size: SIZE },
    );
  }
  if (c.latestPeriod === null) return;
  drawTable(
    layout,
    COMPOSITION_SHIFT_HEADER.map((header, i) => ({
      header: header === '' ? 'Evidence holds' : header,
      weight: i === 0 ? 2.6 : i === 1 || i === 2 ? 2 : 1.4,
      align: i === 0 ? 'left' : 'right',
    })),
    compositionShiftRows(c),
    { zebra: true, size: SIZE },
  );
}
