import {
  isCallName,
  parseArgs,
  type ApiErrorPayload,
  type CallOutcome,
  type ErrorCode,
} from '../../../shared/contract';
import { InputError } from '../errors/input-error';
import { PhiRefusedError } from '../phi';
import { CancelledError } from '../jobs/progress';
import { BundleError } from '../models';
import { ConflictError, NotFoundError } from '../store';
import {
  StoreDamagedError,
  StoreError,
  StoreMissingError,
  StoreReadOnlyError,
} from '../store/store-errors';
import type { Handlers } from './handlers';
import { InterruptedRunError } from './interrupted-run-error';
import { UnavailableError } from './unavailable-error';

function codeFor(error: unknown): ErrorCode {
  if (error instanceof NotFoundError) return 'not-found';
  if (error instanceof ConflictError) return 'conflict';
  if (
    error instanceof InputError ||
    error instanceof PhiRefusedError ||
    error instanceof BundleError
  ) {
    return 'bad-input';
  }
  if (error instanceof CancelledError) return 'cancelled';
  if (error instanceof UnavailableError) return 'unavailable';
  if (error instanceof StoreDamagedError) return 'store-damaged';
  if (error instanceof StoreReadOnlyError) return 'store-read-only';
  // No store at a path a reading command named: nothing was created there.
  if (error instanceof StoreMissingError) return 'not-found';
  // The store is full or busy: the message names the file and what to do.
  if (error instanceof StoreError) return 'unavailable';
  return 'internal';
}

export function toErrorPayload(error: unknown): ApiErrorPayload {
  if (error instanceof InterruptedRunError)
    return { ...toErrorPayload(error.cause), runId: error.runId };
  const payload: ApiErrorPayload = {
    code: codeFor(error),
    message: error instanceof Error ? error.message : String(error),
  };
  if (error instanceof InputError)
    payload.location = { file: error.file, line: error.line, field: error.field };
  if (error instanceof PhiRefusedError) {
    payload.phiFindings = error.findings;
    payload.phiTotal = error.total;
  }
  return payload;
}

/**
 * The one entry point both transports call: checks the name, validates the arguments
 * against the contract's schema, runs the handler, and never throws.
 */
export async function dispatch(
  handlers: Handlers,
  name: string,
  rawArgs: unknown,
): Promise<CallOutcome<unknown>> {
  if (!isCallName(name)) {
    return { ok: false, error: { code: 'not-found', message: `Unknown call "${name}".` } };
  }
  const parsed = parseArgs(name, rawArgs);
  if (!parsed.ok) return parsed;
  try {
    const handler = handlers[name] as (args: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.args) };
  } catch (error) {
    return { ok: false, error: toErrorPayload(error) };
  }
}
