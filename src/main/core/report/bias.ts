/**
 * Section 5: per subgroup of every attribute, its characteristics (n, outcomes, prevalence),
 * the model's performance and the search's faithfulness, each compared with a reference
 * group; the disparities outside the band with their corrected p-values and flags; and every
 * suppressed group, by name, with why it is not shown. A figure whose own denominator is too
 * small prints "not estimable" and its shortfall ("0 events (min 10)") instead of a value.
 */
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
import type { ReportData } from './report-data-types';
import { SECTIONS } from './report-sections';

const SIZE = 6.6;
const MAX_DISPARITIES = 40;

const METRIC_NAMES: Record<PerformanceMetric | FaithfulnessMetric, string> = {
  auroc: 'AUROC',
  ece: 'ECE',
  observedExpected: 'Obs/exp',
  fpr: 'FPR',
  fnr: 'FNR',
  ppv: 'PPV',
  exhaustionRate: 'Exhaustion',
  abstentionRate: 'Abstention',
  meanEvidenceSize: 'Mean |E|',
  fidelityMae: 'Fidelity MAE',
};
const PERFORMANCE: PerformanceMetric[] = ['auroc', 'ece', 'observedExpected', 'fpr', 'fnr', 'ppv'];
const FAITHFULNESS: FaithfulnessMetric[] = [
  'exhaustionRate',
  'abstentionRate',
  'meanEvidenceSize',
  'fidelityMae',
];

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
      row[0] = g.group;
      row[1] = g.size;
      row[Math.max(2, leadColumns)] = { text: 'suppressed', colour: COLOURS.muted };
      return row;
    }
    return [g.group, ...lead(g), ...metrics.map((m) => metricCell(value(g, m)))];
  });
}

function attributeTables(layout: PdfLayout, audit: AttributeAudit): void {
  const ref = audit.reference;
  const refText =
    ref.rule === 'best' ? 'per figure, the most favourable group' : (ref.group ?? 'none usable');
  layout.heading(`${audit.attribute} (reference: ${refText})`, 90);
  if (ref.note) layout.paragraph(ref.note, { colour: COLOURS.muted, size: SIZE + 0.6 });
  const columns = (names: string[]): Column[] =>
    names.map((header, i) => ({
      header,
      weight: i === 0 ? 2.6 : header === 'n' || header === 'Pos.' ? 0.8 : 2,
      align: i === 0 ? 'left' : 'right',
    }));
  drawTable(
    layout,
    columns(['Group', 'n', 'Pos.', 'Prevalence', ...PERFORMANCE.map((m) => METRIC_NAMES[m])]),
    groupRows(
      audit,
      PERFORMANCE,
      (g, m) => g.performance[m],
      (g) => [String(g.n), String(g.positives), twoLines(figure(g.prevalence, 'percent'))],
      3,
    ),
    { size: SIZE, zebra: true },
  );
  drawTable(
    layout,
    columns(['Group', 'n', ...FAITHFULNESS.map((m) => METRIC_NAMES[m])]),
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

interface Comparison {
  attribute: string;
  group: string;
  metric: string;
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
            attribute: audit.attribute,
            group: g.group,
            metric: METRIC_NAMES[metric as PerformanceMetric],
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
      { header: 'p', weight: 1.2, align: 'right' },
      { header: 'BH p', weight: 1.2, align: 'right' },
      { header: 'Flagged', weight: 1.2 },
    ],
    rows
      .slice(0, MAX_DISPARITIES)
      .map((c): Cell[] => [
        c.attribute,
        c.group,
        c.metric,
        c.disparity.reference,
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
        const name = METRIC_NAMES[metric as PerformanceMetric];
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
    `A figure is shown only when its own denominator reaches a minimum: ${p.minEvents} outcome events for AUROC, ECE, Obs/exp and FNR; ${p.minNegatives} stays without the outcome (non-events) for FPR and AUROC; ${p.minPredictedPositives} positive predictions (alerts) for PPV and Abstention. ` +
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
    `Every attribute the stays carry is audited; a stay without a value is counted under “Unknown”. Each group’s figures are compared with the attribute’s reference group (rule: ${typeof p.reference === 'string' ? p.reference : 'named groups'}) as a ratio with a 95% interval and a two-sided p-value, drawn from the stratified bootstrap or, for a proportion, from each side’s Jeffreys posterior; ` +
      `all ${b.comparisons.tested} tested comparisons are corrected together (Benjamini–Hochberg, FDR ${p.fdr}). Not compared (a figure not estimable): ${b.comparisons.notEstimable}; untested (ratio undefined): ${b.comparisons.untestable}; ratios outside [${p.band[0]}, ${p.band[1]}]: ${b.comparisons.outsideBand}; flagged: ${b.comparisons.flagged}. ` +
      `Groups with fewer than ${p.minGroupSize} stays are suppressed; a figure below ${p.minEvents} outcome events, ${p.minNegatives} non-events or ${p.minPredictedPositives} alerts (as it needs) is “not estimable”, with its shortfall. Values: estimate (95% CI); (ref) marks the reference, † a flagged disparity.`,
  );
  layout.bullets(b.notes, { colour: COLOURS.muted, size: 7.6 });
  for (const audit of b.attributes) attributeTables(layout, audit);
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
      b.suppressed.map((s) => [
        s.attribute,
        s.group,
        s.size,
        'suppressed: too few stays to show safely',
      ]),
      { size: SIZE, zebra: true },
    );
  }
}
