/**
 * The monitoring charts QI teams already read, as chart.js configurations the app and the PDF
 * both draw: a p-chart of a rate by period with its exact limits, the VLAD with the
 * risk-adjusted CUSUM under it, and the funnel plot of observed ÷ expected outcomes by unit.
 * A null point between segments breaks a line, so limits are drawn as steps with no plugin.
 */
import type { ChartConfiguration } from 'chart.js';
import type { FunnelPlot, MonitoringSequence, PChart } from '../monitoring';
import { baseOptions, categoryAxis, linearAxis, translucent } from './chart-style';

export type Point = { x: number; y: number | null };

const RATE = '#1f77b4';
const LIMIT = '#7f7f7f';
const SIGNAL = '#d62728';
const LIMIT_998 = '#555555';

/** A rate per period against its centre line and its exact binomial limits. */
export function pChartConfig(
  chart: PChart,
  title: string,
  periodTitle: string,
): ChartConfiguration<'line', (number | null)[], string> {
  const percent = (x: number) => Math.round(x * 1000) / 10;
  return {
    type: 'line',
    data: {
      labels: chart.points.map((p) => p.label),
      datasets: [
        {
          label: 'rate in the period (%)',
          data: chart.points.map((p) => percent(p.rate)),
          borderColor: RATE,
          backgroundColor: RATE,
          pointBackgroundColor: chart.points.map((p) => (p.signal === null ? RATE : SIGNAL)),
          pointRadius: chart.points.map((p) => (p.signal === null ? 3 : 6)),
        },
        {
          label: `pooled rate (${percent(chart.centre)}%)`,
          data: chart.points.map(() => percent(chart.centre)),
          borderColor: LIMIT,
          pointRadius: 0,
          borderWidth: 1,
        },
        {
          label: 'control limits',
          data: chart.points.map((p) => percent(p.upper)),
          borderColor: LIMIT,
          borderDash: [5, 4],
          pointRadius: 0,
          borderWidth: 1,
          stepped: 'middle',
        },
        {
          label: '',
          data: chart.points.map((p) => percent(p.lower)),
          borderColor: LIMIT,
          borderDash: [5, 4],
          pointRadius: 0,
          borderWidth: 1,
          stepped: 'middle',
        },
      ],
    },
    options: {
      ...baseOptions<'line'>(title, `${chart.measure}; a red point lies outside its limits`),
      scales: {
        x: categoryAxis(periodTitle),
        y: linearAxis({ title: `${chart.measure} (%)`, min: 0 }),
      },
    },
  };
}

/** Where each period begins along the sequence of stays (its first stay's position, 1-based). */
function periodStarts(sequence: MonitoringSequence): { x: number; label: string }[] {
  return sequence.period.flatMap((label, i) =>
    i === 0 || sequence.period[i - 1] !== label ? [{ x: i + 1, label }] : [],
  );
}

/** Vertical lines at period starts, spanning [low, high], as one broken dataset. */
function boundaries(sequence: MonitoringSequence, low: number, high: number): Point[] {
  return periodStarts(sequence)
    .slice(1)
    .flatMap(({ x }) => [
      { x, y: low },
      { x, y: high },
      { x, y: null },
    ]);
}

/** The dashed vertical lines where each period begins, one dataset for both sequence charts. */
function periodStartsDataset(sequence: MonitoringSequence, low: number, high: number) {
  return {
    label: 'start of a period',
    data: boundaries(sequence, low, high),
    borderColor: translucent(LIMIT, 0.6),
    borderDash: [2, 3],
    pointRadius: 0,
    borderWidth: 1,
    spanGaps: false,
  };
}

/** The VLAD: cumulative expected − observed outcomes, stay by stay, periods marked. */
export function vladConfig(sequence: MonitoringSequence): ChartConfiguration<'line', Point[]> {
  const values = sequence.vlad;
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  return {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'expected − observed outcomes, cumulative',
          data: values.map((y, i) => ({ x: i + 1, y })),
          borderColor: RATE,
          pointRadius: 0,
          borderWidth: 1.5,
        },
        periodStartsDataset(sequence, low, high),
      ],
    },
    options: {
      ...baseOptions<'line'>(
        'Outcomes against the risks, stay by stay (VLAD)',
        'rising: fewer outcomes than the risks expected; falling: more',
      ),
      scales: {
        x: linearAxis({ title: 'stays in order of admission', min: 1, integer: true }),
        y: linearAxis({ title: 'outcomes (expected − observed)' }),
      },
    },
  };
}

