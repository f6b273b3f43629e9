/**
 * Chart definitions of the evaluation report: pure functions from the result JSON to
 * chart.js configurations, with no Node or DOM import, so the CLI's PNG renderer and the
 * app's renderer draw the same figures.
 */
import type { ChartConfiguration } from 'chart.js';
import { budgetChart } from './budget-charts';
import {
  evidenceSizeChart,
  exhaustionByClassChart,
  fullVsEvidenceReliabilityChart,
} from './audit-charts';
import { ABLATION_METHODS } from './evaluation-data';
import type { EvaluationResult } from './evaluation-result';
import { spuriousConvergenceChart, spuriousEvidenceChart } from './spurious-charts';
import type { SpuriousAuditResult } from './spurious-result';

export * from './evaluation-data';
export * from './evaluation-result';
export * from './spurious-result';
export { POLICY_COLOURS, riskCoverageChart } from './abstention-charts';
export { budgetChart, type BudgetMetric } from './budget-charts';
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

/** What a `toe evaluate` evidence-size chart shows: dynamic-mode ToE at its largest budget. */
const sizeSubtitle = (maxSize: number) =>
  `dynamic ToE, S_max = ${maxSize}; share of each group; a search that never converged uses the whole budget`;

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
    const { k, full, toe } = result.calibration;
    figures.push(
      figure(
        'calibration.png',
        'Calibration (reliability)',
        fullVsEvidenceReliabilityChart(
          { full, evidence: toe },
          '10 equal-width bins, empty bins omitted; vertical bars: 95% CI of the observed rate',
          `ToE, k = ${k}`,
        ),
      ),
    );
  }
  const first = result.evidenceSize[0];
  if (first) {
    figures.push(
      figure(
        'evidence-size-correctness.png',
        `Evidence size at S_max = ${first.maxSize} by correctness`,
        evidenceSizeChart(first, 'correctness', sizeSubtitle(first.maxSize)),
      ),
      figure(
        'evidence-size-outcome.png',
        `Evidence size at S_max = ${first.maxSize} by outcome`,
        evidenceSizeChart(first, 'outcome', sizeSubtitle(first.maxSize)),
      ),
    );
  }
  if (result.exhaustion) {
    const { maxSteps, exhaustion } = result.exhaustion;
    figures.push(
      figure(
        'exhaustion.png',
        'TP/FP search exhaustion',
        exhaustionByClassChart(exhaustion.byClass, `S_max = ${maxSteps}; black bars: 95% CI`),
      ),
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
