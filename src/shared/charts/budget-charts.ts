/**
 * Figures of a metric against the evidence budget k, one line per method with its bootstrap
 * 95% interval as a light band: the faithfulness–sparsity frontier (paper, Figure
 * "Faithfulness-Sparsity Frontier"), comprehensiveness across k and the ablations.
 */
import type { ChartConfiguration, ChartDataset } from 'chart.js';
import { baseOptions, linearAxis, METHOD_COLOURS, translucent } from './chart-style';
import type { Estimate } from '../estimate';
import { COMPARED_METHODS, METHOD_LABELS, type MethodRow, type RowMethod } from './evaluation-data';
import type { EvaluationResult } from './evaluation-result';

export type BudgetMetric = 'auroc' | 'fidelityMae' | 'comprehensiveness' | 'ece';

interface MetricText {
  title: string;
  axis: string;
  min?: number;
  max?: number;
}

const METRIC_TEXT: Record<BudgetMetric, MetricText> = {
  auroc: {
    title: 'Sufficiency AUROC vs evidence budget',
    axis: 'sufficiency AUROC (0.5 = chance)',
  },
  fidelityMae: {
    title: 'Fidelity MAE vs evidence budget (lower is better)',
    axis: 'fidelity MAE, mean |p_full − p(m)| (probability)',
    min: 0,
  },
  comprehensiveness: {
    title: 'Comprehensiveness vs evidence budget',
    axis: 'comprehensiveness, drop in Pr(ŷ_full) (probability)',
  },
  ece: {
    title: 'Calibration error vs evidence budget',
    axis: 'ECE, 10 bins (probability)',
    min: 0,
  },
};

type Point = { x: number; y: number | null };
type LineDataset = ChartDataset<'line', Point[]>;

/**
 * The line of one method and, with `band`, its CI band behind it (two helper datasets with
 * no legend entry). Bands for every method overlap into a grey wash, so charts band only
 * the method under study and leave every interval to the report's tables.
 */
function methodDatasets(
  method: RowMethod,
  rows: readonly MethodRow[],
  metric: BudgetMetric,
  band: boolean,
): LineDataset[] {
  const colour = METHOD_COLOURS[method];
  const points = (pick: (e: Estimate) => number | null): Point[] =>
    rows.map((row) => ({ x: row.k, y: pick(row[metric]) }));
  const lower: LineDataset = {
    label: '',
    data: points((e) => e.lower),
    borderColor: 'rgba(0, 0, 0, 0)',
    pointRadius: 0,
    fill: false,
  };
  const upper: LineDataset = {
    label: '',
    data: points((e) => e.upper),
    borderColor: 'rgba(0, 0, 0, 0)',
    backgroundColor: translucent(colour, 0.12),
    pointRadius: 0,
    fill: '-1',
  };
  const line: LineDataset = {
    label: METHOD_LABELS[method],
    data: points((e) => e.estimate),
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: method === 'toe' ? 3 : 2,
    pointRadius: 3,
    fill: false,
  };
  return band ? [lower, upper, line] : [line];
}

/** A dashed horizontal reference line across the budgets (full model, concept bottleneck). */
function referenceLine(label: string, value: number | null, ks: readonly number[], colour: string) {
  const dataset: LineDataset = {
    label,
    data: [
      { x: Math.min(...ks), y: value },
      { x: Math.max(...ks), y: value },
    ],
    borderColor: colour,
    backgroundColor: colour,
    borderDash: [6, 4],
    borderWidth: 2,
    pointRadius: 0,
    fill: false,
  };
  return dataset;
}

/**
 * `metric` against k for `methods` (default: the compared explainers present in the result).
 * AUROC charts also carry the full model and, when evaluated, the concept bottleneck.
 */
export function budgetChart(
  result: Pick<EvaluationResult, 'rows' | 'full' | 'cbm' | 'settings' | 'provenance'>,
  metric: BudgetMetric,
  methods: readonly RowMethod[] = COMPARED_METHODS,
  title?: string,
): ChartConfiguration<'line', Point[]> {
  const text = METRIC_TEXT[metric];
  const ks = result.settings.ks;
  const datasets: LineDataset[] = [];
  for (const method of methods) {
    const rows = result.rows.filter((row) => row.method === method).sort((a, b) => a.k - b.k);
    if (rows.length > 0) datasets.push(...methodDatasets(method, rows, metric, method === 'toe'));
  }
  if (metric === 'auroc' || metric === 'ece') {
    const full = result.full[metric].estimate;
    datasets.push(referenceLine(METHOD_LABELS.full, full, ks, METHOD_COLOURS.full));
  }
  if (metric === 'auroc' && result.cbm) {
    datasets.push(
      referenceLine(METHOD_LABELS.cbm, result.cbm.auroc.estimate, ks, METHOD_COLOURS.cbm),
    );
  }
  const cohort = result.provenance.cohort;
  const options = baseOptions<'line'>(
    title ?? text.title,
    `${cohort.name}${cohort.synthetic ? ' (SYNTHETIC)' : ''}, ${cohort.split} split, ${cohort.staysEvaluated} stays, task ${result.settings.task}; band: ToE's bootstrap 95% CI (every interval is in the report's tables)`,
  );
  options.scales = {
    x: linearAxis({ title: 'evidence budget k (units)', min: 0, integer: true }),
    y: linearAxis({
      title: text.axis,
      ...(text.min !== undefined ? { min: text.min } : {}),
      ...(text.max !== undefined ? { max: text.max } : {}),
    }),
  };
  return { type: 'line', data: { datasets }, options };
}
