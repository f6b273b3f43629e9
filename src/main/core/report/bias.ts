/**
 * Section 5, in the app's order and words (BiasAuditView.vue): per group of every attribute,
 * named in words, the model's performance first (with the group's stays, events and
 * prevalence), then one disparity chart per performance figure; then the search's
 * faithfulness, likewise; then the figures not estimable, the disparities outside the band
 * with their corrected p-values and flags, every suppressed group, and how it was computed.
 * A figure whose own denominator is too small prints "not estimable" and its shortfall
 * ("0 events (min 10)") instead of a value.
 */
import {
  attributeTitle,
  FAITHFULNESS_METRICS as FAITHFULNESS,
  groupWords,
  GROUP_METRIC_WORDS,
  PERFORMANCE_METRICS as PERFORMANCE,
  type GroupMetric,
} from '../../../shared/bias-audit';
import {
  disparityChart,
  disparityChartHeight,
  disparityRows,
  type DisparityRow,
} from '../../../shared/charts/disparity-chart';
import type {
  AttributeAudit,
  Disparity,
  FaithfulnessMetric,
  GroupReport,
  MetricReport,
  PerformanceMetric,
  ReportedGroup,
} from '../audit/statistics-index';
import { decimal, figure } from './figure-format';
import type { PdfLayout } from './pdf-layout';
import { COLOURS } from './report-style';
import { drawTable, type Cell, type Column } from './pdf-table';
import { placeChart } from './report-charts';
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

const SIZE = 6.6;
const MAX_DISPARITIES = 40;

const metricName = (metric: GroupMetric) => GROUP_METRIC_WORDS[metric].name;
/** The chart's pixels per point of the page (report-charts.ts prints at 1.7 px per point). */
const CHART_PIXELS_PER_POINT = 1.7;
/** The estimate (with its mark) on one line, the interval on the next: narrow columns stay tidy. */
function twoLines(text: string, mark = ''): string {
  const at = text.indexOf(' (');
  return at < 0 ? `${text}${mark}` : `${text.slice(0, at)}${mark}\n${text.slice(at + 1)}`;
}

function metricCell(m: MetricReport): Cell {
  if (m.value === null) {
    // "not estimable", the count short ("2 events") and the minimum ("(min 10)") on lines of
    // their own, so narrow columns do not break them mid-phrase.
    const why = (m.notEstimable?.brief ?? '').replace(' (min', '\n(min');
    return {
      text: `not estimable\n${why}${m.isReference ? ' (ref)' : ''}`,
      colour: COLOURS.muted,
    };
  }
  const text = figure(m.value);
  if (m.isReference) return twoLines(text, ' (ref)');
  if (m.disparity?.flagged) return { text: twoLines(text, ' †'), bold: true, colour: COLOURS.flag };
  return twoLines(text);
}

function groupRows<M extends PerformanceMetric | FaithfulnessMetric>(
  audit: AttributeAudit,
  metrics: readonly M[],
  value: (g: ReportedGroup, m: M) => MetricReport,
  lead: (g: ReportedGroup) => string[],
  leadColumns: number,
): Cell[][] {
  return audit.groups.map((g: GroupReport): Cell[] => {
    if (g.suppressed) {
      // "suppressed" goes in the first wide column after the counts (n, positives).
      const row: Cell[] = Array.from({ length: 1 + leadColumns + metrics.length }, () => '');
      row[0] = groupWords(audit, g.group);
      row[1] = g.size;
      row[Math.max(2, leadColumns)] = { text: 'suppressed', colour: COLOURS.muted };
      return row;
    }
    return [groupWords(audit, g.group), ...lead(g), ...metrics.map((m) => metricCell(value(g, m)))];
  });
}

/** "65–79 years, the largest group with enough events to compare", as the app says it. */
function referenceWords(audit: AttributeAudit): string {
  const ref = audit.reference;
  if (ref.rule === 'best') return 'for each figure, the group where it is most favourable';
  if (ref.group === null) return 'none usable';
  const named = groupWords(audit, ref.group);
  if (ref.rule === 'requested') return `${named}, as chosen`;
  return ref.comparable
    ? `${named}, the largest group with enough events to compare`
    : `${named}, the largest group`;
}

