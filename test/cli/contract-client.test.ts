// The CLI's way into the core is the contract: the same schemas refuse the same arguments,
// the same handlers answer, and a job's progress events reach only the call that started it.
import { afterEach, describe, expect, it } from 'vitest';
import { ContractCallError, ContractClient } from '../../src/main/cli/contract-client';
import { ExitCode, exitCodeFor } from '../../src/main/cli/exit-codes';
import type { ApiEvent } from '../../src/shared/contract';
import { tempStore } from '../support/temp-store';

describe('the CLI’s contract client', () => {
  let dispose = (): void => undefined;
  afterEach(() => dispose());

  it('answers through the contract’s handlers and says it is the command line', async () => {
    const temp = tempStore();
    dispose = temp.dispose;
    const client = new ContractClient(temp.store);
    const info = await client.call('app.info', {});
    expect(info.transport).toBe('cli');
    expect(await client.call('cohorts.list', {})).toEqual([]);
  });

  it('refuses what the contract’s schema refuses, with the payload every transport gets', async () => {
    const temp = tempStore();
    dispose = temp.dispose;
    const client = new ContractClient(temp.store);
    const refusal = await client
      .call('runs.checkStart', { cohortId: 1, task: 'E1', params: { beamWidth: 0 } })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ContractCallError);
    expect((refusal as ContractCallError).payload.code).toBe('invalid-arguments');
    expect((refusal as ContractCallError).message).toMatch(/beamWidth/);
    const missing = await client.call('runs.get', { runId: 99 }).catch((error: unknown) => error);
    expect((missing as ContractCallError).payload.code).toBe('not-found');
    // The command exits as it did when it called the core directly.
    expect(exitCodeFor(refusal)).toBe(ExitCode.usage);
    expect(exitCodeFor(missing)).toBe(ExitCode.notFound);
  });

  it('hears its own job’s progress events and none once the call has settled', async () => {
    const temp = tempStore();
    dispose = temp.dispose;
    const client = new ContractClient(temp.store);
    const heard: ApiEvent[] = [];
    const report = await client.callJob(
      'cohorts.createDemo',
      { name: 'tiny', stays: 12, seed: 3 },
      (event) => heard.push(event),
    );
    expect(report.staysIncluded).toBe(12);
    expect(heard.length).toBeGreaterThan(0);
    const jobIds = new Set(
      heard.map((event) =>
        event.type === 'job.finished'
          ? event.jobId
          : 'progress' in event
            ? event.progress.jobId
            : '',
      ),
    );
    expect(jobIds.size).toBe(1);
    const after = heard.length;
    await client.callJob(
      'cohorts.createDemo',
      { name: 'tiny-2', stays: 12, seed: 4 },
      () => undefined,
    );
    expect(heard.length).toBe(after);
  });

  it('asks the core to cancel its job when the signal aborts (Ctrl-C), and nothing is kept', async () => {
    const temp = tempStore();
    dispose = temp.dispose;
    const client = new ContractClient(temp.store);
    const interrupt = new AbortController();
    const refusal = await client
      .callJob(
        'cohorts.createDemo',
        { name: 'large', stays: 20_000, seed: 5 },
        (event) => {
          if (event.type === 'job.progress') interrupt.abort();
        },
        interrupt.signal,
      )
      .catch((error: unknown) => error);
    expect(interrupt.signal.aborted).toBe(true);
    expect((refusal as ContractCallError).payload.code).toBe('cancelled');
    expect(exitCodeFor(refusal)).toBe(ExitCode.cancelled);
    expect(await client.call('cohorts.list', {})).toEqual([]);
  });

  it('says so in one line when Ctrl-C comes after the job has finished, and keeps its work', async () => {
    const temp = tempStore();
    dispose = temp.dispose;
    const notes: string[] = [];
    const client = new ContractClient(temp.store, (line) => notes.push(line));
    const interrupt = new AbortController();
    const report = await client.callJob(
      'cohorts.createDemo',
      { name: 'small', stays: 12, seed: 5 },
      (event) => {
        // The job has finished (committed) when its job.finished event is out: too late.
        if (event.type === 'job.finished') interrupt.abort();
      },
      interrupt.signal,
    );
    expect(report.staysIncluded).toBe(12);
    expect(notes).toEqual([
      'The demo cohort had already been generated when Ctrl-C arrived: it was kept.',
    ]);
    expect((await client.call('cohorts.list', {})).map((c) => c.name)).toEqual(['small']);
  });
});
