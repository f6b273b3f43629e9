import { CancelledError } from '../jobs/progress';
import type { RunSummary } from './audit-types';

/**
 * A cancelled run keeps every result committed so far (unlike other cancelled jobs, which
 * change nothing), so the message says so and how to go on. Still a CancelledError, so the
 * transports report "cancelled" and the CLI exits 130.
 */
export class RunCancelledError extends CancelledError {
  constructor(readonly run: RunSummary) {
    super(`Audit run ${run.id}`);
    this.message = `Audit run ${run.id} was cancelled after ${run.doneStays} of ${run.totalStays} stays; those results are kept. Resume it with \`toe resume ${run.id}\`.`;
  }
}

/** A run that stopped on an error: marked failed, its committed results kept, resumable. */
export class RunFailedError extends Error {
  constructor(
    readonly run: RunSummary,
    reason: string,
  ) {
    super(
      `Audit run ${run.id} failed: ${reason}. The ${run.doneStays} results committed so far are kept; \`toe resume ${run.id}\` continues the run.`,
    );
    this.name = 'RunFailedError';
  }
}