const columns = (names: string[]): Column[] =>
  names.map((header, i) => ({
    header,
    weight: i === 0 ? 2.4 : header === 'Stays' || header === 'Events' ? 1.1 : 2.3,
    align: i === 0 ? 'left' : 'right',
  }));

function attributeHeading(layout: PdfLayout, audit: AttributeAudit): void {
  layout.heading(`${attributeTitle(audit)} (compared with ${referenceWords(audit)})`, 90);
  if (audit.reference.note) {
    layout.paragraph(audit.reference.note, { colour: COLOURS.muted, size: SIZE + 0.6 });
  }
}

function performanceTable(layout: PdfLayout, audit: AttributeAudit): void {
  attributeHeading(layout, audit);
  drawTable(
    layout,
    columns(['Group', 'Stays', 'Events', 'Prevalence', ...PERFORMANCE.map((m) => metricName(m))]),
    groupRows(
      audit,
      PERFORMANCE,
      (g, m) => g.performance[m],
      (g) => [String(g.n), String(g.positives), twoLines(figure(g.prevalence, 'percent'))],
      3,
    ),
    { size: SIZE, zebra: true },
  );
}

function faithfulnessTable(layout: PdfLayout, audit: AttributeAudit): void {
  attributeHeading(layout, audit);
  drawTable(
    layout,
    columns(['Group', 'Stays', ...FAITHFULNESS.map((m) => metricName(m))]),
    groupRows(
      audit,
      FAITHFULNESS,
      (g, m) => g.faithfulness[m],
      (g) => [String(g.n)],
      1,
    ),
    { size: SIZE, zebra: true },
  );
}

/** The app's disparity chart of each figure, at the app's proportions. */
function disparityCharts(
  layout: PdfLayout,
  data: ReportData,
  metrics: readonly GroupMetric[],
): void {
  const b = data.bias;
  layout.heading('Disparities: each group against its reference');
  layout.paragraph(
    `Each row is a group; its marker is the group’s figure divided by its reference group’s (the grey line at 1), its whisker the 95% interval, on a log scale. Inside the shaded band (${b.parameters.band[0]}–${b.parameters.band[1]}) a difference is too small to count as a disparity; red marks a flagged disparity. A row without a marker was not compared.`,
    { colour: COLOURS.muted, size: SIZE + 0.6 },
  );
  for (const metric of metrics) {
    const rows = disparityRows(b, metric);
    placeChart(
      layout,
      disparityChart(metric, rows, b.parameters.band, `${b.stays} stays`),
      disparityChartHeight(rows) / CHART_PIXELS_PER_POINT,
      chartFindings(metric, rows),
    );
  }
}

/** What the chart shows, in words, under it: the flagged rows and those not compared. */
function chartFindings(metric: GroupMetric, rows: readonly DisparityRow[]): string {
  const flagged = rows.filter((r) => r.flagged).map((r) => r.label);
  const notCompared = rows.filter((r) => r.missing !== null).length;
  return `${metricName(metric)}: ${flagged.length === 0 ? 'no disparity flagged' : `flagged ${flagged.join('; ')}`} among ${rows.length} groups; ${notCompared === 0 ? 'every group compared' : `${notCompared} not compared (too few events, stays without the outcome or alerts on one side)`}.`;
}

interface Comparison {
  attribute: string;
  group: string;
  metric: string;
  reference: string;
  disparity: Disparity & { ratio: NonNullable<Disparity['ratio']> };
}

function outsideBand(data: ReportData): Comparison[] {
  const out: Comparison[] = [];
  for (const audit of data.bias.attributes) {
    for (const g of audit.groups) {
      if (g.suppressed) continue;
      const reports = { ...g.performance, ...g.faithfulness };
      for (const [metric, report] of Object.entries(reports)) {
        const d = report.disparity;
        // A comparison not made (a side not estimable) has no ratio and is never listed here.
        if (d && d.ratio !== null && (d.outsideBand === true || d.flagged)) {
          out.push({
            attribute: attributeTitle(audit),
            group: groupWords(audit, g.group),
            metric: metricName(metric as GroupMetric),
            reference: groupWords(audit, d.reference),
            disparity: { ...d, ratio: d.ratio },
          });
        }
      }
    }
  }
  return out.sort(
    (a, b) =>
      Number(b.disparity.flagged) - Number(a.disparity.flagged) ||
      (a.disparity.adjustedP ?? 2) - (b.disparity.adjustedP ?? 2),
  );
}

