/**
 * Runs evaluateBundle on a one-shot worker thread (the app's worker thread doing
 * evaluation-worker.ts's work). An evaluation is minutes of
 * work with seconds-long synchronous stretches (a thousand bootstrap resamples of every
 * method at every budget), which must not stall the thread that answers the app's calls.
 * Progress comes back as messages; an aborted signal asks the worker to stop, which it does
 * before its next stay. Refusals and cancellation keep their error classes across the thread.
 */
import { startWorkerThread } from '../jobs/worker-script';
import { CancelledError, type ProgressSink, type ProgressUpdate } from '../jobs/progress';
import { BundleError, type BundleProblem } from '../models';
import type { BundleEvaluation, BundleEvaluationRequest } from './evaluate-bundle';

export interface EvaluationWorkerData {
  kind: 'evaluation';
  dbPath: string;
  request: BundleEvaluationRequest;
}

export type ToEvaluationWorker = { kind: 'cancel' };

export type EvaluationFailure =
  | { kind: 'cancelled' }
  | { kind: 'bundle'; problem: BundleProblem; message: string }
  | { kind: 'other'; message: string };

export type FromEvaluationWorker =
  | { kind: 'progress'; update: ProgressUpdate }
  | { kind: 'done'; evaluation: BundleEvaluation }
  | { kind: 'failed'; failure: EvaluationFailure };

/** An error as the worker reports it. */
export function describeFailure(error: unknown): EvaluationFailure {
  if (error instanceof CancelledError) return { kind: 'cancelled' };
  if (error instanceof BundleError)
    return { kind: 'bundle', problem: error.problem, message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

function asError(failure: EvaluationFailure): Error {
  if (failure.kind === 'cancelled') return new CancelledError('The evaluation');
  if (failure.kind === 'bundle') return new BundleError(failure.problem, failure.message);
  return new Error(`The evaluation failed: ${failure.message}`);
}

export function evaluateOnWorker(
  dbPath: string,
  request: BundleEvaluationRequest,
  options: { progress?: ProgressSink; signal?: AbortSignal } = {},
): Promise<BundleEvaluation> {
  const data: EvaluationWorkerData = { kind: 'evaluation', dbPath, request };
  return new Promise((resolve, reject) => {
    let outcome: { evaluation: BundleEvaluation } | { error: Error } | null = null;
    const worker = startWorkerThread(data);
    const cancel = () => worker.postMessage({ kind: 'cancel' } satisfies ToEvaluationWorker);
    if (options.signal?.aborted) cancel();
    options.signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', (message: FromEvaluationWorker) => {
      if (message.kind === 'progress') options.progress?.(message.update);
      else if (message.kind === 'done') outcome = { evaluation: message.evaluation };
      else outcome = { error: asError(message.failure) };
    });
    worker.once('error', (error) => (outcome ??= { error }));
    // Settles on exit, once the worker has released its sessions and the store.
    worker.once('exit', (code) => {
      options.signal?.removeEventListener('abort', cancel);
      if (outcome && 'evaluation' in outcome) resolve(outcome.evaluation);
      else reject(outcome?.error ?? new Error(`The evaluation worker exited with code ${code}.`));
    });
  });
}
