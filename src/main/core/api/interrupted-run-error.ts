/**
 * A refusal of an audit that had started: the run keeps the results it has and can be resumed,
 * so the refusal's payload names it (`runId`) beside its cause's own code and message.
 */
export class InterruptedRunError extends Error {
  constructor(
    cause: unknown,
    readonly runId: number,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'InterruptedRunError';
  }
}
