import { InputError } from '../core/import/input-error';
import { PhiRefusedError } from '../core/phi';
import { CancelledError } from '../core/jobs/progress';
import { BundleError } from '../core/models';
import { ConflictError, NotFoundError } from '../core/store';
import {
  StoreDamagedError,
  StoreMissingError,
  StoreReadOnlyError,
} from '../core/store/store-errors';
import type { ErrorCode } from '../../shared/contract';
import { ContractCallError } from './contract-client';

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

/** A refusal that came back through the contract, by the code every transport receives. */
const EXIT_CODE_OF_REFUSAL: Record<ErrorCode, number> = {
  'invalid-arguments': ExitCode.usage,
  'bad-input': ExitCode.badInput,
  'not-found': ExitCode.notFound,
  conflict: ExitCode.conflict,
  cancelled: ExitCode.cancelled,
  // Only the HTTP server's token check refuses this way; the CLI has no token.
  unauthorized: ExitCode.failure,
  unavailable: ExitCode.failure,
  internal: ExitCode.failure,
};

export function exitCodeFor(error: unknown): number {
  if (error instanceof ContractCallError) return EXIT_CODE_OF_REFUSAL[error.payload.code];
  if (
    error instanceof InputError ||
    error instanceof PhiRefusedError ||
    error instanceof BundleError
  ) {
    return ExitCode.badInput;
  }
  if (error instanceof NotFoundError || error instanceof StoreMissingError) {
    return ExitCode.notFound;
  }
  if (error instanceof ConflictError) return ExitCode.conflict;
  if (error instanceof CancelledError) return ExitCode.cancelled;
  if (error instanceof StoreDamagedError) return ExitCode.storeDamaged;
  if (error instanceof StoreReadOnlyError) return ExitCode.storeReadOnly;
  return ExitCode.failure;
}

export const EXIT_CODE_HELP = `
Exit codes: 0 success, 1 failure, 2 usage error, 3 bad input (the message names file,
line and field, or the model bundle's problem; nothing was changed), 4 not found (a run, a cohort, or
the store itself for a command that only reads), 5 conflict (e.g. the cohort name is
taken), 6 the store is damaged or not a store (\`toe store check\` says more), 7 the store is
read-only and the command would change it, 130 cancelled.`;
