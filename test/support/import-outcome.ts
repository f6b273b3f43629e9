// What an import leaves, for tests that hold two import paths to one result: the cohort's
// content hash and its report (times blanked), or the located InputError it refused with.
import type { ImportSummary } from '../../src/shared/domain';
import { InputError } from '../../src/main/core/errors/input-error';
import type { Store } from '../../src/main/core/store';
import { tempStore } from './temp-store';

export type ImportOutcome =
  | { hash: string; report: object }
  | { error: { file: string; line: number | null; field: string | null; message: string } };

/** `importInto` run on a fresh store, and what it left. */
export async function importOutcome(
  importInto: (store: Store) => Promise<ImportSummary>,
): Promise<ImportOutcome> {
  const { store, dispose } = tempStore();
  try {
    const report = await importInto(store);
    return {
      hash: store.cohortContentHash(store.resolveCohort(report.cohortName)),
      report: { ...report, startedAt: '', finishedAt: '' },
    };
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return {
      error: { file: error.file, line: error.line, field: error.field, message: error.message },
    };
  } finally {
    dispose();
  }
}
