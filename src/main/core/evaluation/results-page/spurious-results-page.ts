/**
 * The results page of `toe evaluate --spurious`: both models' provenance, the training
 * of the corrupted one, and the paper's signal — how much more evidence the corrupted model
 * needs and how its convergence rate drops — split by spurious_flag, with CIs.
 */
import type { ArmGroup, SpuriousAuditResult, SpuriousArm } from '../../../../shared/charts';
import { figureLink, table, withCi } from './markdown-format';
import { formatDuration } from '../../../../shared/evaluation-settings';
import { bundleBlock, cohortLine, runLines } from './page-header';

const GROUP_NAMES = { all: 'all stays', yes: 'flag = yes', no: 'flag = no' };
const ROLE_NAMES = { clean: 'Clean model', corrupted: 'Corrupted model' };

function armRows(arm: SpuriousArm): string[][] {
  return arm.groups.map((g: ArmGroup) => [
    ROLE_NAMES[arm.role],
    GROUP_NAMES[g.flag],
    String(g.stays),
    withCi(g.convergenceRate, 'percent'),
    withCi(g.convergenceRateReachable, 'percent'),
    withCi(g.reachableShare, 'percent'),
    withCi(g.meanSize, 'units'),
    withCi(g.meanSizeConverged, 'units'),
    withCi(g.auroc),
  ]);
}

/** Corrupted vs clean per flag group: the paper's signal. */
export function spuriousComparisonTable(result: SpuriousAuditResult): string {
  return table(
    [
      'stays',
      'n (matched)',
      'mean |E| corrupted / clean',
      'mean |E| when converged, corrupted / clean',
      'convergence rate drop (clean − corrupted)',
    ],
    result.comparison.map((c) => [
      GROUP_NAMES[c.flag],
      String(c.stays),
      withCi(c.sizeRatio, 'ratio'),
      withCi(c.convergedSizeRatio, 'ratio'),
      withCi(c.convergenceDrop, 'percent'),
    ]),
  );
}

/** Each model's convergence, evidence size and AUROC per flag group. */
export function spuriousArmsTable(result: SpuriousAuditResult): string {
  return table(
    [
      'model',
      'stays',
      'n',
      'converged',
      'converged (reachable stays)',
      'reachable',
      'mean |E|',
      'mean |E| when converged',
      'full-input AUROC',
    ],
    result.arms.flatMap(armRows),
  );
}

export function spuriousResultsPage(result: SpuriousAuditResult): string {
  const t = result.training;
  const training = t.trained
    ? `trained by this run in ${formatDuration(t.seconds ?? 0)}: \`${t.command}\``
    : `reused (trained earlier; delete the folder to retrain): \`${t.command}\``;
  const arms = result.arms.flatMap((arm) => [
    `### ${ROLE_NAMES[arm.role]}`,
    '',
    cohortLine(arm.cohort),
    bundleBlock(arm.bundle),
    '',
  ]);
  return `${[
    '# Spurious-feature audit (E1, SYNTHETIC demo cohorts)',
    '',
    runLines({ ...result }),
    `- **Corrupted bundle:** ${training}`,
    `- **Search:** dynamic-mode ToE, method.md defaults (S_max = ${result.maxSteps}); intervals: bootstrap 95% over stays, ${result.resamples} resamples, seed ${result.seed}; model comparisons paired over stays matched by key`,
    '',
    "The corrupted model is trained on the demo cohort with the paper's injected artefact: in stays with `spurious_flag = yes` the temperature is charted every hour at exactly 37.0 °C; in train and val the flag marks 80% of deaths and 20% of survivors, in test it is independent of the outcome (docs/demo-cohort.md). Both models are audited on their cohort's test split; the clean cohort's stays carry no artefact and take the flag of their twin stay in the spurious cohort, so its flag groups are a control.",
    '',
    ...arms,
    '## How much more evidence the corrupted model needs',
    '',
    spuriousComparisonTable(result),
    '',
    '## Per model and flag',
    '',
    spuriousArmsTable(result),
    '',
    'A search exhausts without converging whenever p_full makes convergence unreachable (method.md, "Reachability"); the reachable columns separate that from exhaustion the search itself found.',
    '',
    figureLink('spurious-convergence.png', 'Convergence rate by spurious_flag'),
    '',
    figureLink('spurious-evidence.png', 'Evidence size by spurious_flag'),
  ].join('\n')}\n`;
}
