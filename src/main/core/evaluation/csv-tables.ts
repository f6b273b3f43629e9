/**
 * The result as CSV for spreadsheets and other tools: methods.csv has one row per
 * (method, k) with every metric's estimate, lower and upper bound; summary.csv has every
 * other figure of the report in long form (section, figure, k, estimate, lower, upper).
 * Undefined figures are empty cells.
 */
import { METHOD_LABELS, type EvaluationResult, type MethodRow } from '../../../shared/charts';
import type { Estimate } from '../../../shared/estimate';

const METRICS = [
  'auroc',
  'auprc',
  'fidelityMae',
  'comprehensiveness',
  'ece',
  'decisionAgreement',
] as const satisfies readonly (keyof MethodRow)[];

const cell = (value: string | number | null): string => {
  if (value === null) return '';
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csv = (rows: readonly (readonly (string | number | null)[])[]): string =>
  `${rows.map((r) => r.map(cell).join(',')).join('\n')}\n`;

export function methodsCsv(result: EvaluationResult): string {
  const header = ['method', 'label', 'k', 'mean_size'];
  for (const m of METRICS) header.push(m, `${m}_lower`, `${m}_upper`);
  const rows = result.rows.map((row) => {
    const cells: (string | number | null)[] = [
      row.method,
      METHOD_LABELS[row.method],
      row.k,
      row.meanSize,
    ];
    for (const m of METRICS) cells.push(row[m].estimate, row[m].lower, row[m].upper);
    return cells;
  });
  return csv([header, ...rows]);
}

type Line = [section: string, figure: string, k: number | null, value: Estimate];

function summaryLines(result: EvaluationResult): Line[] {
  const lines: Line[] = [
    ['full model', 'auroc', null, result.full.auroc],
    ['full model', 'auprc', null, result.full.auprc],
    ['full model', 'ece', null, result.full.ece],
  ];
  const h = result.headline;
  if (h.retentionAt5) lines.push(['headline', 'toe_auroc_retention', 5, h.retentionAt5]);
  for (const m of h.maeComparison) {
    lines.push(['headline', 'toe_fidelity_mae', m.k, m.toe]);
    lines.push(['headline', 'topk_fidelity_mae', m.k, m.topk]);
    lines.push(['headline', 'mae_ratio_toe_over_topk', m.k, m.ratio]);
  }
  if (result.cbm) {
    for (const f of ['auroc', 'auprc', 'ece'] as const)
      lines.push(['concept bottleneck', f, null, result.cbm[f]]);
  }
  for (const o of result.optimality) {
    lines.push(['optimality', 'toe_auroc', o.k, o.toeAuroc]);
    lines.push(['optimality', 'exhaustive_auroc', o.k, o.exhaustiveAuroc]);
    lines.push(['optimality', 'gap', o.k, o.gap]);
    lines.push(['optimality', 'optimum_found_share', o.k, o.optimumFound]);
    lines.push(['optimality', 'score_shortfall', o.k, o.scoreShortfall]);
    lines.push(['optimality', 'same_set_share', o.k, o.sameSet]);
  }
  const c = result.calibration;
  if (c) {
    lines.push(['calibration', 'full_ece', c.k, c.full.ece]);
    lines.push(['calibration', 'toe_ece', c.k, c.toe.ece]);
    lines.push(['calibration', 'toe_minus_full_ece', c.k, c.difference]);
  }
  for (const s of result.evidenceSize) {
    const section = `evidence size (S_max ${s.maxSize})`;
    const groups = { all: s.all, ...s.byCorrectness };
    for (const g of ['all', 'correct', 'incorrect'] as const) {
      lines.push([section, `mean_size_${g}`, null, groups[g].mean]);
      lines.push([section, `exhausted_share_${g}`, null, groups[g].exhausted]);
    }
  }
  if (result.exhaustion) {
    const { maxSteps, exhaustion: e, abstention } = result.exhaustion;
    const section = `exhaustion (S_max ${maxSteps})`;
    lines.push([section, 'tp_rate', null, e.byClass.TP.rate]);
    lines.push([section, 'fp_rate', null, e.byClass.FP.rate]);
    lines.push([section, 'fp_over_tp_ratio', null, e.fpTpRatio]);
    lines.push([section, 'reachable_share', null, e.reachableShare]);
    lines.push([section, 'reachable_tp_rate', null, e.reachableOnly.tpRate]);
    lines.push([section, 'reachable_fp_rate', null, e.reachableOnly.fpRate]);
    for (const [rule, a] of [
      ['abstain_on_exhaustion', abstention.onExhaustion],
      ['abstain_on_unreachable', abstention.onUnreachable],
    ] as const) {
      lines.push([section, `${rule}_precision_gained`, null, a.precisionGained]);
      lines.push([section, `${rule}_sensitivity_lost`, null, a.sensitivityLost]);
    }
  }
  return lines;
}

export function summaryCsv(result: EvaluationResult): string {
  return csv([
    ['section', 'figure', 'k', 'estimate', 'lower', 'upper'],
    ...summaryLines(result).map(([section, figure, k, v]) => [
      section,
      figure,
      k,
      v.estimate,
      v.lower,
      v.upper,
    ]),
  ]);
}
