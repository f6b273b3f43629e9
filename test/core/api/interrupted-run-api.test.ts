/**
 * Issue 26: an audit cancelled after it started keeps its results, and its refusal names the
 * run (`runId`) to every transport (the HTTP server sends the payload as it is), for `toe` to
 * say how to resume it (test/cli/audit-crash.test.ts); a refusal before any run started names none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { ApiEvent, CallOutcome } from '../../../src/shared/contract';
import { demoStore } from '../../support/audit-runs';

let demo: Awaited<ReturnType<typeof demoStore>>;
beforeAll(async () => {
  demo = await demoStore(120);
}, 120_000);
afterAll(() => demo.dispose());

describe('an interrupted audit through the contract', () => {
  it('is refused as cancelled, naming the run, which can be resumed', async () => {
    let cancelled: Promise<unknown> | null = null;
    const handlers = createHandlers({
      store: demo.store,
      transport: 'http',
      emit: (event: ApiEvent) => {
        if (cancelled === null && event.type === 'run.progress' && event.progress.done > 0)
          cancelled = dispatch(handlers, 'jobs.cancel', { jobId: 'audit' });
      },
    });
    const outcome = (await dispatch(handlers, 'runs.start', {
      jobId: 'audit',
      cohortId: demo.cohortId,
      task: 'E1',
      split: 'test',
      validation: false,
      workers: 1,
    })) as CallOutcome<unknown>;
    await cancelled;
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('cancelled');
    const runId = outcome.error.runId;
    expect(runId).toBeTypeOf('number');
    expect(outcome.error.message).toMatch(new RegExp(`^Audit run ${runId} was cancelled after`));

    const resumed = await dispatch(handlers, 'runs.resume', { runId: runId!, workers: 1 });
    expect(resumed).toMatchObject({ ok: true, value: { id: runId, status: 'completed' } });
  });

  it('names no run when refused before one started', async () => {
    const handlers = createHandlers({ store: demo.store, transport: 'http', emit: () => {} });
    const outcome = await dispatch(handlers, 'runs.start', {
      cohortId: demo.cohortId,
      task: 'E1',
      split: 'test',
      bundle: '/no/such/bundle',
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).not.toHaveProperty('runId');
  });
});
