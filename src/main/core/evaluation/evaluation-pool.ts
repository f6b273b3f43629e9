/**
 * `toe evaluate`'s stays on the stay pool (jobs/stay-pool.ts; the work is
 * stay-method-worker.ts), one stay at a time per worker with one more in hand, so no worker
 * waits for the main thread. Every
 * method's draws are seeded by the stay (stream = stay id) and each stay's note embeddings
 * are computed once, one stay per run, on the main thread before the workers start (see
 * audit/note-precompute.ts), so a stay's results do not depend on which worker ran it or
 * what it ran before: the results come back in the stays' order and are the same for any
 * number of workers.
 *
 * A cancel stops the pool with StayPoolAbortedError once every worker has exited.
 */
import type { ExecutionProviderRequest } from '../models';
import { runStayPool } from '../jobs/stay-pool';
import type { SearchParams } from '../search';
import type { EvaluationPlan } from './evaluation-plan';
import type { StayMethodResults } from './stay-method-runner';

export { StayPoolAbortedError } from '../jobs/stay-pool';

/** What a worker does with each stay: every method of a plan, or one dynamic-mode search. */
export type StayJob =
  { kind: 'methods'; plan: EvaluationPlan } | { kind: 'dynamic'; params: SearchParams };

/** A dynamic-mode search's outcome, as the spurious audit keeps it. */
export interface DynamicStayResult {
  pFull: number;
  converged: boolean;
  reachable: boolean;
  size: number;
}

export type StayJobResult<J extends StayJob> = J extends { kind: 'methods' }
  ? StayMethodResults
  : DynamicStayResult;

export interface StayMethodWorkerData {
  kind: 'evaluation-stays';
  dbPath: string;
  bundleDir: string;
  executionProvider: ExecutionProviderRequest;
  job: StayJob;
}

export interface StayMethodPoolOptions<J extends StayJob> {
  size: number;
  data: Omit<StayMethodWorkerData, 'kind' | 'job'> & { job: J };
  signal?: AbortSignal | undefined;
  /** After each stay, with how many are done. */
  onDone?: (done: number) => void;
}

/** The job on every stay, on `size` worker threads; the results in `stayIds`' order. */
export async function runStayMethodPool<J extends StayJob>(
  stayIds: readonly number[],
  options: StayMethodPoolOptions<J>,
): Promise<StayJobResult<J>[]> {
  const results: StayJobResult<J>[] = new Array(stayIds.length);
  let done = 0;
  // One stay per message, so a worker holds the stay it runs and the next.
  await runStayPool<StayJobResult<J>>(stayIds, {
    workerName: 'evaluation worker',
    at: (stayId) => `on stay id ${stayId}`,
    size: options.size,
    batchSize: 1,
    work: { kind: 'evaluation-stays', ...options.data },
    signal: options.signal,
    onResult: (result, position) => {
      results[position] = result;
      done++;
      options.onDone?.(done);
    },
  });
  return results;
}
