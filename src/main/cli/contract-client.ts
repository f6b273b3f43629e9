/**
 * The `toe` command's way into the core: the contract's calls, validated by its schemas and
 * dispatched over the same handlers as Electron's IPC and the HTTP server. A command parses
 * its argv into a call's arguments, calls, and prints the typed result; a refusal comes back
 * as the contract's error payload, which the command turns into a message and an exit code.
 */
import { randomUUID } from 'node:crypto';
import { dispatch } from '../core/api/dispatch';
import { createHandlers, type Handlers } from '../core/api/handlers';
import type { Store } from '../core/api/store-session';
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

/** What a job started by a call did, and what a Ctrl-C that came too late leaves of it. */
const FINISHED_FIRST: Partial<Record<CallName, string>> = {
  'cohorts.import': 'The import had already finished when Ctrl-C arrived: the cohort was kept.',
  'cohorts.createDemo':
    'The demo cohort had already been generated when Ctrl-C arrived: it was kept.',
  'runs.start': 'The audit run had already finished when Ctrl-C arrived: its results were kept.',
  'runs.resume': 'The audit run had already finished when Ctrl-C arrived: its results were kept.',
  'evaluations.evaluate': 'The evaluation had already finished when Ctrl-C arrived.',
};

/** A remark while a command works: to stderr, as CliContext.note writes it. */
const toStderr = (line: string): void => void process.stderr.write(`${line}\n`);

export class ContractClient {
  private readonly handlers: Handlers;
  private readonly listeners = new Set<EventListener>();

  /** `note` prints a remark for the user (a Ctrl-C that came too late). */
  constructor(
    store: Store,
    private readonly note: (line: string) => void = toStderr,
  ) {
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
   * (Ctrl-C) asks the core to cancel the job, as the app's Cancel button does; when the job
   * finished first (the call succeeds all the same), one line says so and that its work was kept.
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
    let cancelAsked = false;
    const cancel = () => {
      cancelAsked = true;
      void this.call('jobs.cancel', { jobId });
    };
    this.listeners.add(listener);
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      const result = await this.call(name, { ...args, jobId } as CallArgs<N>);
      // A honoured cancel makes the call fail; one that succeeded anyway came too late.
      if (cancelAsked) {
        this.note(FINISHED_FIRST[name] ?? 'The job had already finished when Ctrl-C arrived.');
      }
      return result;
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
