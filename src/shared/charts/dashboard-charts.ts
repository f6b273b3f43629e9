/**
 * Cohort figures of an audit run that the dashboard (and any report) draws beside
 * audit-charts.ts: what abstaining on exhausted searches does to precision and sensitivity
 * under each of the three rules, and how much of the evidence comes from radiology text.
 * Each estimate carries its 95% interval as a thin bar drawn over it.
 */
import type { ChartConfiguration, ChartDataset } from 'chart.js';
import type { AbstentionSection, ModalitySection } from '../audit-statistics';
import type { Estimate } from '../estimate';
import { baseOptions, categoryAxis, linearAxis } from './chart-style';

type BarData = (number | [number, number] | null)[];

const INTERVAL_COLOUR = '#222222';

const points = (x: number | null) => (x === null ? null : 100 * x);
const interval = (f: Estimate): [number, number] | null =>
  f.lower === null || f.upper === null ? null : [100 * f.lower, 100 * f.upper];

/**
 * The interval bars of one series, drawn over its estimates (order 0 draws last): in the
 * same stack as the estimates when series sit side by side, or ungrouped when there is one.
 */
function intervalDataset(
  figures: readonly Estimate[],
  stack?: string,
): ChartDataset<'bar', BarData> {
  return {
    label: '',
    data: figures.map(interval),
    backgroundColor: INTERVAL_COLOUR,
    // As thin as the estimate bars beside it are wide: half as thin for an ungrouped bar.
    barPercentage: stack === undefined ? 0.02 : 0.04,
    categoryPercentage: 0.8,
    ...(stack === undefined ? { grouped: false } : { stack }),
    order: 0,
  };
}

export const ABSTENTION_RULE_LABELS: Record<keyof AbstentionSection, string> = {
  onExhaustion: 'no small evidence set found (the paper’s rule)',
  onUnreachable: 'none could exist (the model’s confidence alone)',
  onReachableExhaustion: 'one could exist, none found (the search’s own)',
};
const RULES = Object.keys(ABSTENTION_RULE_LABELS) as (keyof AbstentionSection)[];

/** Each series' colours for a bar that helps care and one that harms it (green, then warm). */
const PRECISION_COLOURS = { gain: '#2ca02c', loss: '#d62728' };
const SENSITIVITY_COLOURS = { gain: '#1f77b4', loss: '#ff7f0e' };

/**
 * Precision gained and sensitivity lost, in percentage points, when every positive
 * prediction a rule flags is withdrawn. Each series sits on its own stack so its interval
 * bar lands on its own estimate.
 */
export function abstentionEffectChart(
  section: AbstentionSection,
  subtitle: string,
): ChartConfiguration<'bar', BarData> {
  const options = baseOptions<'bar'>('Abstaining: precision gained vs sensitivity lost', subtitle);
  options.scales = {
    // A stacked index axis puts datasets of one `stack` on one slot; the value axis must
    // say stacked: false, or chart.js would add the interval to the estimate.
    x: { ...categoryAxis('rule deciding which positive predictions are withdrawn'), stacked: true },
    y: { ...linearAxis({ title: 'change (percentage points)' }), stacked: false },
  };
  // A bar is coloured by what it does to care, not by its series: a precision "gained"
  // below 0 is a loss and is drawn red, never green, so a colour never contradicts its sign.
  const series = (
    label: string,
    key: 'precisionGained' | 'sensitivityLost',
    gainIsPositive: boolean,
    colours: { gain: string; loss: string },
  ): ChartDataset<'bar', BarData>[] => {
    const figures = RULES.map((rule) => section[rule][key]);
    return [
      {
        label,
        data: figures.map((f) => points(f.estimate)),
        backgroundColor: figures.map((f) =>
          (f.estimate ?? 0) > 0 === gainIsPositive ? colours.gain : colours.loss,
        ),
        categoryPercentage: 0.8,
        stack: key,
        order: 1,
      },
      intervalDataset(figures, key),
    ];
  };
  return {
    type: 'bar',
    data: {
      labels: RULES.map((rule) => ABSTENTION_RULE_LABELS[rule]),
      datasets: [
        ...series('precision gained', 'precisionGained', true, PRECISION_COLOURS),
        ...series('sensitivity lost', 'sensitivityLost', false, SENSITIVITY_COLOURS),
      ],
    },
    options,
  };
}

/** How much of the evidence is radiology text: a pooled unit share and a share of stays. */
export function modalityChart(
  section: ModalitySection,
  subtitle: string,
): ChartConfiguration<'bar', BarData> {
  const options = baseOptions<'bar'>('Evidence from radiology text', subtitle);
  // Both bars are named on the axis; a legend would repeat them.
  options.plugins = { ...options.plugins, legend: { display: false } };
  options.scales = {
    x: categoryAxis('share measured'),
    y: linearAxis({ title: 'share (%)', min: 0, max: 100 }),
  };
  const figures = [section.noteUnitShare, section.staysWithNotesShare];
  return {
    type: 'bar',
    data: {
      labels: [
        `note chunks among evidence units (${section.noteUnits} of ${section.evidenceUnits})`,
        `stays whose evidence holds a note chunk (${section.staysWithNotes})`,
      ],
      datasets: [
        {
          label: 'share (%)',
          data: figures.map((f) => points(f.estimate)),
          backgroundColor: ['#17becf', '#9467bd'],
          grouped: false,
          order: 1,
        },
        intervalDataset(figures),
      ],
    },
    options,
  };
}
