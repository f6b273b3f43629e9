import type { PhiPolicy } from '../../../shared/domain';
import type { CancelPoint, ProgressSink } from '../jobs/progress';

/** What every importer takes besides its source (and, from CancelPoint, its job's cancel). */
export interface ImportOptions extends CancelPoint {
  /** Cohort name; each importer has a sensible default. */
  name?: string | undefined;
  /** What the PHI guard does with identifiers in the texts it stores; refuse when absent. */
  phi?: PhiPolicy | undefined;
  progress?: ProgressSink | undefined;
}
