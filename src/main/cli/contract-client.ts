/**
 * The `toe` command's way into the core: the contract's calls, validated by its schemas and
 * dispatched over the same handlers as Electron's IPC and the HTTP server. A command parses
 * its argv into a call's arguments, calls, and prints the typed result; a refusal comes back
 * as the contract's error payload, which the command turns into a message and an exit code.
 */
import { randomUUID } from 'node:crypto';
import { dispatch } from '../core/api/dispatch';
import { createHandlers, type Handlers } from '../core/api/handlers';
import type { Store } from '../core/store';
import type {
  ApiErrorPayload,
  ApiEvent,
  CallArgs,
  CallName,
  CallResult,
} from '../../shared/contract';

/** A call the core refused; `payload` is what every transport receives. */
export class ContractCallError extends Error {
  constructor(
    readonly call: CallName,
    readonly payload: ApiErrorPayload,
  ) {
    super(payload.message);
    this.name = 'ContractCallError';
  }
}

type EventListener = (event: ApiEvent) => void;

export class ContractClient {
  private readonly handlers: Handlers;
  private readonly listeners = new Set<EventListener>();

  constructor(store: Store) {
    this.handlers = createHandlers({
      store,
      transport: 'cli',
      emit: (event) => {
        for (const listener of this.listeners) listener(event);
      },
    });
  }

  /** The call's result, or a ContractCallError carrying the core's error payload. */
  async call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>> {
    const outcome = await dispatch(this.handlers, name, args);
    if (!outcome.ok) throw new ContractCallError(name, outcome.error);
    return outcome.value as CallResult<N>;
  }

  /**
   * Runs a job-shaped call (one that takes a `jobId`) with `onEvent` hearing that job's
   * progress events only; the listener is gone when the call settles. Aborting `signal`
   * (Ctrl-C) asks the core to cancel the job, as the app's Cancel button does.
   */
  async callJob<N extends CallName>(
    name: N,
    args: Omit<CallArgs<N>, 'jobId'>,
    onEvent: (event: ApiEvent) => void,
    signal?: AbortSignal,
  ): Promise<CallResult<N>> {
    const jobId = randomUUID();
    const listener: EventListener = (event) => {
      if (jobOf(event) === jobId) onEvent(event);
    };
    const cancel = () => void this.call('jobs.cancel', { jobId });
    this.listeners.add(listener);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await this.call(name, { ...args, jobId } as CallArgs<N>);
    } finally {
      signal?.removeEventListener('abort', cancel);
      this.listeners.delete(listener);
    }
  }
}

function jobOf(event: ApiEvent): string {
  switch (event.type) {
    case 'job.progress':
      return event.progress.jobId;
    case 'job.finished':
      return event.jobId;
    case 'run.progress':
      return event.progress.jobId;
  }
}
