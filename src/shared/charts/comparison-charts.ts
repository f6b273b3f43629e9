/**
 * Figures of a comparison of two audit runs (PDF and app): both reliability curves on one
 * chart, the share of evidence sets holding each hour, and the variables most often charted
 * in the evidence's windows. Run A and run B keep one colour each in every figure; a flagged
 * difference (Benjamini–Hochberg) is drawn as a larger point or a bar in the warning colour.
 */
import type { ChartConfiguration } from 'chart.js';
import type { CalibrationSection } from '../audit-statistics';
import type { Estimate } from '../estimate';
import type { EvidenceComposition, VariableComposition } from '../run-comparison';
import { reliabilityChart, type Point } from './audit-charts';
import { baseOptions, categoryAxis, linearAxis } from './chart-style';

export const RUN_COLOURS = { a: '#1f77b4', b: '#ff7f0e' } as const;
const FLAGGED = '#c0392b';

const three = (e: Estimate) => (e.estimate === null ? 'n/a' : e.estimate.toFixed(3));
const percent = (e: Estimate) => (e.estimate === null ? null : 100 * e.estimate);

/** Both runs’ reliability curves of the decision’s probability with their 95% intervals, on one chart. */
export function comparisonReliabilityChart(
  calibration: { a: CalibrationSection; b: CalibrationSection },
  names: { a: string; b: string },
): ChartConfiguration<'line', Point[]> {
  return reliabilityChart(
    `Calibration of the decision’s probability: ${names.a} vs ${names.b}`,
    `ECE ${three(calibration.a.ece)} (A) vs ${three(calibration.b.ece)} (B); bars: 95% intervals of each bin's observed rate`,
    (['a', 'b'] as const).map((side) => ({
      label: names[side],
      section: calibration[side],
      colour: RUN_COLOURS[side],
    })),
  );
}

/** Share of evidence sets holding each hour's window, both runs; flagged hours stand out. */
export function evidenceHoursChart(
  evidence: EvidenceComposition,
  names: { a: string; b: string },
): ChartConfiguration<'line', (number | null)[]> {
  const options = baseOptions<'line'>(
    'Which hours the evidence holds',
    `share of evidence sets holding each hourly window; large red-ringed points: difference flagged (BH, ${evidence.flagged} of ${evidence.tested} hours and variables)`,
  );
  options.scales = {
    x: categoryAxis('hour of the observation window'),
    y: linearAxis({ title: 'evidence sets holding the hour (%)', min: 0 }),
  };
  const flagged = evidence.byHour.map((h) => h.flagged);
  const line = (side: 'a' | 'b') => ({
    label: names[side],
    data: evidence.byHour.map((h) => percent(h[side])),
    borderColor: RUN_COLOURS[side],
    backgroundColor: RUN_COLOURS[side],
    pointBorderColor: flagged.map((f) => (f ? FLAGGED : RUN_COLOURS[side])),
    pointBorderWidth: flagged.map((f) => (f ? 2 : 1)),
    pointRadius: flagged.map((f) => (f ? 5 : 2)),
    borderWidth: 2,
  });
  return {
    type: 'line',
    data: {
      labels: evidence.byHour.map((h) => String(h.hour + 1)),
      datasets: [line('a'), line('b')],
    },
    options,
  };
}

/** The variables charted most often in either run's evidence windows, most first. */
export function dominantVariables(
  evidence: EvidenceComposition,
  count: number,
): VariableComposition[] {
  const top = (v: VariableComposition) => Math.max(v.a.estimate ?? 0, v.b.estimate ?? 0);
  return [...evidence.byVariable].sort((x, y) => top(y) - top(x)).slice(0, count);
}

/** Horizontal bars: share of evidence windows in which each variable was charted, A and B. */
export function evidenceVariablesChart(
  variables: readonly VariableComposition[],
  names: { a: string; b: string },
): ChartConfiguration<'bar', (number | null)[]> {
  const options = baseOptions<'bar'>(
    'Which variables were charted in the evidence',
    'share of the evidence’s hourly windows in which the variable was charted; red labels: difference flagged (BH)',
  );
  options.indexAxis = 'y';
  options.scales = {
    x: linearAxis({ title: 'evidence windows with the variable charted (%)', min: 0, max: 100 }),
    y: {
      ...categoryAxis('variable'),
      ticks: { color: variables.map((v) => (v.flagged ? FLAGGED : '#444444')) },
    },
  };
  const bars = (side: 'a' | 'b') => ({
    label: names[side],
    data: variables.map((v) => percent(v[side])),
    backgroundColor: RUN_COLOURS[side],
  });
  return {
    type: 'bar',
    data: {
      labels: variables.map((v) => (v.flagged ? `${v.variable} *` : v.variable)),
      datasets: [bars('a'), bars('b')],
    },
    options,
  };
}
