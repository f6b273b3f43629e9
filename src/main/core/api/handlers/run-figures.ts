/**
 * A run's cohort statistics, abstention analysis and bias audit, at the run's own
 * parameters. A settled run's are read from the store when current (stored-figures.ts);
 * otherwise computed on a worker thread (the store file is shared; an in-memory store has
 * no file, so it is computed here) and kept. Cached in memory too, so a figure is never
 * computed or parsed twice for the same results.
 */
import { runWithResults, type FiguresOf, type FiguresRequest } from '../../audit/run-figures';
import { RunStore } from '../../audit/run-store';
import { runFiguresOffThread } from '../../audit/stored-figures';
import { FiguresCache } from '../figures-cache';
import type { HandlerContext, HandlerGroup } from '../handler-types';

export function runFigureHandlers(
  { store }: HandlerContext,
  cache = new FiguresCache(),
): HandlerGroup<'runs.statistics' | 'runs.abstention' | 'runs.bias'> {
  function figures<R extends FiguresRequest>(request: R): Promise<FiguresOf<R>> {
    // Refusals (unknown run, no results yet) happen here, so they keep their error kinds.
    const run = runWithResults(store, request.runId);
    // The abstention settings are a reviewer's and can change; the validation run's
    // progress changes what fitted policies can say.
    const validationId = run.spec.abstention?.validationRunId ?? null;
    const validationDone =
      validationId === null ? null : new RunStore(store).getRun(validationId).doneStays;
    const key = JSON.stringify([
      request,
      run.createdAt,
      run.doneStays,
      run.spec.abstention,
      validationDone,
    ]);
    return cache.get(key, () => runFiguresOffThread(store, run, request));
  }

  return {
    'runs.statistics': async ({ runId, seed }) => figures({ kind: 'statistics', runId, seed }),
    'runs.abstention': async ({ runId, seed }) => figures({ kind: 'abstention', runId, seed }),
    'runs.bias': async ({ runId, seed, reference, minGroupSize, intersections }) =>
      figures({
        kind: 'bias',
        runId,
        seed,
        ...(reference !== undefined ? { reference } : {}),
        ...(minGroupSize !== undefined ? { minGroupSize } : {}),
        ...(intersections !== undefined ? { intersections } : {}),
      }),
  };
}
