import type { PhiPolicy } from '../../../shared/domain';
import type { ProgressSink } from '../jobs/progress';

/** What every importer takes besides its source. */
export interface ImportOptions {
  /** Cohort name; each importer has a sensible default. */
  name?: string | undefined;
  /** What the PHI guard does with identifiers in the texts it stores; refuse when absent. */
  phi?: PhiPolicy | undefined;
  signal?: AbortSignal | undefined;
  progress?: ProgressSink | undefined;
}
