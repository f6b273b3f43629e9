/**
 * A run's cohort statistics and bias audit, at the run's own parameters. Computed on a
 * worker thread (the store file is shared; an in-memory store has no file, so it is
 * computed here) and cached, so a figure is never computed twice for the same results.
 */
import { figuresOnWorker } from '../../audit/figures-thread';
import {
  computeFigures,
  runWithResults,
  type FiguresOf,
  type FiguresRequest,
} from '../../audit/run-figures';
import { FiguresCache } from '../figures-cache';
import type { HandlerContext, HandlerGroup } from '../handler-types';

export function runFigureHandlers(
  { store }: HandlerContext,
  cache = new FiguresCache(),
): HandlerGroup<'runs.statistics' | 'runs.bias'> {
  function figures<R extends FiguresRequest>(request: R): Promise<FiguresOf<R>> {
    // Refusals (unknown run, no results yet) happen here, so they keep their error kinds.
    const run = runWithResults(store, request.runId);
    const key = JSON.stringify([request, run.createdAt, run.doneStays]);
    return cache.get(key, () =>
      store.path === ':memory:'
        ? Promise.resolve(computeFigures(store, request))
        : figuresOnWorker(store.path, request),
    );
  }

  return {
    'runs.statistics': async ({ runId, seed }) => figures({ kind: 'statistics', runId, seed }),
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
