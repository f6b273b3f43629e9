import type { ImportReport } from '../../../../shared/domain';
import type { NewCohort, Store } from '../../store';
import type { ImportReportBuilder } from '../import-report';
import { StaticInputCounts } from '../static-inputs';
import type { ImportClock } from './import-clock';
import { assembleStay, exclusionOf } from './stay-assembly';
import type { StayDraft, StayDrafts } from './types';

/**
 * Writes the cohort, its stays and the import report in one transaction, after every file
 * has been read and checked: a failure or a cancel here rolls everything back.
 */
export async function writeCohort(
  store: Store,
  cohort: NewCohort,
  drafts: StayDrafts,
  report: ImportReportBuilder,
  clock: ImportClock,
): Promise<ImportReport> {
  const included: StayDraft[] = [];
  for (const draft of drafts.values()) {
    const reason = exclusionOf(draft, cohort.tasks);
    if (reason === null) included.push(draft);
    else report.exclude(reason);
  }
  const hours = cohort.featureSchema.hours;
  const variables = cohort.featureSchema.variables.length;
  const statics = new StaticInputCounts(cohort.contextSchema.staticInputs ?? []);
  return store.transaction(async () => {
    clock.check();
    const cohortId = store.createCohort(cohort);
    const write = store.stayWriter(cohortId);
    for (let done = 1; done <= included.length; done++) {
      const draft = included[done - 1]!;
      const stay = assembleStay(draft, hours, variables, report);
      write(stay);
      report.include(stay);
      statics.count(stay);
      // The bins are in the store now; let them go so memory falls as the write proceeds.
      draft.bins = null;
      if (clock.stayWritten(done, included.length)) {
        await new Promise((resolve) => setImmediate(resolve));
        clock.check();
      }
    }
    const staticNote = statics.note();
    if (staticNote !== null) report.note(staticNote);
    const built = report.build();
    store.saveImportReport(cohortId, built);
    // Nothing is awaited between this and COMMIT: a Cancel is honoured here or comes too late.
    clock.beginCommit();
    return built;
  });
}
