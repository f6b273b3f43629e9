/**
 * The paper's diagnostic figures: calibration (full model vs ToE at k = 5), the evidence
 * size distribution of dynamic-mode ToE, and TP/FP search exhaustion.
 */
import type { ChartConfiguration } from 'chart.js';
import { baseOptions, categoryAxis, linearAxis, METHOD_COLOURS } from './chart-style';
import {
  METHOD_LABELS,
  type EvidenceSizeSection,
  type ExhaustionSection,
  type ReliabilityPoint,
} from './evaluation-data';
import type { CalibrationSection } from './evaluation-result';

type Point = { x: number; y: number };

function curvePoints(curve: readonly ReliabilityPoint[]): Point[] {
  return curve.flatMap((bin) =>
    bin.meanPredicted !== null && bin.observedRate !== null
      ? [{ x: bin.meanPredicted, y: bin.observedRate }]
      : [],
  );
}

const ece = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));

/** Reliability diagram: observed event rate against mean predicted probability per bin. */
export function calibrationChart(section: CalibrationSection): ChartConfiguration<'line', Point[]> {
  const options = baseOptions<'line'>(
    `Calibration: full model vs ToE at k = ${section.k}`,
    `ECE full ${ece(section.fullEce.estimate)}, ToE ${ece(section.toeEce.estimate)} (10 equal-width bins; empty bins omitted)`,
  );
  options.scales = {
    x: linearAxis({ title: 'mean predicted probability in bin', min: 0, max: 1 }),
    y: linearAxis({ title: 'observed event rate in bin', min: 0, max: 1 }),
  };
  return {
    type: 'line',
    data: {
      datasets: [
        {
          label: 'perfect calibration',
          data: [
            { x: 0, y: 0 },
            { x: 1, y: 1 },
          ],
          borderColor: '#999999',
          borderDash: [4, 4],
          pointRadius: 0,
        },
        {
          label: METHOD_LABELS.full,
          data: curvePoints(section.fullCurve),
          borderColor: '#1f77b4',
          backgroundColor: '#1f77b4',
          pointRadius: 4,
        },
        {
          label: `ToE, k = ${section.k}`,
          data: curvePoints(section.toeCurve),
          borderColor: METHOD_COLOURS.toe,
          backgroundColor: METHOD_COLOURS.toe,
          pointRadius: 4,
        },
      ],
    },
    options,
  };
}

const percentOf = (counts: readonly number[]) => {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total > 0 ? (100 * c) / total : 0));
};

/**
 * Distribution of |E| for dynamic-mode ToE with S_max = section.maxSteps, as the share of
 * each group's stays (groups differ in size), split by correctness or by outcome.
 */
export function evidenceSizeChart(
  section: EvidenceSizeSection,
  split: 'correctness' | 'outcome',
): ChartConfiguration<'bar'> {
  const h = section.histograms;
  const c = section.counts;
  const groups =
    split === 'correctness'
      ? [
          { label: `full model correct (n = ${c.correct})`, counts: h.correct, colour: '#2ca02c' },
          {
            label: `full model wrong (n = ${c.incorrect})`,
            counts: h.incorrect,
            colour: '#d62728',
          },
        ]
      : [
          {
            label: `survived / negative (n = ${c.negative})`,
            counts: h.negative,
            colour: '#1f77b4',
          },
          { label: `died / positive (n = ${c.positive})`, counts: h.positive, colour: '#ff7f0e' },
        ];
  const options = baseOptions<'bar'>(
    `Evidence size of dynamic ToE (S_max = ${section.maxSteps}) by ${split}`,
    'share of each group; a search that never converged uses the whole budget',
  );
  options.scales = {
    x: categoryAxis('evidence size |E| (units)'),
    y: linearAxis({ title: 'stays in group (%)', min: 0 }),
  };
  return {
    type: 'bar',
    data: {
      labels: h.all.map((_, size) => String(size)),
      datasets: groups.map((g) => ({
        label: g.label,
        data: percentOf(g.counts),
        backgroundColor: g.colour,
      })),
    },
    options,
  };
}

/** Exhaustion rate of true vs false positives, all stays and reachable stays only. */
export function exhaustionChart(section: ExhaustionSection): ChartConfiguration<'bar'> {
  const pct = (value: number | null) => (value === null ? null : 100 * value);
  const options = baseOptions<'bar'>(
    `Search exhaustion (S_max = ${section.maxSteps}): true vs false positives`,
    `TP ${section.counts.tp}, FP ${section.counts.fp}; "reachable": stays whose p_full allows convergence`,
  );
  options.scales = {
    x: categoryAxis('stays counted'),
    y: linearAxis({ title: 'searches exhausted (%)', min: 0 }),
  };
  return {
    type: 'bar',
    data: {
      labels: ['all positive predictions', 'reachable only'],
      datasets: [
        {
          label: 'true positives',
          data: [pct(section.tpRate.estimate), pct(section.reachableTpRate.estimate)],
          backgroundColor: '#2ca02c',
        },
        {
          label: 'false positives',
          data: [pct(section.fpRate.estimate), pct(section.reachableFpRate.estimate)],
          backgroundColor: '#d62728',
        },
      ],
    },
    options,
  };
}
