/**
 * Results-page sections on ToE's own design: the objective ablation (λ, μ, no search), stability
 * in probability vs logit space, the modality ablation, the optimality gap against
 * exhaustive enumeration, and the concept bottleneck (paper, "Ablation Studies", appendix).
 */
import { METHOD_LABELS, type EvaluationResult, type RowMethod } from '../../../../shared/charts';
import { rowOf } from './faithfulness-sections';
import { budgetsShown, figureLink, nearestBudget, table, withCi } from './markdown-format';

const notRun = (what: string) => `${what}: not run (needs ToE in \`--methods\`).`;

function configurationTable(
  result: EvaluationResult,
  k: number,
  configurations: readonly [string, RowMethod][],
): string {
  return table(
    ['configuration', 'AUROC', 'AUPRC', 'fidelity MAE', 'comprehensiveness'],
    configurations.map(([label, method]) => {
      const row = rowOf(result, method, k);
      return [
        label,
        withCi(row?.auroc),
        withCi(row?.auprc),
        withCi(row?.fidelityMae),
        withCi(row?.comprehensiveness),
      ];
    }),
  );
}

export function objectiveSection(result: EvaluationResult): string {
  const k = nearestBudget(5, result.settings.ks);
  if (k === undefined || !rowOf(result, 'toe-lambda0', k))
    return `## 5. Objective ablation\n\n${notRun('The objective ablation')}`;
  const p = result.settings.search;
  return [
    `## 5. Objective ablation (k = ${k})`,
    '',
    configurationTable(result, k, [
      [`Full (λ = ${p.lambda}, μ = ${p.mu})`, 'toe'],
      ['Full, the paper’s order of tied states (score alone)', 'toe-paper-order'],
      [`No stability (λ = 0, μ = ${p.mu})`, 'toe-lambda0'],
      [`No sparsity (λ = ${p.lambda}, μ = 0)`, 'toe-mu0'],
      ['Top-k ranking (no search)', 'topk'],
    ]),
    '',
    'Every state of a step has the same size, at a fixed budget and in the audit’s dynamic mode alike, so μ shifts all scores equally and cannot change the beam (and the audit’s stop tests C and S, not the score): the μ = 0 row must equal the full row (the paper notes the same for fixed budgets).',
    '',
    `With λ = ${p.lambda} the score is flat past the target: for a positive decision and p ≥ p_full, C + S = 1 + p_full whatever p is, so many states tie. This product orders tied states by |p_full − p| (method.md), which is the fidelity metric itself; the paper's algorithm orders them by score alone. The second row is ToE in the paper's order: compare its fidelity MAE with the first before setting ToE's fidelity beside the paper's.`,
    '',
    figureLink('ablation-mae.png', 'Fidelity MAE of the ToE ablations vs k'),
  ].join('\n');
}

export function stabilitySection(result: EvaluationResult): string {
  if (!result.rows.some((r) => r.method === 'toe-logit'))
    return `## 6. Probability- vs logit-space stability\n\n${notRun('The stability comparison')}`;
  const rows = budgetsShown([1, 5, 12], result.settings.ks).flatMap((k) =>
    (
      [
        ['probability', 'toe'],
        ['logit', 'toe-logit'],
      ] as const
    ).map(([space, method]) => {
      const row = rowOf(result, method, k);
      return [
        String(k),
        space,
        withCi(row?.auroc),
        withCi(row?.fidelityMae),
        withCi(row?.comprehensiveness),
      ];
    }),
  );
  return [
    '## 6. Probability- vs logit-space stability',
    '',
    'S(m) = 1 − |p_full − p(m)| against S(m) = 1 − |logit p_full − logit p(m)|, all else equal:',
    '',
    table(['k', 'space', 'AUROC', 'fidelity MAE', 'comprehensiveness'], rows),
  ].join('\n');
}

