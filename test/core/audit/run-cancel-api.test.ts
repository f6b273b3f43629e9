/**
 * A Cancel that reaches an audit run after its last stay is audited but before the run is
 * marked completed is honoured by the run's last cancel check: the run ends cancelled with
 * every result kept (resumable), and the job's end says so. The Cancel is sent from the run's
 * final progress report, which comes right before that check, so no timing is involved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/shared/audit';
import type { ApiEvent, CallOutcome } from '../../../src/shared/contract';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { demoStore } from '../../support/audit-runs';

describe('a Cancel at the end of an audit run', () => {
  let demo: Awaited<ReturnType<typeof demoStore>>;
  const events: ApiEvent[] = [];
  let call: (name: string, args: unknown) => Promise<CallOutcome<unknown>>;
  let reply: Promise<CallOutcome<unknown>> | null = null;
  const JOB = 'audit-cancelled-last';

  beforeAll(async () => {
    demo = await demoStore(150);
    let reportsOfTheEnd = 0;
    const handlers = createHandlers({
      store: demo.store,
      transport: 'http',
      emit: (event) => {
        events.push(event);
        // The last stay's report, then the run's final one just before its last check:
        // dispatch cancels at once, so the Cancel lands between the two.
        if (
          event.type === 'run.progress' &&
          event.progress.jobId === JOB &&
          event.progress.phase === 'auditing' &&
          event.progress.done === event.progress.total &&
          ++reportsOfTheEnd === 2
        ) {
          reply = call('jobs.cancel', { jobId: JOB });
        }
      },
    });
    call = (name, args) => dispatch(handlers, name, args);
  });
  afterAll(() => demo.dispose());

  it('is honoured: the run is cancelled with all its results kept, and can be resumed', async () => {
    const stayKeys = demo.store
      .listStays(demo.cohortId, { split: 'test', limit: 3 })
      .stays.map((s) => s.stayKey);
    const outcome = await call('runs.start', {
      cohortId: demo.cohortId,
      task: 'E1',
      split: 'test',
      stayKeys,
      workers: 1,
      calibration: 'none',
      validation: false,
      jobId: JOB,
    });
    expect(outcome.ok ? null : outcome.error.code).toBe('cancelled');
    expect(await reply).toEqual({ ok: true, value: { outcome: 'accepted' } });
    const runs = await call('runs.list', {});
    const run = (runs.ok ? (runs.value as RunSummary[]) : []).at(-1);
    expect(run).toMatchObject({ status: 'cancelled', doneStays: 3, totalStays: 3 });
    expect(events.at(-1)).toMatchObject({
      type: 'job.finished',
      jobId: JOB,
      outcome: 'cancelled',
      cancelRequested: true,
    });
    const resumed = await call('runs.resume', { runId: run!.id, workers: 1 });
    expect(resumed.ok ? resumed.value : resumed.error).toMatchObject({
      status: 'completed',
      doneStays: 3,
    });
  }, 300_000);
});
