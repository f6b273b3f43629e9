/**
 * Results-page sections on calibration and on dynamic-mode (audit) ToE: evidence size by outcome
 * and correctness, TP/FP exhaustion and what abstaining on it buys (paper appendix
 * "Calibration", "Evidence Size Distribution"; "Auditing Model Reliability").
 */
import { describeBudget, referenceComparisonWords } from '../../../../shared/abstention';
import type {
  AbstentionFigures,
  EvidenceSizeSection,
  SizeGroup,
} from '../../../../shared/audit-statistics';
import { describeDecision } from '../../../../shared/calibration';
import type { EvaluationAbstention, EvaluationResult } from '../../../../shared/charts';
import { figureLink, table, withCi } from './markdown-format';

export function calibrationPageSection(result: EvaluationResult): string {
  const c = result.calibration;
  if (!c) return '## 10. Calibration\n\nNot run (needs ToE in `--methods`).';
  return [
    `## 10. Calibration (full model vs ToE at k = ${c.k})`,
    '',
    table(
      ['model', 'ECE (10 equal-width bins)'],
      [
        ['full model', withCi(c.full.ece)],
        [`ToE, k = ${c.k}`, withCi(c.toe.ece)],
        ['difference ToE − full (paired)', withCi(c.difference, 'decimal-signed')],
      ],
    ),
    '',
    figureLink('calibration.png', 'Reliability diagram'),
  ].join('\n');
}

function sizeTable(s: EvidenceSizeSection): string {
  const { all, byOutcome, byCorrectness } = s;
  const axis = all.histogram.map((_, size) => `|E| = ${size}`);
  const row = (name: string, g: SizeGroup) => [
    name,
    String(g.n),
    withCi(g.mean, 'units'),
    withCi(g.exhausted, 'percent'),
  ];
  const histogram = (name: string, g: SizeGroup) => [
    `${name} (${g.n})`,
    ...g.histogram.map(String),
  ];
  return [
    table(
      ['stays', 'n', 'mean |E|', 'search exhausted (did not converge)'],
      [
        row('all', all),
        row('full model correct', byCorrectness.correct),
        row('full model wrong', byCorrectness.incorrect),
      ],
    ),
    '',
    table(
      ['histogram (stays)', ...axis],
      [
        histogram('outcome negative', byOutcome.negative),
        histogram('outcome positive', byOutcome.positive),
        histogram('correct', byCorrectness.correct),
        histogram('wrong', byCorrectness.incorrect),
      ],
    ),
  ].join('\n');
}

export function evidenceSizePageSection(result: EvaluationResult): string {
  if (result.evidenceSize.length === 0)
    return '## 11. Evidence size distribution\n\nNot run (needs ToE in `--methods`).';
  const parts = ['## 11. Evidence size distribution (dynamic-mode ToE)', ''];
  parts.push(
    'Audit-mode search stops as soon as its best state is sufficient (C ≥ τ_conf and S ≥ τ_suff); |E| is the number of units it then holds. "Correct" compares the full-input decision ŷ_full with the true outcome.',
  );
  for (const section of result.evidenceSize) {
    parts.push('', `### S_max = ${section.maxSize}`, '', sizeTable(section));
  }
  const first = result.evidenceSize[0]!;
  parts.push(
    '',
    figureLink(
      'evidence-size-correctness.png',
      `Evidence size at S_max = ${first.maxSize} by correctness`,
    ),
    '',
    figureLink('evidence-size-outcome.png', `Evidence size at S_max = ${first.maxSize} by outcome`),
  );
  return parts.join('\n');
}

function abstentionRows(name: string, a: AbstentionFigures): string[][] {
  return [
    [
      name,
      `${a.abstained} (${a.tpAbstained} TP, ${a.fpAbstained} FP)`,
      withCi(a.precisionWithout, 'percent'),
      withCi(a.precisionWith, 'percent'),
      withCi(a.precisionGained, 'points'),
      withCi(a.sensitivityLost, 'points'),
    ],
  ];
}

