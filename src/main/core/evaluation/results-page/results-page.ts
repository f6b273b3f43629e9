/**
 * The results page of `toe evaluate` (Markdown): the header (command, date, cohort, bundle, provider,
 * stays), the headline figures, then the paper's tables in its order, figures linked as the
 * PNGs written beside it.
 */
import type { EvaluationResult } from '../../../../shared/charts';
import {
  conceptBottleneckSection,
  modalitySection,
  objectiveSection,
  optimalitySection,
  stabilitySection,
} from './ablation-sections';
import {
  abstentionPageSection,
  calibrationPageSection,
  evidenceSizePageSection,
  exhaustionPageSection,
} from './audit-mode-sections';
import {
  comprehensivenessSection,
  frontierSection,
  headlineSection,
  limeShapSection,
  searchVsRankingSection,
} from './faithfulness-sections';
import { relinkFigures } from './markdown-format';
import { bundleBlock, cohortLine, runLines } from './page-header';

function settingsLines(result: EvaluationResult): string {
  const s = result.settings;
  const search = Object.entries(s.search)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  return [
    `- **Budgets k:** ${s.ks.join(', ')}; **methods:** ${s.methods.join(', ')} (ToE also runs its ablations and exhaustive enumeration at k ≤ 3)`,
    `- **ToE search:** ${search}`,
    `- **Baselines:** LIME ${s.limeSamples} samples; KernelSHAP ${s.shapBudget ?? '2·units + 2048'} coalitions; Random, LIME and KernelSHAP seeded by (${s.seed}, stay id)`,
    `- **Intervals:** 95%; a share of stays exact (Clopper–Pearson), a ratio of two shares Katz's log interval, every other figure a bootstrap percentile interval over stays, ${s.resamples} resamples, seed ${s.seed}; comparisons within a table row are paired (same resampled stays); an interval that cannot be estimated (collapsed, unbounded) reads "too few to estimate"`,
  ].join('\n');
}

/** The whole report; `figureFolder` prefixes figure links (empty: PNGs beside the file). */
export function evaluationResultsPage(result: EvaluationResult, figureFolder = ''): string {
  const p = result.provenance;
  const synthetic = p.cohort.synthetic ? ' — SYNTHETIC data' : '';
  const body = [
    `# ToE evaluation: ${result.settings.task} on \`${p.cohort.name}\`, ${p.cohort.split} split${synthetic}`,
    [runLines({ ...p }), cohortLine(p.cohort), bundleBlock(p.bundle)].join('\n'),
    settingsLines(result),
    headlineSection(result),
    frontierSection(result),
    limeShapSection(result),
    searchVsRankingSection(result),
    comprehensivenessSection(result),
    objectiveSection(result),
    stabilitySection(result),
    modalitySection(result),
    optimalitySection(result),
    conceptBottleneckSection(result),
    calibrationPageSection(result),
    evidenceSizePageSection(result),
    exhaustionPageSection(result),
    abstentionPageSection(result),
    [
      '## Definitions',
      '',
      '- Sufficiency AUROC / AUPRC: of p(m_sel) (the model on the selected units only) against the true outcome. Fidelity MAE: mean |p_full − p(m_sel)|. Comprehensiveness: mean Pr(ŷ_full | all) − Pr(ŷ_full | all minus m_sel). ECE: 10 equal-width bins of p(m_sel). Decision agreement (in the CSV): share with [p(m_sel) ≥ threshold] = ŷ_full.',
      '- Every method selects exactly k units per stay (fewer only when a stay has fewer units or candidates). ToE at each k is read off one fixed-budget search to the largest k, whose steps are exactly those of a search to k.',
      '- Full tables for every method and budget, with lower and upper bounds: `methods.csv` and `summary.csv`; everything as JSON: `evaluation.json`; per-stay selections: `stays.json`.',
    ].join('\n'),
  ].join('\n\n');
  return `${relinkFigures(body, figureFolder)}\n`;
}