function disparityTable(layout: PdfLayout, data: ReportData): void {
  const rows = outsideBand(data);
  const { band, fdr } = data.bias.parameters;
  if (rows.length === 0) {
    layout.paragraph(`No ratio lies outside the band [${band[0]}, ${band[1]}].`);
    return;
  }
  drawTable(
    layout,
    [
      { header: 'Attribute', weight: 2 },
      { header: 'Group', weight: 2.4 },
      { header: 'Figure', weight: 1.8 },
      { header: 'Reference', weight: 2 },
      { header: 'Ratio (95% CI)', weight: 2.8, align: 'right' },
      { header: 'p-value', weight: 1.2, align: 'right' },
      { header: 'Adjusted p-value', weight: 1.4, align: 'right' },
      { header: 'Flagged', weight: 1.2 },
    ],
    rows
      .slice(0, MAX_DISPARITIES)
      .map((c): Cell[] => [
        c.attribute,
        c.group,
        c.metric,
        c.reference,
        figure(c.disparity.ratio, 'ratio'),
        decimal(c.disparity.pValue),
        decimal(c.disparity.adjustedP),
        c.disparity.flagged ? { text: 'FLAGGED', bold: true, colour: COLOURS.flag } : 'no',
      ]),
    { size: SIZE, zebra: true },
  );
  if (rows.length > MAX_DISPARITIES) {
    layout.paragraph(
      `${rows.length - MAX_DISPARITIES} further ratios outside the band are not listed (flagged ones are listed first).`,
      { colour: COLOURS.muted },
    );
  }
  layout.paragraph(
    `Flagged: ratio outside [${band[0]}, ${band[1]}] and Benjamini–Hochberg adjusted p ≤ ${fdr}, both figures estimable.`,
    { colour: COLOURS.muted, size: SIZE + 0.6 },
  );
}

/** The comparisons not made, by figure, with their most frequent shortfall. */
function notEstimableTable(layout: PdfLayout, data: ReportData): void {
  const p = data.bias.parameters;
  const byMetric = new Map<string, { count: number; briefs: Map<string, number> }>();
  for (const audit of data.bias.attributes) {
    for (const g of audit.groups) {
      if (g.suppressed) continue;
      for (const [metric, report] of Object.entries({ ...g.performance, ...g.faithfulness })) {
        if (report.value !== null) continue;
        const name = metricName(metric as GroupMetric);
        const entry = byMetric.get(name) ?? { count: 0, briefs: new Map<string, number>() };
        entry.count++;
        // "0 events (min 10)" → "too few events (min 10)": the kind of shortfall, not the count.
        const brief = report.notEstimable?.brief ?? '';
        const kind = /^\d/.test(brief)
          ? `too few ${brief.replace(/^\d+ /, '').replace(/, \d+ /g, ', ')}`
          : brief;
        entry.briefs.set(kind, (entry.briefs.get(kind) ?? 0) + 1);
        byMetric.set(name, entry);
      }
    }
  }
  layout.paragraph(
    `A figure is shown only when its own denominator reaches a minimum: ${p.minEvents} outcome events for discrimination, calibration error, observed ÷ expected events and missed events; ${p.minNegatives} stays without the outcome (non-events) for false alarms and discrimination; ${p.minPredictedPositives} positive predictions (alerts) for alerts that were right and alerts held back. ` +
      'Proportions carry an exact Clopper–Pearson interval; a bootstrapped figure is also not estimable when its interval has zero width or too many resamples lack a class. ' +
      `A comparison is made only when the group’s and the reference’s figures are both estimable: ${data.bias.comparisons.notEstimable} comparisons were not made, are not tests (they are outside the Benjamini–Hochberg m) and are never flagged.`,
  );
  if (byMetric.size === 0) {
    layout.paragraph('Every figure of every reported group is estimable.');
    return;
  }
  drawTable(
    layout,
    [
      { header: 'Figure', weight: 2 },
      { header: 'Groups not estimable', weight: 2, align: 'right' },
      { header: 'Shortfall (most frequent)', weight: 5 },
    ],
    [...byMetric.entries()].map(([name, e]): Cell[] => {
      const top = [...e.briefs.entries()].sort((a, b) => b[1] - a[1])[0]!;
      return [name, String(e.count), `not estimable: ${top[0]}`];
    }),
    { size: SIZE, zebra: true },
  );
}

