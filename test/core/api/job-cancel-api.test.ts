/**
 * A Cancel against a job that commits, in both orders, through dispatch as both transports
 * reach it. The store is wrapped to cancel at an exact moment, so neither order depends on
 * timing: (a) just before the job's last cancel check (it is honoured: nothing is committed,
 * the job ends cancelled); (b) after the commit, before the job has finished (the reply says
 * too late, the job ends completed with the Cancel noted, and the cohort is kept).
 */
import { resolve } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../../src/main/core/api/dispatch';
import { createHandlers } from '../../../src/main/core/api/handlers';
import type { Store } from '../../../src/main/core/store';
import type { ApiEvent, CallOutcome, JobFinished } from '../../../src/shared/contract';
import { copyFixture } from '../../support/fixture-copy';
import { storeFingerprint, tempStore } from '../../support/temp-store';

const CLINICAL = resolve(import.meta.dirname, '../../fixtures/generic-minimal');
const temp = tempStore();
afterAll(temp.dispose);
const events: ApiEvent[] = [];
const handlers = createHandlers({
  store: temp.store,
  transport: 'http',
  emit: (event) => events.push(event),
});
const call = (name: string, args: unknown) => dispatch(handlers, name, args);

/** The store's own methods, put back after each test's wrapping. */
const original = {
  saveImportSummary: temp.store.saveImportSummary,
  transaction: temp.store.transaction,
};
afterEach(() => Object.assign(temp.store, original));

const finishedEvent = (jobId: string): JobFinished | undefined =>
  events.find((e): e is JobFinished => e.type === 'job.finished' && e.jobId === jobId);

/**
 * Cancels `jobId` as the job saves its import summary, the last write before its last cancel
 * check: dispatch runs the handler at once, so the Cancel lands exactly there.
 */
function cancelBeforeCommitCheck(store: Store, jobId: string): () => Promise<CallOutcome<unknown>> {
  let reply: Promise<CallOutcome<unknown>> | null = null;
  store.saveImportSummary = (cohortId, report) => {
    original.saveImportSummary.call(store, cohortId, report);
    reply = call('jobs.cancel', { jobId });
  };
  return () => reply ?? Promise.reject(new Error('the job never saved its report'));
}

/** Cancels `jobId` once its transaction has committed, while the job is still finishing. */
function cancelAfterCommit(store: Store, jobId: string): () => Promise<CallOutcome<unknown>> {
  let reply: CallOutcome<unknown> | null = null;
  store.transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    let result: { value: T } | null = null;
    await original.transaction.call(store, async () => {
      result = { value: await work() };
    });
    reply = await call('jobs.cancel', { jobId });
    if (result === null) throw new Error('the transaction never ran its work');
    return (result as { value: T }).value;
  };
  return async () => reply ?? Promise.reject(new Error('the job never committed'));
}

const JOBS = [
  {
    what: 'a demo cohort job',
    start: (jobId: string, name: string) =>
      call('cohorts.createDemo', { jobId, name, stays: 30, seed: 7 }),
  },
  {
    what: 'an import',
    start: (jobId: string, name: string) =>
      call('cohorts.import', {
        jobId,
        format: 'generic',
        dir: copyFixture(CLINICAL, temp.dir),
        name,
      }),
  },
];

describe.each(JOBS)('a Cancel against $what', ({ what, start }) => {
  const slug = what.replaceAll(' ', '-');

  it('is honoured when it arrives before the last check: nothing is committed', async () => {
    const jobId = `${slug}-before`;
    const before = storeFingerprint(temp.store);
    const reply = cancelBeforeCommitCheck(temp.store, jobId);
    const outcome = await start(jobId, `${slug}-cancelled`);
    expect(outcome.ok ? null : outcome.error.code).toBe('cancelled');
    expect(await reply()).toEqual({ ok: true, value: { outcome: 'accepted' } });
    expect(storeFingerprint(temp.store)).toEqual(before);
    expect(finishedEvent(jobId)).toMatchObject({
      outcome: 'cancelled',
      cancelRequested: true,
      ok: false,
    });
  });

  it('comes too late once the job has committed: the job completes and its cohort is kept', async () => {
    const jobId = `${slug}-after`;
    const name = `${slug}-kept`;
    const reply = cancelAfterCommit(temp.store, jobId);
    const outcome = await start(jobId, name);
    expect(outcome.ok).toBe(true);
    expect(await reply()).toEqual({ ok: true, value: { outcome: 'too-late' } });
    expect(temp.store.listCohorts().map((c) => c.name)).toContain(name);
    expect(finishedEvent(jobId)).toEqual({
      type: 'job.finished',
      jobId,
      outcome: 'completed',
      cancelRequested: true,
      ok: true,
      error: null,
    });
  });
});

describe('a Cancel with no job to stop', () => {
  it('comes too late for a job that has finished, or one never started', async () => {
    const jobId = 'finished-first';
    const outcome = await call('cohorts.createDemo', { jobId, name: 'done', stays: 10, seed: 3 });
    expect(outcome.ok).toBe(true);
    expect(finishedEvent(jobId)).toMatchObject({ outcome: 'completed', cancelRequested: false });
    expect(await call('jobs.cancel', { jobId })).toEqual({
      ok: true,
      value: { outcome: 'too-late' },
    });
    expect(await call('jobs.cancel', { jobId: 'never-started' })).toEqual({
      ok: true,
      value: { outcome: 'too-late' },
    });
  });
});
