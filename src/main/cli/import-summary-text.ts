import type { CohortSummary, ImportSummary } from '../../shared/domain';
import { importSummaryWords, phiScreeningSummary } from '../../shared/import-wording';

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The import summary as a person reads it in a terminal. */
export function formatImportSummary(report: ImportSummary): string {
  const words = importSummaryWords(report);
  const lines = [
    `Cohort "${report.cohortName}" (${report.format}) from ${report.source}`,
    `  stays seen: ${report.staysSeen}, included (${words.inclusion}): ${report.staysIncluded}; window ${report.windowHours} h`,
  ];
  for (const exclusion of report.exclusions) {
    lines.push(`  excluded: ${exclusion.stays} — ${exclusion.reason}`);
  }
  lines.push('  outcomes (positives / stays; test split):');
  for (const task of report.tasks) {
    lines.push(
      `    ${task.task}: ${task.positives} / ${task.stays} (${percent(task.stays ? task.positives / task.stays : 0)}); test ${task.byTestSplit.positives} / ${task.byTestSplit.stays}`,
    );
  }
  lines.push(
    `  variable coverage (stays with any value; stay-hours with a value; values; ${words.droppedValues}):`,
  );
  for (const c of report.coverage) {
    lines.push(
      `    ${c.variable.padEnd(14)} ${percent(c.stayCoverage).padStart(6)} ${percent(c.hourCoverage).padStart(6)} ${String(c.values).padStart(9)} ${String(c.droppedImplausible).padStart(6)}`,
    );
  }
  lines.push(`  ${words.droppedValues}: ${report.valuesDroppedImplausible}`);
  lines.push(
    words.imagingContext
      ? `  stays without ${words.notes}: ${report.staysWithoutNotes}, without CXR: ${report.staysWithoutCxr}, without ECG: ${report.staysWithoutEcg}`
      : `  stays without ${words.notes}: ${report.staysWithoutNotes}`,
  );
  if (report.phi) lines.push(`  ${phiScreeningSummary(report.phi)}`);
  for (const note of report.notes) lines.push(`  note: ${note}`);
  return lines.join('\n');
}

export function formatCohortLine(cohort: CohortSummary): string {
  const { train, val, test } = cohort.splits;
  return `${String(cohort.id).padStart(3)}  ${cohort.name.padEnd(20)} ${cohort.source.padEnd(9)} ${String(cohort.stays).padStart(7)} stays (train ${train}, val ${val}, test ${test})  tasks ${cohort.tasks.join(',')}${cohort.synthetic ? '  [SYNTHETIC]' : ''}`;
}
