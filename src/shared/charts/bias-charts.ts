/**
 * One bias-audit metric across an attribute's groups: a bar per group with its 95%
 * interval as a thin floating bar on top (chart.js has no error bars; the same device as
 * exhaustionByClassChart). Flagged disparities are drawn in the warning colour. A group
 * whose figure is not estimable has no bar, and its label says so.
 */
import type { ChartConfiguration, ChartDataset } from 'chart.js';
import type { Estimate } from '../estimate';
import { baseOptions, categoryAxis, linearAxis } from './chart-style';

export interface GroupBar {
  group: string;
  /** Null when the figure is not estimable (too few events, non-events or alerts). */
  value: Estimate | null;
  /** The reference group of this metric (drawn hatched-grey so it reads as the baseline). */
  isReference: boolean;
  flagged: boolean;
}

type Bars = (number | [number, number] | null)[];

const REFERENCE = '#7f7f7f';
const GROUP = '#3b6ea8';
const FLAGGED = '#c0392b';

export function groupMetricChart(
  title: string,
  axisTitle: string,
  bars: readonly GroupBar[],
  subtitle: string,
  /** Values in [0, 1] are drawn as percentages. */
  percent: boolean,
): ChartConfiguration<'bar', Bars> {
  const scale = (x: number) => (percent ? 100 * x : x);
  const options = baseOptions<'bar'>(title, subtitle);
  options.plugins = { ...options.plugins, legend: { display: false } };
  options.scales = {
    x: categoryAxis('group'),
    y: linearAxis({ title: percent ? `${axisTitle} (%)` : axisTitle, min: 0 }),
  };
  const estimates: ChartDataset<'bar', Bars> = {
    label: axisTitle,
    data: bars.map((b) =>
      b.value === null || b.value.estimate === null ? null : scale(b.value.estimate),
    ),
    backgroundColor: bars.map((b) => (b.isReference ? REFERENCE : b.flagged ? FLAGGED : GROUP)),
    order: 1,
  };
  const intervals: ChartDataset<'bar', Bars> = {
    label: '',
    data: bars.map(({ value }) =>
      value === null || value.lower === null || value.upper === null
        ? null
        : [scale(value.lower), scale(value.upper)],
    ),
    backgroundColor: '#222222',
    grouped: false,
    barPercentage: 0.04,
    order: 0,
  };
  return {
    type: 'bar',
    data: {
      labels: bars.map((b) => (b.value === null ? `${b.group} (not estimable)` : b.group)),
      datasets: [estimates, intervals],
    },
    options,
  };
}
