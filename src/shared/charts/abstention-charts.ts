/**
 * The abstention proof as a figure (dashboard and PDF alike): each policy's risk–coverage
 * curve — the error rate among the predictions it accepts, as it accepts more of them —
 * with the budget's coverage marked. Lower is better; a policy that ranks stays no better
 * than chance stays flat at the overall error rate.
 */
import type { ChartConfiguration } from 'chart.js';
import type { AbstentionAnalysis, AbstentionPolicyName } from '../abstention';
import { baseOptions, linearAxis } from './chart-style';

type Point = { x: number; y: number | null };

/** One colour per policy, the same in every abstention figure and table swatch. */
export const POLICY_COLOURS: Record<AbstentionPolicyName, string> = {
  'error-probability': '#2ca02c',
  exhausted: '#d62728',
  confidence: '#333333',
  'toe-tuned': '#ff7f0e',
  learned: '#9467bd',
  guaranteed: '#17becf',
};

export function riskCoverageChart(
  analysis: AbstentionAnalysis,
  subtitle: string,
): ChartConfiguration<'line', Point[]> {
  const options = baseOptions<'line'>(
    'Risk–coverage: error among accepted predictions, by abstention policy',
    subtitle,
  );
  options.scales = {
    x: linearAxis({ title: 'coverage (share of stays accepted without review)', min: 0, max: 1 }),
    y: linearAxis({ title: 'error rate among accepted stays', min: 0 }),
  };
  const scored = analysis.policies.filter((p) => p.riskCoverage.length > 0);
  const datasets = scored.map((p) => ({
    label: p.policy as string,
    data: p.riskCoverage.map((point) => ({ x: point.coverage, y: point.risk })),
    borderColor: POLICY_COLOURS[p.policy],
    backgroundColor: POLICY_COLOURS[p.policy],
    borderWidth: p.policy === analysis.policy ? 3 : 1.5,
    borderDash: p.policy === 'confidence' ? [] : [6, 3],
    pointRadius: 0,
    tension: 0,
  }));
  const chosen = analysis.policies.find((p) => p.policy === analysis.policy)?.all ?? null;
  if (chosen && chosen.stays > 0) {
    // The budget: everything right of this line is accepted without review.
    const coverage = 1 - chosen.flagged / chosen.stays;
    const top = Math.max(0, ...scored.flatMap((p) => p.riskCoverage.map((q) => q.risk)));
    datasets.push({
      label: `review budget (${chosen.flagged} flagged)`,
      data: [
        { x: coverage, y: 0 },
        { x: coverage, y: top },
      ],
      borderColor: '#7f7f7f',
      backgroundColor: '#7f7f7f',
      borderWidth: 1,
      borderDash: [2, 2],
      pointRadius: 0,
      tension: 0,
    });
  }
  return { type: 'line', data: { datasets }, options };
}
