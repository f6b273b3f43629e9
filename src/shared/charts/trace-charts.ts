/**
 * Figures of one stay's audit: its vital signs over the observation window with the evidence
 * windows the search kept shaded (the PDF's example traces), one variable at a time against
 * its normal range (the stay view's flowsheet), and the leading state's score, probability,
 * confidence and stability at each step of the search (both).
 */
import type { ChartConfiguration, ChartDataset } from 'chart.js';
import { rangeFlag, type HourlyVariable } from '../stay-detail';
import type { TraceLeaderData, VitalSeriesData } from './audit-chart-data';
import { baseOptions, linearAxis, translucent } from './chart-style';

const SERIES_COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#8c564b', '#17becf'];
const EVIDENCE_COLOUR = '#ff7f0e';

type MixedDataset = ChartDataset<'bar' | 'line', (number | null)[]>;

/**
 * Hourly means of the given variables, one line each (gaps where nothing was charted), over
 * windows W1..W{hours}; the evidence windows are full-height shaded bars on a hidden axis.
 */
export function stayVitalsChart(
  series: readonly VitalSeriesData[],
  hours: number,
  evidenceWindows: readonly number[],
  title: string,
  subtitle: string,
): ChartConfiguration<'bar' | 'line', (number | null)[], string> {
  const selected = new Set(evidenceWindows);
  const options = baseOptions<'bar' | 'line'>(title, subtitle);
  options.scales = {
    x: {
      type: 'category',
      title: { display: true, text: 'hourly window after t0 (W1 = hour 0-1)' },
      grid: { offset: false },
    },
    y: linearAxis({ title: 'hourly mean, in the unit given in the legend' }),
    evidence: { type: 'linear', display: false, min: 0, max: 1 },
  };
  const lines: MixedDataset[] = series.map((s, i) => ({
    type: 'line',
    label: `${s.name} (${s.unit})`,
    data: [...s.values],
    yAxisID: 'y',
    borderColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
    backgroundColor: SERIES_COLOURS[i % SERIES_COLOURS.length],
    borderWidth: 2,
    pointRadius: 2,
    spanGaps: false,
    order: 0,
  }));
  const shading: MixedDataset = {
    type: 'bar',
    label: 'evidence window (kept by the search)',
    data: Array.from({ length: hours }, (_, t) => (selected.has(t) ? 1 : null)),
    yAxisID: 'evidence',
    backgroundColor: translucent(EVIDENCE_COLOUR, 0.25),
    borderColor: translucent(EVIDENCE_COLOUR, 0.6),
    borderWidth: 1,
    barPercentage: 1,
    categoryPercentage: 1,
    order: 1,
  };
  return {
    type: 'bar',
    data: {
      labels: Array.from({ length: hours }, (_, t) => `W${t + 1}`),
      datasets: [...lines, shading],
    },
    options,
  };
}

const NORMAL_COLOUR = '#2ca02c';
const HIGH_COLOUR = '#d62728';
const LOW_COLOUR = '#1f77b4';
const NOTE_COLOUR = '#6a3d9a';

type TrendDataset = ChartDataset<'bar' | 'line', (number | [number, number] | null)[]>;

/** The datasets drawn on the hidden 0–1 axis: shading and note marks, never read as values. */
export const TIMELINE_AXIS = 'timeline';

/**
 * One variable over the window, as a flowsheet strip: its hourly mean on its own axis and
 * unit, its normal range as a band, the hour's min where it fell below the range (▼) and its
 * max where it rose above (▲), evidence windows shaded, and the hours a radiology note was
 * charted marked along the top. `hourLabels` name the windows (with clock times on screen).
 */
