import { CancelledError } from '../jobs/progress';
import type { RunSummary } from './audit-types';

/**
 * A cancelled run keeps every result committed so far (unlike other cancelled jobs, which
 * change nothing), so the message says so. How to resume is the front end's to say (the CLI
 * names the command, the app offers a button). Still a CancelledError, so the transports
 * report "cancelled" and the CLI exits 130.
 */
export class RunCancelledError extends CancelledError {
  constructor(readonly run: RunSummary) {
    super(`Audit run ${run.id}`);
    this.message = `Audit run ${run.id} was cancelled after ${run.doneStays} of ${run.totalStays} stays; those results are kept and the run can be resumed.`;
  }
}

/** A run that stopped on an error: marked failed, its committed results kept, resumable. */
export class RunFailedError extends Error {
  constructor(
    readonly run: RunSummary,
    reason: string,
  ) {
    super(
      `Audit run ${run.id} failed: ${reason}. The ${run.doneStays} results committed so far are kept; resuming the run continues it.`,
    );
    this.name = 'RunFailedError';
  }
}
