import { toErrorPayload } from '../core/api/store-session';
import type { ApiErrorPayload, ErrorCode } from '../../shared/contract';
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
  'store-damaged': ExitCode.storeDamaged,
  'store-read-only': ExitCode.storeReadOnly,
  internal: ExitCode.failure,
};

/**
 * The refusal behind an error: a call's comes back as its payload; anything else (the store
 * failing to open, a command's own check) is coded as the contract would code it.
 */
export function refusalOf(error: unknown): ApiErrorPayload {
  return error instanceof ContractCallError ? error.payload : toErrorPayload(error);
}

export function exitCodeFor(error: unknown): number {
  return EXIT_CODE_OF_REFUSAL[refusalOf(error).code];
}

export const EXIT_CODE_HELP = `
Exit codes: 0 success, 1 failure, 2 usage error, 3 bad input (the message names file,
line and field, or the model bundle's problem; nothing was changed), 4 not found (a run, a cohort, or
the store itself for a command that only reads), 5 conflict (e.g. the cohort name is
taken), 6 the store is damaged or not a store (\`toe store check\` says more), 7 the store is
read-only and the command would change it, 130 cancelled.`;