export function drawBias(layout: PdfLayout, data: ReportData): void {
  const b = data.bias;
  const p = b.parameters;
  layout.section('bias', SECTIONS.bias);
  layout.paragraph(
    `Every attribute the stays carry is audited; a stay without a value is counted under “Not recorded”. Each group’s figures are compared with a reference group of its attribute (by default its largest group with at least ${p.minEvents} outcome events and ${p.minNegatives} stays without the outcome) as a ratio with its 95% interval. A ratio inside [${p.band[0]}, ${p.band[1]}] is not a disparity; outside it, a disparity is flagged only when it stays significant after correcting for all ${b.comparisons.tested} comparisons tested. ` +
      `Not compared (a figure not estimable): ${b.comparisons.notEstimable}; untested (ratio undefined): ${b.comparisons.untestable}; ratios outside [${p.band[0]}, ${p.band[1]}]: ${b.comparisons.outsideBand}; flagged: ${b.comparisons.flagged}. ` +
      `Groups with fewer than ${p.minGroupSize} stays are not shown; a figure below ${p.minEvents} outcome events, ${p.minNegatives} non-events or ${p.minPredictedPositives} alerts (as it needs) is “not estimable”, with its shortfall. Values: estimate (95% CI); (ref) marks the reference, † a flagged disparity.`,
  );
  layout.heading('Model performance by group');
  for (const audit of b.attributes) performanceTable(layout, audit);
  disparityCharts(layout, data, PERFORMANCE);
  layout.heading('Faithfulness of the evidence by group');
  for (const audit of b.attributes) faithfulnessTable(layout, audit);
  disparityCharts(layout, data, FAITHFULNESS);
  layout.heading('Figures not estimable');
  notEstimableTable(layout, data);
  layout.heading('Disparities outside the band');
  disparityTable(layout, data);
  layout.heading('Suppressed groups');
  if (b.suppressed.length === 0) {
    layout.paragraph(`No group has fewer than ${p.minGroupSize} stays: none is suppressed.`);
  } else {
    layout.paragraph(
      `${b.suppressed.length} groups have fewer than ${p.minGroupSize} stays. They are suppressed: no figure is computed for them, their size is given only as “<${p.minGroupSize}”, and none is a reference.`,
    );
    drawTable(
      layout,
      [
        { header: 'Attribute', weight: 2 },
        { header: 'Group', weight: 3 },
        { header: 'Size', weight: 1 },
        { header: 'Status', weight: 4 },
      ],
      b.suppressed.map((s) => {
        const audit = b.attributes.find((a) => a.attribute === s.attribute);
        return [
          audit ? attributeTitle(audit) : s.attribute,
          audit ? groupWords(audit, s.group) : s.group,
          s.size,
          'suppressed: too few stays to show safely',
        ];
      }),
      { size: SIZE, zebra: true },
    );
  }
  layout.heading('How this was computed');
  layout.paragraph(
    `Ratios and their two-sided p-values are drawn from the stratified bootstrap (${p.resamples} resamples, seed ${p.seed}) or, for a proportion, from each side’s Jeffreys posterior; the ${b.comparisons.tested} tested comparisons are corrected together (Benjamini–Hochberg, false discovery rate ${p.fdr}). The model’s risk is p_full.`,
    { colour: COLOURS.muted },
  );
  layout.bullets(b.notes, { colour: COLOURS.muted, size: 7.6 });
}
