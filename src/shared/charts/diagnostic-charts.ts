/**
 * The paper's diagnostic figures: calibration (full model vs ToE at k = 5), the evidence
 * size distribution of dynamic-mode ToE, and TP/FP search exhaustion.
 */
import type { ChartConfiguration } from 'chart.js';
import type { CalibrationSection, EvidenceSizeSection } from '../audit-statistics';
import { evidenceSizeDistributionChart } from './audit-charts';
import { baseOptions, categoryAxis, linearAxis, METHOD_COLOURS } from './chart-style';
import { METHOD_LABELS } from './evaluation-data';
import type { CalibrationComparison, DynamicExhaustion } from './evaluation-result';

type Point = { x: number; y: number };

/** Each bin's observed rate at its mean prediction; empty bins have neither. */
function curvePoints(section: CalibrationSection): Point[] {
  return section.curve.flatMap((bin) =>
    bin.meanPredicted !== null && bin.observedRate.estimate !== null
      ? [{ x: bin.meanPredicted, y: bin.observedRate.estimate }]
      : [],
  );
}

const ece = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));

/** Reliability diagram: observed event rate against mean predicted probability per bin. */
export function calibrationChart(
  section: CalibrationComparison,
): ChartConfiguration<'line', Point[]> {
  const options = baseOptions<'line'>(
    `Calibration: full model vs ToE at k = ${section.k}`,
    `ECE full ${ece(section.full.ece.estimate)}, ToE ${ece(section.toe.ece.estimate)} (10 equal-width bins; empty bins omitted)`,
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
          data: curvePoints(section.full),
          borderColor: '#1f77b4',
          backgroundColor: '#1f77b4',
          pointRadius: 4,
        },
        {
          label: `ToE, k = ${section.k}`,
          data: curvePoints(section.toe),
          borderColor: METHOD_COLOURS.toe,
          backgroundColor: METHOD_COLOURS.toe,
          pointRadius: 4,
        },
      ],
    },
    options,
  };
}

/**
 * Distribution of |E| for dynamic-mode ToE with S_max = section.maxSize, as the share of
 * each group's stays (groups differ in size), split by correctness or by outcome.
 */
export function evidenceSizeChart(
  section: EvidenceSizeSection,
  split: 'correctness' | 'outcome',
): ChartConfiguration<'bar'> {
  const groups =
    split === 'correctness'
      ? [
          { label: 'full model correct', group: section.byCorrectness.correct, colour: '#2ca02c' },
          { label: 'full model wrong', group: section.byCorrectness.incorrect, colour: '#d62728' },
        ]
      : [
          { label: 'survived / negative', group: section.byOutcome.negative, colour: '#1f77b4' },
          { label: 'died / positive', group: section.byOutcome.positive, colour: '#ff7f0e' },
        ];
  return evidenceSizeDistributionChart(
    `Evidence size of dynamic ToE (S_max = ${section.maxSize}) by ${split}`,
    groups,
    'share of each group; a search that never converged uses the whole budget',
  );
}

/** Exhaustion rate of true vs false positives, all stays and reachable stays only. */
export function exhaustionChart(section: DynamicExhaustion): ChartConfiguration<'bar'> {
  const pct = (value: number | null) => (value === null ? null : 100 * value);
  const { byClass, reachableOnly } = section.exhaustion;
  const options = baseOptions<'bar'>(
    `Search exhaustion (S_max = ${section.maxSteps}): true vs false positives`,
    `TP ${byClass.TP.stays}, FP ${byClass.FP.stays}; "reachable": stays whose p_full allows convergence`,
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
          data: [pct(byClass.TP.rate.estimate), pct(reachableOnly.tpRate.estimate)],
          backgroundColor: '#2ca02c',
        },
        {
          label: 'false positives',
          data: [pct(byClass.FP.rate.estimate), pct(reachableOnly.fpRate.estimate)],
          backgroundColor: '#d62728',
        },
      ],
    },
    options,
  };
}
