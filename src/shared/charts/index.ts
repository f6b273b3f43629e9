/**
 * Chart definitions of the evaluation report: pure functions from the result JSON to
 * chart.js configurations, with no Node or DOM import, so the CLI's PNG renderer and the
 * app's renderer draw the same figures.
 */
import type { ChartConfiguration } from 'chart.js';
import { budgetChart } from './budget-charts';
import { calibrationChart, evidenceSizeChart, exhaustionChart } from './diagnostic-charts';
import { ABLATION_METHODS } from './evaluation-data';
import type { EvaluationResult } from './evaluation-result';
import { spuriousConvergenceChart, spuriousEvidenceChart } from './spurious-charts';
import type { SpuriousAuditResult } from './spurious-result';

export * from './evaluation-data';
export * from './evaluation-result';
export * from './spurious-result';
export { POLICY_COLOURS, riskCoverageChart } from './abstention-charts';
export { budgetChart, type BudgetMetric } from './budget-charts';
export { calibrationChart, evidenceSizeChart, exhaustionChart } from './diagnostic-charts';
export { spuriousConvergenceChart, spuriousEvidenceChart } from './spurious-charts';
export { METHOD_COLOURS } from './chart-style';

/** One chart image of a report: its file name (PNG beside the Markdown), caption and chart. */
export interface ChartImage {
  file: string;
  caption: string;
  config: ChartConfiguration;
}

// chart.js's configuration type is invariant in the chart type; a figure list mixes them.
const figure = (file: string, caption: string, config: object): ChartImage => ({
  file,
  caption,
  config: config as ChartConfiguration,
});

/** Every figure of the evaluation report that the result has data for. */
export function evaluationFigures(result: EvaluationResult): ChartImage[] {
  const figures: ChartImage[] = [
    figure('frontier-auroc.png', 'Sufficiency AUROC vs k', budgetChart(result, 'auroc')),
    figure('frontier-mae.png', 'Fidelity MAE vs k', budgetChart(result, 'fidelityMae')),
    figure(
      'comprehensiveness.png',
      'Comprehensiveness vs k',
      budgetChart(result, 'comprehensiveness'),
    ),
  ];
  if (result.rows.some((row) => row.method === 'toe-lambda0')) {
    figures.push(
      figure(
        'ablation-mae.png',
        'Fidelity MAE of the ToE ablations vs k',
        budgetChart(
          result,
          'fidelityMae',
          ['toe', ...ABLATION_METHODS, 'topk'],
          'Fidelity MAE of ToE ablations vs evidence budget',
        ),
      ),
    );
  }
  if (result.calibration) {
    figures.push(
      figure('calibration.png', 'Calibration (reliability)', calibrationChart(result.calibration)),
    );
  }
  const first = result.evidenceSize[0];
  if (first) {
    figures.push(
      figure(
        'evidence-size-correctness.png',
        `Evidence size at S_max = ${first.maxSize} by correctness`,
        evidenceSizeChart(first, 'correctness'),
      ),
      figure(
        'evidence-size-outcome.png',
        `Evidence size at S_max = ${first.maxSize} by outcome`,
        evidenceSizeChart(first, 'outcome'),
      ),
    );
  }
  if (result.exhaustion) {
    figures.push(
      figure('exhaustion.png', 'TP/FP search exhaustion', exhaustionChart(result.exhaustion)),
    );
  }
  return figures;
}

/** The figures of the spurious-feature audit report. */
export function spuriousFigures(result: SpuriousAuditResult): ChartImage[] {
  return [
    figure(
      'spurious-convergence.png',
      'Convergence rate by spurious_flag',
      spuriousConvergenceChart(result),
    ),
    figure(
      'spurious-evidence.png',
      'Evidence size by spurious_flag',
      spuriousEvidenceChart(result),
    ),
  ];
}
