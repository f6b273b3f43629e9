/**
 * The header every results page starts with: the command that produced it, when, on
 * which cohort (SYNTHETIC when it is, in capitals, so no reader mistakes it for patient
 * data), with which bundle (every file's SHA-256) and execution provider, on how many stays.
 */
import { formatDuration } from '../../../../shared/evaluation-settings';
import type { BundleProvenance, CohortProvenance } from '../../../../shared/charts';
import { variableMatchSentences } from '../../../../shared/variable-match';
import { portablePath } from '../../paths/portable-path';
import { table } from './markdown-format';

export interface RunFacts {
  command: string;
  date: string;
  appVersion: string;
  executionProvider: string;
  seconds: number;
}

export function cohortLine(c: CohortProvenance): string {
  const data = c.synthetic
    ? '**SYNTHETIC** — simulated by the demo generator, not patient data'
    : `source ${c.source}`;
  const limit =
    c.limit === null
      ? `all ${c.staysEvaluated} labelled stays`
      : `the first ${c.staysEvaluated} labelled stays by id (\`--limit ${c.limit}\`)`;
  const variables = variableMatchSentences(c.variableMatch);
  return [
    `- **Cohort:** \`${c.name}\` (${data}); content SHA-256 \`${c.contentSha256}\``,
    `- **Stays:** ${limit} of the ${c.split} split's ${c.staysInSplit}; ${c.positives} with the outcome (${((100 * c.positives) / Math.max(1, c.staysEvaluated)).toFixed(1)}%)`,
    ...(variables.length > 0 ? [`- **Variables:** ${variables.join(' ')}`] : []),
  ].join('\n');
}

export function bundleBlock(b: BundleProvenance, role = 'Bundle'): string {
  const relation = b.trainedOnEvaluatedCohort
    ? 'the evaluated cohort itself (same content; only its train and val splits were used for training)'
    : 'another cohort than the evaluated one';
  return [
    `- **${role}:** \`${portablePath(b.dir)}\` — task ${b.task}, created ${b.createdAt}, decision threshold ${b.decisionThreshold}${b.evidenceUnits ? `; TS-only (no note stream): ${b.evidenceUnits}` : ''}; trained on cohort \`${b.trainingCohort}\` (content \`${b.trainingContentSha256.slice(0, 16)}…\`): ${relation}`,
    '',
    '<details><summary>Bundle files and SHA-256 (verified on load)</summary>',
    '',
    table(
      ['file', 'SHA-256'],
      b.files.map((f) => [`\`${f.path}\``, `\`${f.sha256}\``]),
    ),
    '',
    '</details>',
  ].join('\n');
}

export function runLines(run: RunFacts): string {
  return [
    `- **Command:** \`${run.command}\``,
    `- **Produced:** ${run.date} by ToE Audit ${run.appVersion}, in ${formatDuration(run.seconds)}`,
    `- **Execution provider:** ${run.executionProvider}`,
  ].join('\n');
}
