import type { ProgressSink } from '../jobs/progress';

/** What every importer takes besides its source. */
export interface ImportOptions {
  /** Cohort name; each importer has a sensible default. */
  name?: string | undefined;
  /** Import notes even when the PHI guard finds identifiers (the user's explicit override). */
  allowPhi?: boolean | undefined;
  signal?: AbortSignal | undefined;
  progress?: ProgressSink | undefined;
}