export function modalitySection(result: EvaluationResult): string {
  const k = nearestBudget(5, result.settings.ks);
  if (k === undefined || !rowOf(result, 'toe-ts-only', k))
    return `## 7. Modality ablation\n\n${notRun('The modality ablation')}`;
  const rows = (
    [
      ['time series only', 'toe-ts-only'],
      ['notes only', 'toe-notes-only'],
      ['both', 'toe'],
    ] as const
  ).map(([label, method]) => {
    const row = rowOf(result, method, k);
    const size = row ? row.meanSize.toFixed(2) : 'n/a';
    return [label, withCi(row?.auroc), withCi(row?.auprc), withCi(row?.fidelityMae), size];
  });
  const windowsOnly = !rowOf(result, 'toe-notes-only', k);
  return [
    `## 7. Modality ablation (k = ${k})`,
    '',
    windowsOnly
      ? 'The bundle is TS-only (hourly windows only): the notes-only search needs a note stream and was not run, and "both" is the time series alone.'
      : 'ToE with its candidates restricted to one stream; the other stream stays masked. A stay with no notes has nothing to select in the notes-only search, so its evidence is empty (hence mean |E| below k).',
    '',
    table(['modality', 'AUROC', 'AUPRC', 'fidelity MAE', 'mean |E|'], rows),
  ].join('\n');
}

export function optimalitySection(result: EvaluationResult): string {
  if (result.optimality.length === 0)
    return `## 8. Optimality gap\n\n${notRun('The optimality gap')}`;
  const rows = result.optimality.map((o) => [
    String(o.k),
    withCi(o.toeAuroc),
    withCi(o.exhaustiveAuroc),
    withCi(o.gap, 'fine-signed'),
    withCi(o.optimumFound, 'percent'),
    withCi(o.scoreShortfall, 'fine'),
    withCi(o.sameSet, 'percent'),
  ]);
  return [
    '## 8. Optimality gap: ToE vs exhaustive search',
    '',
    "Exhaustive enumeration scores every k-set of ToE's candidates under the same objective and keeps the best. Gap = ToE AUROC − exhaustive AUROC (paired). ToE can reach the optimal score with another set: with λ = 1 every set whose p lies beyond p_full scores the same (the plateau), and exhaustive search then picks the one closest to p_full among all k-sets, ToE among its beam's children.",
    '',
    table(
      [
        'k',
        'ToE AUROC',
        'exhaustive AUROC',
        'gap',
        'ToE scored as well as the optimum',
        'mean score shortfall',
        'ToE returned the same set',
      ],
      rows,
    ),
  ].join('\n');
}

export function conceptBottleneckSection(result: EvaluationResult): string {
  const cbm = result.cbm;
  if (!cbm) return '## 9. Concept bottleneck\n\nNot run (`cbm` not in `--methods`).';
  const toeRows = budgetsShown([1, 5, 10], result.settings.ks).flatMap((k) => {
    const row = rowOf(result, 'toe', k);
    return row ? [[`ToE, k = ${k}`, withCi(row.auroc), withCi(row.auprc), withCi(row.ece)]] : [];
  });
  return [
    '## 9. Comparison with the hard concept bottleneck',
    '',
    `Logistic regression on 24 binary severity-score concepts, trained once on the train split (${cbm.trainStays} stays, class-balanced; solver ${cbm.converged ? 'converged' : 'did NOT converge'}).${cbm.unavailableConcepts.length > 0 ? ` Concepts this cohort cannot express (always 0): ${cbm.unavailableConcepts.join(', ')}.` : ''}`,
    '',
    table(
      ['model', 'AUROC', 'AUPRC', 'ECE'],
      [
        [METHOD_LABELS.cbm, withCi(cbm.auroc), withCi(cbm.auprc), withCi(cbm.ece)],
        [
          METHOD_LABELS.full,
          withCi(result.full.auroc),
          withCi(result.full.auprc),
          withCi(result.full.ece),
        ],
        ...toeRows,
      ],
    ),
  ].join('\n');
}
