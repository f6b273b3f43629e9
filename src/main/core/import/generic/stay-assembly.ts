import { HourlyBins } from '../hourly-bins';
import type { ImportSummaryBuilder } from '../import-summary';
import { chunkReports, DEFAULT_NOTE_RULE } from '../note-chunks';
import type { NewStay } from '../../store';
import type { StayDraft, StayDrafts } from './types';

/** The stays that enter the cohort; every other is counted in the report with its reason. */
export function includedStays(
  drafts: StayDrafts,
  tasks: readonly string[],
  report: ImportSummaryBuilder,
): StayDraft[] {
  const included: StayDraft[] = [];
  for (const draft of drafts.values()) {
    const reason = exclusionOf(draft, tasks);
    if (reason === null) included.push(draft);
    else report.exclude(reason);
  }
  return included;
}

/** Why a stay cannot enter the cohort, or null when it can. */
function exclusionOf(draft: StayDraft, tasks: readonly string[]): string | null {
  const missing = tasks.find((task) => !Object.hasOwn(draft.outcomes, task));
  return missing === undefined ? null : `no label for task "${missing}" in outcomes.csv`;
}

/**
 * Turns a fully read stay into what the store takes: the tensor from its hourly bins (all
 * missing when nothing was charted), its reports in time order chunked by the cohort's
 * note rule, and its context. Counts kept values for the report's coverage.
 */
function assembleStay(
  draft: StayDraft,
  hours: number,
  variables: number,
  report: ImportSummaryBuilder,
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

/** The included stays assembled one at a time, as the cohort writer takes them. */
export function* assembledStays(
  included: readonly StayDraft[],
  hours: number,
  variables: number,
  report: ImportSummaryBuilder,
): Generator<NewStay> {
  for (const draft of included) {
    yield assembleStay(draft, hours, variables, report);
    // The bins are in the store now; let them go so memory falls as the write proceeds.
    draft.bins = null;
  }
}
