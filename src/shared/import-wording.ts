import type { ImportReport } from './domain';

/**
 * The words an import report is read in, shared by the CLI and the app: clinical for
 * patient data, domain-neutral for a generic cohort whose cohort.json says `"clinical":
 * false` (a service's metrics are not "physiologically impossible", and have no X-rays).
 */
export interface ImportReportWords {
  /** What the inclusion rule was, after "included". */
  inclusion: string;
  droppedValues: string;
  droppedValuesHint: string;
  notes: string;
  /** Chest X-ray and ECG context exist only for clinical cohorts. */
  imagingContext: boolean;
}

export function importReportWords(report: ImportReport): ImportReportWords {
  const inclusion =
    report.format === 'generic'
      ? 'stays with a label for every task'
      : report.format === 'yaib'
        ? `YAIB's stays with a label and values charted in the first ${report.windowHours} h`
        : `adult ICU stays of at least ${report.windowHours} h`;
  return report.clinical
    ? {
        inclusion,
        droppedValues: 'values dropped as physiologically impossible',
        droppedValuesHint: 'outside physiological limits',
        notes: 'radiology notes',
        imagingContext: true,
      }
    : {
        inclusion,
        droppedValues: 'values dropped as out of range',
        droppedValuesHint: 'outside the ranges variables.csv gives',
        notes: 'notes',
        imagingContext: false,
      };
}
