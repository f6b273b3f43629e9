/**
 * Figures of the spurious-feature audit: convergence rate and evidence size of the clean
 * and the corrupted model, by the stay's spurious_flag (paper appendix, "Spurious Feature
 * Injection").
 */
import type { ChartConfiguration } from 'chart.js';
import { baseOptions, categoryAxis, linearAxis } from './chart-style';
import { FLAG_GROUPS, type ArmGroup, type SpuriousAuditResult } from './spurious-result';

const GROUP_LABELS = { all: 'all stays', yes: 'spurious_flag = yes', no: 'spurious_flag = no' };
const ARM_COLOURS = { clean: '#1f77b4', corrupted: '#d62728' };
const ARM_LABELS = {
  clean: 'clean model',
  corrupted: 'corrupted model (trained with the artefact)',
};

function armChart(
  result: SpuriousAuditResult,
  value: (group: ArmGroup) => number | null,
  title: string,
  axis: string,
  max?: number,
): ChartConfiguration<'bar'> {
  const options = baseOptions<'bar'>(
    title,
    `dynamic ToE, S_max = ${result.maxSteps}; ${result.arms[0]?.cohort.staysEvaluated ?? 0} test stays per model (SYNTHETIC demo cohorts)`,
  );
  options.scales = {
    x: categoryAxis('stays'),
    y: linearAxis({ title: axis, min: 0, ...(max !== undefined ? { max } : {}) }),
  };
  return {
    type: 'bar',
    data: {
      labels: FLAG_GROUPS.map((flag) => GROUP_LABELS[flag]),
      datasets: result.arms.map((arm) => ({
        label: ARM_LABELS[arm.role],
        data: FLAG_GROUPS.map((flag) => {
          const group = arm.groups.find((g) => g.flag === flag);
          return group ? value(group) : null;
        }),
        backgroundColor: ARM_COLOURS[arm.role],
      })),
    },
    options,
  };
}

export function spuriousConvergenceChart(result: SpuriousAuditResult): ChartConfiguration<'bar'> {
  return armChart(
    result,
    (g) => (g.convergenceRate.estimate === null ? null : 100 * g.convergenceRate.estimate),
    'Convergence rate of the search, clean vs corrupted model',
    'searches converged (%)',
    100,
  );
}

export function spuriousEvidenceChart(result: SpuriousAuditResult): ChartConfiguration<'bar'> {
  return armChart(
    result,
    (g) => g.meanSize.estimate,
    'Evidence the search needs, clean vs corrupted model',
    'mean evidence size |E| (units)',
  );
}