/** The risk-adjusted CUSUM with its limit and the stays where it signalled. */
export function cusumConfig(sequence: MonitoringSequence): ChartConfiguration<'line', Point[]> {
  const { cusum } = sequence;
  const high = Math.max(cusum.limit, ...cusum.values);
  return {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'CUSUM',
          data: cusum.values.map((y, i) => ({ x: i + 1, y })),
          borderColor: RATE,
          pointRadius: 0,
          borderWidth: 1.5,
        },
        {
          label: `limit (${cusum.limit.toFixed(2)})`,
          data: [
            { x: 1, y: cusum.limit },
            { x: Math.max(1, cusum.values.length), y: cusum.limit },
          ],
          borderColor: SIGNAL,
          borderDash: [6, 4],
          pointRadius: 0,
          borderWidth: 1,
        },
        {
          label: 'signal',
          data: cusum.signals.map((i) => ({ x: i + 1, y: cusum.values[i] ?? cusum.limit })),
          borderColor: SIGNAL,
          backgroundColor: SIGNAL,
          showLine: false,
          pointRadius: 5,
        },
        periodStartsDataset(sequence, 0, high),
      ],
    },
    options: {
      ...baseOptions<'line'>(
        `Risk-adjusted CUSUM (tuned to the odds of the outcome multiplying by ${cusum.oddsRatio})`,
        'climbs with outcomes the risks did not expect; restarts at 0 after a signal',
      ),
      scales: {
        x: linearAxis({ title: 'stays in order of admission', min: 1, integer: true }),
        y: linearAxis({ title: 'evidence of deterioration (log-likelihood ratio)', min: 0 }),
      },
    },
  };
}

/** Observed ÷ expected by unit against expected outcomes, inside the 95% and 99.8% limits. */
export function funnelConfig(
  funnel: FunnelPlot,
  unitTitle: string,
): ChartConfiguration<'line', Point[]> {
  const curve = (ys: number[]): Point[] => funnel.limits.expected.map((x, i) => ({ x, y: ys[i]! }));
  const colourOf = (position: string) =>
    position === 'beyond-99.8' ? SIGNAL : position === 'beyond-95' ? '#ff7f0e' : RATE;
  return {
    type: 'line',
    data: {
      datasets: [
        {
          label: unitTitle,
          data: funnel.points.map((p) => ({ x: p.expected, y: p.ratio })),
          showLine: false,
          pointRadius: 6,
          pointBackgroundColor: funnel.points.map((p) => colourOf(p.position)),
          borderColor: RATE,
        },
        {
          label: 'as expected (1)',
          data: [
            { x: funnel.limits.expected[0] ?? 0, y: 1 },
            { x: funnel.limits.expected.at(-1) ?? 1, y: 1 },
          ],
          borderColor: LIMIT,
          pointRadius: 0,
          borderWidth: 1,
        },
        {
          label: '95% limits',
          data: curve(funnel.limits.upper95),
          borderColor: LIMIT,
          borderDash: [5, 4],
          pointRadius: 0,
          borderWidth: 1,
        },
        {
          label: '',
          data: curve(funnel.limits.lower95),
          borderColor: LIMIT,
          borderDash: [5, 4],
          pointRadius: 0,
          borderWidth: 1,
        },
        {
          label: '99.8% limits',
          data: curve(funnel.limits.upper998),
          borderColor: LIMIT_998,
          pointRadius: 0,
          borderWidth: 1,
        },
        {
          label: '',
          data: curve(funnel.limits.lower998),
          borderColor: LIMIT_998,
          pointRadius: 0,
          borderWidth: 1,
        },
      ],
    },
    options: {
      ...baseOptions<'line'>(
        `Observed ÷ expected outcomes by ${unitTitle.toLowerCase()} (funnel plot)`,
        funnel.overdispersion?.adjusted
          ? 'limits widened for variation beyond chance (Spiegelhalter)'
          : 'exact Poisson limits',
      ),
      scales: {
        x: linearAxis({ title: 'outcomes the risks expected', min: 0 }),
        y: linearAxis({ title: 'observed ÷ expected', min: 0 }),
      },
    },
  };
}
