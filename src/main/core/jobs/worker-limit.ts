import { availableParallelism } from 'node:os';
import { InputError } from '../errors/input-error';

/**
 * At most 4 worker threads per core: each holds its own model sessions (~70 MB), so a
 * request for hundreds would exhaust memory long before it saved any time.
 */
export const MAX_WORKERS = 4 * availableParallelism();

/** The requested worker count, refused by name when above MAX_WORKERS. */
export function checkedWorkers(requested: number | undefined): number | undefined {
  if (requested !== undefined && requested > MAX_WORKERS) {
    // "workers: …" as the form reads a field's problem (search-param-form.ts fieldErrors).
    throw new InputError(
      'run request',
      null,
      null,
      `workers: ${requested} worker threads asked for; this machine allows at most ${MAX_WORKERS} (4 per core)`,
    );
  }
  return requested;
}
