import type { ImportSummary } from '../../../shared/domain';
import type { NewCohort, NewStay, Store } from '../store';
import type { ImportClock } from './import-clock';
import type { ImportSummaryBuilder } from './import-summary';
import { StaticInputCounts } from './static-inputs';

/** One cohort to write, once every source has been read, checked and screened. */
export interface CohortWrite {
  cohort: NewCohort;
  /**
   * The included stays, ready for the store, made one at a time as the write asks for them:
   * a reader's stays can let their bins go once written, the demo's never all exist at once.
   * Work after the last stay (report totals) runs before the report is built.
   */
  stays: Iterable<NewStay>;
  /** How many stays `stays` gives: the write phase's progress total. */
  total: number;
  report: ImportSummaryBuilder;
  clock: ImportClock;
}

/**
 * Writes the cohort, its stays and the import summary in one transaction: a failure or a
 * cancel before the commit rolls everything back, so an import is all or nothing.
 */
export async function writeCohort(
  store: Store,
  { cohort, stays, total, report, clock }: CohortWrite,
): Promise<ImportSummary> {
  const statics = new StaticInputCounts(cohort.contextSchema.staticInputs ?? []);
  return store.transaction(async () => {
    clock.check();
    const cohortId = store.createCohort(cohort);
    const write = store.stayWriter(cohortId);
    let done = 0;
    if (clock.staysWritten(done, total)) await letCancelIn(clock);
    for (const stay of stays) {
      write(stay);
      report.include(stay);
      statics.count(stay);
      if (clock.staysWritten(++done, total)) await letCancelIn(clock);
    }
    const staticNote = statics.note();
    if (staticNote !== null) report.note(staticNote);
    const built = report.build();
    store.saveImportSummary(cohortId, built);
    // Nothing is awaited between this and COMMIT: a Cancel is honoured here or comes too late.
    clock.beginCommit();
    return built;
  });
}

/** Yields to the event loop, so a cancel can arrive, and honours one that did. */
async function letCancelIn(clock: ImportClock): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  clock.check();
}
