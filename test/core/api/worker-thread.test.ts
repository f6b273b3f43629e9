/**
 * The app's one worker script refuses work of a kind it does not know, with the kind named,
 * instead of ending quietly and leaving its caller to wait for an answer that never comes.
 */
import { describe, expect, it } from 'vitest';
import { startWorkerThread } from '../../../src/main/core/jobs/worker-script';

describe('worker-thread', () => {
  it('fails with the unknown kind named', async () => {
    const worker = startWorkerThread({ kind: 'no-such-work' });
    const outcome = await new Promise<string>((resolve) => {
      worker.once('error', (error) => resolve(`error: ${error.message}`));
      worker.once('exit', (code) => resolve(`exit ${code}`));
    });
    expect(outcome).toBe('error: worker-thread: no work of kind "no-such-work"');
  });
});