export function exhaustionPageSection(result: EvaluationResult): string {
  const dynamic = result.exhaustion;
  if (!dynamic)
    return '## 12. TP/FP exhaustion and abstention\n\nNot run (needs ToE in `--methods`).';
  const { exhaustion: e, abstention: a } = dynamic;
  const { TP, FP, TN, FN } = e.byClass;
  return [
    `## 12. TP/FP search exhaustion and abstention (S_max = ${dynamic.maxSteps})`,
    '',
    `Positive predictions: p_full ≥ ${dynamic.threshold}. TP ${TP.stays}, FP ${FP.stays}, TN ${TN.stays}, FN ${FN.stays}. Convergence was reachable from p_full (method.md, "Reachability") for ${withCi(e.reachableShare, 'percent')} of stays; an unreachable stay exhausts whatever its evidence, so rates among reachable stays are shown too.`,
    '',
    table(
      ['metric', 'all stays', 'reachable stays only'],
      [
        [
          'TP search exhaustion rate',
          `${withCi(TP.rate, 'percent')} (${TP.exhausted} / ${TP.stays})`,
          withCi(e.reachableOnly.tpRate, 'percent'),
        ],
        [
          'FP search exhaustion rate',
          `${withCi(FP.rate, 'percent')} (${FP.exhausted} / ${FP.stays})`,
          withCi(e.reachableOnly.fpRate, 'percent'),
        ],
        ['FP / TP exhaustion ratio', withCi(e.fpTpRatio, 'ratio'), ''],
      ],
    ),
    '',
    'Abstention withdraws flagged positive predictions; precision and sensitivity with and without it:',
    '',
    table(
      [
        'rule',
        'withdrawn',
        'precision before',
        'precision after',
        'precision gained',
        'sensitivity lost',
      ],
      [
        ...abstentionRows('abstain when the search exhausted', a.onExhaustion),
        ...abstentionRows(
          'abstain when convergence was unreachable (no search needed)',
          a.onUnreachable,
        ),
      ],
    ),
    '',
    figureLink('exhaustion.png', 'TP/FP search exhaustion'),
  ].join('\n');
}

/** A difference with its interval, "−0.018 (−0.035 to −0.001)": signs spelled out. */
function policyRows(item: EvaluationAbstention): string[][] {
  return item.analysis.policies.map((p) => {
    if (p.unavailable !== null || p.all === null)
      return [
        p.policy,
        'n/a',
        'n/a',
        'n/a',
        withCi(p.aurc, 'fine'),
        withCi(p.augrc, 'fine'),
        'n/a',
        p.unavailable ?? '',
      ];
    const all = p.all;
    return [
      p.policy === item.analysis.policy ? `**${p.policy}** (the run's)` : p.policy,
      String(all.flagged),
      `${all.errorsFlagged} of ${all.errors}`,
      withCi(all.enrichment, 'ratio'),
      withCi(p.aurc, 'fine'),
      withCi(p.augrc, 'fine'),
      referenceComparisonWords(p, item.analysis.reference) ??
        (p.aurcVsReferenceAdjusted
          ? `${withCi(p.aurcVsReferenceAdjusted, 'decimal-signed')} adj.`
          : p.aurcVsReference
            ? withCi(p.aurcVsReference, 'decimal-signed')
            : 'n/a'),
      `${withCi(all.precisionWith, 'percent')}; ${withCi(all.sensitivityWith, 'percent')}`,
    ];
  });
}

/** Every abstention policy against the model's own confidence (docs/abstention.md). */
export function abstentionPageSection(result: EvaluationResult): string {
  const items = result.abstention ?? [];
  const title = '## 13. Abstention: does the search beat the model’s own error estimate?';
  if (items.length === 0) {
    return `${title}\n\nNot run (an evaluation limited to some stays, or \`--no-abstention\`).`;
  }
  const blocks = items.map((item) => {
    const a = item.analysis;
    const test = a.traceFeatureTest;
    const heading = `### ${item.decision.mode === 'paper' ? 'Paper mode' : 'Calibrated decision'}: ${describeDecision(item.decision)}`;
    const runs = `Audit run ${item.runId}${item.validationRunId !== null ? ` (policies fitted on validation audit run ${item.validationRunId})` : ''}; review budget: ${describeBudget(a.budget)}; queue of the run's ${a.policy} policy: ${a.queueSize} stays, and every other policy is compared at ${a.comparedQueueSize}.`;
    const lrt = test
      ? `Likelihood-ratio test of the trace features beyond the model's own confidence and decision: χ² = ${test.statistic.toFixed(2)} on ${test.degreesOfFreedom} df, p = ${test.pValue < 0.001 ? '< 0.001' : test.pValue.toFixed(3)} (${test.stays} stays, ${test.errors} wrong decisions${test.aliased.length > 0 ? `; left out as a combination of the others: ${test.aliased.join(', ')}` : ''}).`
      : 'Too few wrong or right decisions for the likelihood-ratio test.';
    const columns = [
      'policy',
      'flagged',
      'errors flagged',
      'enrichment',
      'AURC',
      'AUGRC',
      'AURC − reference (paired; adj. = Bonferroni)',
      'precision; sensitivity with review',
    ];
    return [
      heading,
      runs,
      `**${a.verdict}**`,
      table(columns, policyRows(item)),
      lrt,
      ...(a.warnings.length > 0
        ? [a.warnings.map((w) => `- Warning: ${w.message}`).join('\n')]
        : []),
    ].join('\n\n');
  });
  return [
    title,
    'The same split audited with its validation audit (reused from the store when complete). Each policy ranks every stay by how likely its decision is wrong; the budget sizes the queue. Enrichment = error rate among flagged ÷ among accepted (Katz interval); AURC and AUGRC = areas under the risk–coverage and generalized risk–coverage curves (lower is better; paired bootstrap intervals over the audited stays); the reference is the model’s own estimate that its decision is wrong. The paper-mode tables above are unchanged by this section.',
    ...blocks,
  ].join('\n\n');
}
