import type { ImportReport } from '../../../../shared/domain';
import type { Store } from '../../store';
import type { ImportOptions } from '../import-options';

export interface DemoCohortOptions {
  name: string;
  stays: number;
  seed: number;
  spurious: boolean;
}

/** Placeholder until the generator lands: fails loudly rather than pretending. */
export async function createDemoCohort(
  _store: Store,
  _options: DemoCohortOptions,
  _job: Pick<ImportOptions, 'signal' | 'progress'>,
): Promise<ImportReport> {
  throw new Error('The demo cohort generator is not built yet.');
}
