/**
 * Least authority over the contract: no call writes a file at a caller's path, and a run
 * cannot ask for more worker threads than this machine can hold.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import { MAX_WORKERS } from '../../../src/main/core/jobs/worker-limit';
import { calls } from '../../../src/shared/contract';
import { tempStore } from '../../support/temp-store';

describe('resource limits of the contract', () => {
  const { store, dispose } = tempStore();
  afterAll(dispose);
  const handlers = createHandlers({ store, transport: 'http', emit: () => {} });

  it('has no call that takes a file path to write to', () => {
    expect(Object.keys(calls)).not.toContain('reports.export');
  });

  it('refuses more workers than 4 per core, by name, before starting anything', async () => {
    const request = { cohortId: 1, task: 'E1', jobId: 'limits' };
    const tooMany = await dispatch(handlers, 'runs.start', {
      ...request,
      workers: Math.min(64, MAX_WORKERS + 1),
    });
    if (MAX_WORKERS + 1 <= 64) {
      expect(tooMany).toMatchObject({ ok: false, error: { code: 'bad-input' } });
      expect(!tooMany.ok && tooMany.error.message).toMatch(/workers: \d+ worker threads asked for/);
    }
    const absurd = await dispatch(handlers, 'runs.resume', { runId: 1, workers: 256 });
    expect(absurd).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
  });
});
