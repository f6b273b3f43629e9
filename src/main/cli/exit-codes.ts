import { InputError } from '../core/import/input-error';
import { PhiRefusedError } from '../core/phi';
import { CancelledError } from '../core/jobs/progress';
import { BundleError } from '../core/models';
import { ConflictError, NotFoundError } from '../core/store';
import { StoreDamagedError, StoreReadOnlyError } from '../core/store/store-errors';

/** Exit codes scripts can rely on; documented in `toe --help`. */
export const ExitCode = {
  ok: 0,
  failure: 1,
  usage: 2,
  badInput: 3,
  notFound: 4,
  conflict: 5,
  storeDamaged: 6,
  storeReadOnly: 7,
  cancelled: 130,
} as const;

export function exitCodeFor(error: unknown): number {
  if (
    error instanceof InputError ||
    error instanceof PhiRefusedError ||
    error instanceof BundleError
  ) {
    return ExitCode.badInput;
  }
  if (error instanceof NotFoundError) return ExitCode.notFound;
  if (error instanceof ConflictError) return ExitCode.conflict;
  if (error instanceof CancelledError) return ExitCode.cancelled;
  if (error instanceof StoreDamagedError) return ExitCode.storeDamaged;
  if (error instanceof StoreReadOnlyError) return ExitCode.storeReadOnly;
  return ExitCode.failure;
}

export const EXIT_CODE_HELP = `
Exit codes: 0 success, 1 failure, 2 usage error, 3 bad input (the message names file,
line and field, or the model bundle's problem; nothing was changed), 4 not found, 5 conflict (e.g. the cohort name is
taken), 6 the store is damaged or not a store (\`toe store check\` says more), 7 the store is
read-only and the command would change it, 130 cancelled.`;
