import { HourlyBins } from '../hourly-bins';
import type { ImportReportBuilder } from '../import-report';
import { chunkReports, DEFAULT_NOTE_RULE } from '../note-chunks';
import type { NewStay } from '../../store';
import type { StayDraft } from './types';

/** Why a stay cannot enter the cohort, or null when it can. */
export function exclusionOf(draft: StayDraft, tasks: readonly string[]): string | null {
  const missing = tasks.find((task) => !Object.hasOwn(draft.outcomes, task));
  return missing === undefined ? null : `no label for task "${missing}" in outcomes.csv`;
}

/**
 * Turns a fully read stay into what the store takes: the tensor from its hourly bins (all
 * missing when nothing was charted), its reports in time order chunked by the cohort's
 * note rule, and its context. Counts kept values for the report's coverage.
 */
export function assembleStay(
  draft: StayDraft,
  hours: number,
  variables: number,
  report: ImportReportBuilder,
): NewStay {
  const bins = draft.bins ?? new HourlyBins(hours, variables);
  for (let v = 0; v < variables; v++) report.countValues(v, bins.valuesOf(v));
  const { series, missing } = bins.toTensor();
  // Same charttime: the file's order decides, so re-imports chunk identically.
  const reports = [...draft.reports].sort((a, b) => a.ms - b.ms || a.line - b.line);
  return {
    stayKey: draft.storedKey,
    subjectKey: draft.subject,
    split: draft.split,
    t0: new Date(draft.t0Ms).toISOString(),
    losHours: draft.losHours,
    series,
    missing,
    outcomes: draft.outcomes,
    attributes: draft.attributes,
    notes: chunkReports(
      reports.map((r) => ({ charttime: new Date(r.ms).toISOString(), text: r.text })),
      DEFAULT_NOTE_RULE,
    ),
    cxr: draft.cxr?.values ?? null,
    ecg: draft.ecg?.values ?? null,
    staticInputs: draft.staticInputs,
  };
}
