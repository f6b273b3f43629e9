/**
 * The bias audit's one chart per metric, for the app and the PDF alike: every reported group
 * of every attribute as a row, its ratio to its attribute's reference on a log scale (a
 * ratio of 2 and one of ½ sit equally far from 1) with its 95% interval as a whisker, the
 * band inside which a ratio is not a disparity shaded, and a vertical line at 1, where the
 * reference sits. chart.js has neither error bars nor annotations here, so the band, the
 * line, the whiskers and the markers are all floating bars on the same rows.
 */
import type { ChartConfiguration, ChartDataset } from 'chart.js';
import {
  attributeTitle,
  groupWords,
  GROUP_METRIC_WORDS,
  type BiasAudit,
  type GroupMetric,
  type MetricReport,
  type ReportedGroup,
} from '../bias-audit';
import type { Estimate } from '../estimate';
import { baseOptions, translucent } from './chart-style';

/** One row of a disparity chart: a group of one attribute against that attribute's reference. */
export interface DisparityRow {
  /** "Age band: 45–64 years". */
  label: string;
  /** This group is its attribute's reference for the metric: drawn at 1. */
  isReference: boolean;
  /** The ratio, its interval (either may be null), or null when no comparison was made. */
  ratio: Estimate | null;
  flagged: boolean;
  /** Benjamini–Hochberg adjusted p-value; null when not tested. */
  adjustedP: number | null;
  /** Why no ratio: "not compared: …", "no reference", or null when there is one. */
  missing: string | null;
}

function metricReport(group: ReportedGroup, metric: GroupMetric): MetricReport {
  return metric in group.performance
    ? group.performance[metric as keyof ReportedGroup['performance']]
    : group.faithfulness[metric as keyof ReportedGroup['faithfulness']];
}

/** Every reported group of every attribute, in the audit's order, for one metric. */
export function disparityRows(audit: BiasAudit, metric: GroupMetric): DisparityRow[] {
  return audit.attributes.flatMap((a) =>
    a.groups.flatMap((g): DisparityRow[] => {
      if (g.suppressed) return [];
      const report = metricReport(g, metric);
      const label = `${attributeTitle(a)}: ${groupWords(a, g.group)}`;
      const d = report.disparity;
      const missing = report.isReference
        ? null
        : !d
          ? 'no reference to compare with'
          : d.notEstimable
            ? `not compared: ${d.notEstimable.brief}`
            : d.ratio?.estimate === null
              ? 'ratio undefined (0 ÷ 0)'
              : null;
      return [
        {
          label,
          isReference: report.isReference,
          ratio: d?.ratio ?? null,
          flagged: d?.flagged ?? false,
          adjustedP: d?.adjustedP ?? null,
          missing,
        },
      ];
    }),
  );
}

type Floating = ([number, number] | null)[];

const GROUP = '#3b6ea8';
const FLAGGED = '#c0392b';
const REFERENCE = '#555555';
/** The log axis stops here: a ratio of 0 or an interval reaching 40 is drawn at the edge. */
const AXIS_LIMITS: readonly [number, number] = [1 / 40, 40];
/** A marker's half-width on the log axis: about 1.5% either side of the ratio. */
const MARKER = 1.015;

/**
 * A row's label, on two lines when long: chart.js gives the row labels at most half the
 * chart's width and cuts off the rest. The reasons a row has no ratio are in the figure's
 * table; here a short mark only.
 */
function rowLabel(r: DisparityRow): string | string[] {
  const mark = r.isReference ? ' (reference)' : r.missing ? ' (no ratio)' : '';
  const text = `${r.label}${mark}`;
  const at = r.label.indexOf(': ');
  return text.length <= 40 || at < 0 ? text : [r.label.slice(0, at + 1), text.slice(at + 2)];
}

/**
 * Height (px) at which every row's label is legible: the renderer and the PDF size by it.
 * chart.js gives every row the same height, so one two-line label makes every row taller.
 */
export function disparityChartHeight(rows: readonly DisparityRow[]): number {
  const twoLines = rows.some((r) => typeof rowLabel(r) !== 'string');
  return 120 + rows.length * (twoLines ? 34 : 22);
}

export function disparityChart(
  metric: GroupMetric,
  rows: readonly DisparityRow[],
  band: readonly [number, number],
  subtitle: string,
): ChartConfiguration<'bar', Floating> {
  const clamp = (x: number) => Math.min(AXIS_LIMITS[1], Math.max(AXIS_LIMITS[0], x));
  const drawn = rows.flatMap((r) =>
    [r.ratio?.estimate, r.ratio?.lower, r.ratio?.upper].filter(
      (x): x is number => typeof x === 'number',
    ),
  );
  // Room for the band and every interval, on round powers of two.
  const min = clamp(2 ** Math.floor(Math.log2(Math.min(band[0], ...drawn.map(clamp)) * 0.95)));
  const max = clamp(2 ** Math.ceil(Math.log2(Math.max(band[1], ...drawn.map(clamp)) * 1.05)));
  const options = baseOptions<'bar'>(`${GROUP_METRIC_WORDS[metric].name} by group`, subtitle);
  options.indexAxis = 'y';
  options.scales = {
    x: {
      type: 'logarithmic',
      min,
      max,
      ticks: { maxRotation: 0, autoSkipPadding: 12 },
      title: { display: true, text: 'ratio to the reference group (log scale; 1 = the same)' },
    },
    // The rows name their groups; an axis title would only take width from them.
    y: {
      type: 'category',
      ticks: { color: rows.map((r) => (r.flagged ? FLAGGED : '#444444')), autoSkip: false },
    },
  };
  const everyRow = (span: [number, number]): Floating => rows.map(() => span);
  const bandSet: ChartDataset<'bar', Floating> = {
    label: `no disparity (${band[0]}–${band[1]})`,
    data: everyRow([band[0], band[1]]),
    backgroundColor: translucent('#2ca02c', 0.14),
    grouped: false,
    barPercentage: 1,
    categoryPercentage: 1,
    order: 3,
  };
  const referenceLine: ChartDataset<'bar', Floating> = {
    label: 'reference group (ratio 1)',
    data: everyRow([1 / 1.004, 1.004]),
    backgroundColor: REFERENCE,
    grouped: false,
    barPercentage: 1,
    categoryPercentage: 1,
    order: 2,
  };
  const whiskers: ChartDataset<'bar', Floating> = {
    label: '95% interval',
    data: rows.map((r) =>
      r.ratio?.lower == null || r.ratio.upper == null
        ? null
        : [clamp(r.ratio.lower), clamp(r.ratio.upper)],
    ),
    backgroundColor: '#222222',
    grouped: false,
    barPercentage: 0.12,
    order: 1,
  };
  const markers: ChartDataset<'bar', Floating> = {
    label: 'ratio (red: flagged disparity)',
    data: rows.map((r) => {
      const at = r.isReference ? 1 : r.ratio?.estimate;
      return at == null ? null : [clamp(at) / MARKER, clamp(at) * MARKER];
    }),
    backgroundColor: rows.map((r) => (r.isReference ? REFERENCE : r.flagged ? FLAGGED : GROUP)),
    grouped: false,
    barPercentage: 0.7,
    order: 0,
  };
  return {
    type: 'bar',
    data: {
      labels: rows.map(rowLabel),
      datasets: [bandSet, referenceLine, whiskers, markers],
    },
    options,
  };
}
