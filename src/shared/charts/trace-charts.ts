/**
 * Figures of one stay's audit: its vital signs over the observation window with the evidence
 * windows the search kept shaded, and the leading state's score, probability, confidence and
 * stability at each step of the search. Used by the PDF's example traces and the stay view.
 */
import type { ChartConfiguration, ChartDataset } from 'chart.js';
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

export interface ConvergenceThresholds {
  tauConf: number;
  tauSuff: number;
}

type Point = { x: number; y: number };

/**
 * The leading state at each step: p(m), confidence C and stability S on the probability
 * axis with the τ the search must reach, and the score on its own axis (it spans up to
 * 1 + λ, so sharing the probability axis would flatten the others).
 */
export function traceScoreChart(
  leaders: readonly TraceLeaderData[],
  tau: ConvergenceThresholds,
  title: string,
  subtitle: string,
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
    y: linearAxis({ title: 'p, C, S (probability)', min: 0, max: 1 }),
    score: {
      ...linearAxis({ title: 'score C + λS − μK' }),
      position: 'right',
      grid: { drawOnChartArea: false },
    },
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
      ? [threshold(`τ_conf = τ_suff = ${tau.tauConf}`, tau.tauConf, '#555555')]
      : [
          threshold(`τ_conf = ${tau.tauConf}`, tau.tauConf, '#2ca02c'),
          threshold(`τ_suff = ${tau.tauSuff}`, tau.tauSuff, '#9467bd'),
        ];
  return {
    type: 'line',
    data: {
      datasets: [
        { ...line('score (right axis)', '#000000', (l) => l.score), yAxisID: 'score' },
        line('p(evidence)', '#1f77b4', (l) => l.p),
        line('confidence C', '#2ca02c', (l) => l.confidence),
        line('stability S', '#9467bd', (l) => l.stability),
        ...thresholds,
      ],
    },
    options,
  };
}
