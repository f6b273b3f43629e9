// How each bias-audit metric is named and read (docs/audit-metrics.md).
import type { GroupMetric } from '../../../shared/bias-audit';
import type { FigureStyle } from '../../../shared/figure-text';

export const METRIC_INFO: Readonly<Record<GroupMetric, { label: string; style: FigureStyle }>> = {
  auroc: { label: 'AUROC', style: 'decimal' },
  ece: { label: 'ECE', style: 'decimal' },
  observedExpected: { label: 'O/E', style: 'ratio' },
  fpr: { label: 'FPR', style: 'percent' },
  fnr: { label: 'FNR', style: 'percent' },
  ppv: { label: 'PPV', style: 'percent' },
  exhaustionRate: { label: 'Exhaustion', style: 'percent' },
  abstentionRate: { label: 'Abstention', style: 'percent' },
  meanEvidenceSize: { label: 'Mean |E|', style: 'units' },
  fidelityMae: { label: 'Fidelity MAE', style: 'decimal' },
};

/** "p_adj = 0.012"; a p-value at the bootstrap's floor reads as a bound. */
export function formatAdjustedP(p: number | null, floor: number): string {
  if (p === null) return 'not tested';
  return p <= floor ? `p_adj ≤ ${floor.toFixed(4)}` : `p_adj = ${p.toFixed(3)}`;
}