export function variableTrendChart(
  variable: HourlyVariable,
  hourLabels: readonly (string | string[])[],
  evidenceWindows: readonly number[],
  noteHours: readonly number[],
): ChartConfiguration<'bar' | 'line', (number | [number, number] | null)[], string | string[]> {
  const hours = hourLabels.length;
  const evidence = new Set(evidenceWindows);
  const notes = new Set(noteHours);
  const normal = variable.normal;
  const options = baseOptions<'bar' | 'line'>(
    `${variable.label} (${variable.unit})${normal ? `, normal ${normal.low}–${normal.high}` : ''}`,
  );
  options.plugins = { ...options.plugins, legend: { display: false } };
  options.scales = {
    x: { type: 'category', grid: { offset: false } },
    // A bar chart's axis starts at zero by default, which flattens 36–38 °C into a line.
    y: { ...linearAxis({ title: variable.unit }), beginAtZero: false },
    [TIMELINE_AXIS]: { type: 'linear', display: false, min: 0, max: 1 },
  };
  const perHour = <T>(value: (t: number) => T | null): (T | null)[] =>
    Array.from({ length: hours }, (_, t) => value(t));
  const marks = (flag: 'low' | 'high', extreme: (number | null)[]): TrendDataset => ({
    type: 'line',
    label:
      flag === 'high' ? 'above the normal range (hour max)' : 'below the normal range (hour min)',
    data: perHour((t) => {
      const x = extreme[t] ?? null;
      return rangeFlag(x, normal) === flag ? x : null;
    }),
    yAxisID: 'y',
    showLine: false,
    pointStyle: 'triangle',
    pointRotation: flag === 'high' ? 0 : 180,
    pointRadius: 5,
    borderColor: flag === 'high' ? HIGH_COLOUR : LOW_COLOUR,
    backgroundColor: flag === 'high' ? HIGH_COLOUR : LOW_COLOUR,
    order: 0,
  });
  const datasets: TrendDataset[] = [
    {
      type: 'line',
      label: 'hourly mean',
      data: [...variable.mean],
      yAxisID: 'y',
      borderColor: '#333333',
      backgroundColor: '#333333',
      borderWidth: 2,
      pointRadius: 2,
      spanGaps: false,
      order: 0,
    },
    marks('high', variable.max),
    marks('low', variable.min),
    {
      type: 'line',
      label: 'radiology note charted',
      data: perHour((t) => (notes.has(t) ? 0.94 : null)),
      yAxisID: TIMELINE_AXIS,
      showLine: false,
      pointStyle: 'rectRot',
      pointRadius: 5,
      borderColor: NOTE_COLOUR,
      backgroundColor: NOTE_COLOUR,
      order: 0,
    },
    {
      type: 'bar',
      label: 'evidence window (kept by the search)',
      data: perHour((t) => (evidence.has(t) ? 1 : null)),
      yAxisID: TIMELINE_AXIS,
      backgroundColor: translucent(EVIDENCE_COLOUR, 0.25),
      borderColor: translucent(EVIDENCE_COLOUR, 0.6),
      borderWidth: 1,
      barPercentage: 1,
      categoryPercentage: 1,
      grouped: false,
      order: 1,
    },
  ];
  if (normal)
    datasets.push({
      type: 'bar',
      label: `normal range ${normal.low}–${normal.high} ${variable.unit}`,
      data: perHour((): [number, number] => [normal.low, normal.high]),
      yAxisID: 'y',
      backgroundColor: translucent(NORMAL_COLOUR, 0.14),
      borderWidth: 0,
      barPercentage: 1,
      categoryPercentage: 1,
      grouped: false,
      order: 2,
    });
  return { type: 'bar', data: { labels: [...hourLabels], datasets }, options };
}

export interface ConvergenceThresholds {
  tauConf: number;
  tauSuff: number;
}

type Point = { x: number; y: number };

/**
 * The leading state at each step: p(m), confidence C and stability S on the probability
 * axis with the τ the search must reach, and, with `score`, the score on its own right-hand
 * axis (it spans up to 1 + λ, so sharing the probability axis would flatten the others). The
 * stay view leaves the score to its table: two y-axes on different scales read as crossing
 * lines to a clinician.
 */
export function traceScoreChart(
  leaders: readonly TraceLeaderData[],
  tau: ConvergenceThresholds,
  title: string,
  subtitle: string,
  { score }: { score: boolean } = { score: true },
): ChartConfiguration<'line', Point[]> {
  const options = baseOptions<'line'>(title, subtitle);
  // Step 0 is the empty start (not scored): it keeps a one-step search visible mid-axis.
  const last = Math.max(2, ...leaders.map((l) => l.step));
  options.scales = {
    x: linearAxis({
      title: 'search step (units added; 0 = empty start)',
      min: 0,
      max: last,
      integer: true,
    }),
    y: linearAxis({ title: 'risk, confidence, stability (0–1)', min: 0, max: 1 }),
    ...(score
      ? {
          score: {
            ...linearAxis({ title: 'score C + λS − μK' }),
            position: 'right' as const,
            grid: { drawOnChartArea: false },
          },
        }
      : {}),
  };
  const line = (label: string, colour: string, pick: (l: TraceLeaderData) => number) => ({
    label,
    data: leaders.map((l) => ({ x: l.step, y: pick(l) })),
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: 2,
    pointRadius: 3,
    yAxisID: 'y',
  });
  const threshold = (label: string, value: number, colour: string) => ({
    label,
    data: [
      { x: 0, y: value },
      { x: last, y: value },
    ],
    borderColor: colour,
    borderDash: [6, 4],
    borderWidth: 1,
    pointRadius: 0,
    yAxisID: 'y',
  });
  const thresholds =
    tau.tauConf === tau.tauSuff
      ? [threshold(`confidence and stability needed (${tau.tauConf})`, tau.tauConf, '#555555')]
      : [
          threshold(`confidence needed (${tau.tauConf})`, tau.tauConf, '#2ca02c'),
          threshold(`stability needed (${tau.tauSuff})`, tau.tauSuff, '#9467bd'),
        ];
  return {
    type: 'line',
    data: {
      datasets: [
        ...(score
          ? [{ ...line('score (right axis)', '#000000', (l) => l.score), yAxisID: 'score' }]
          : []),
        line('risk from the set alone', '#1f77b4', (l) => l.p),
        line('confidence', '#2ca02c', (l) => l.confidence),
        line('stability', '#9467bd', (l) => l.stability),
        ...thresholds,
      ],
    },
    options,
  };
}
