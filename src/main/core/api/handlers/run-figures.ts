/**
 * A run's cohort statistics, abstention analysis, bias audit and monitoring, at the run's own
 * parameters. A settled run's are read from the store when current (stored-figures.ts);
 * otherwise computed on a worker thread (the store file is shared; an in-memory store has
 * no file, so it is computed here) and kept. Cached in memory too, so a figure is never
 * computed or parsed twice for the same results.
 */
import { parseArgs, type CallArgs, type ParsedArgs } from '../../../../shared/contract';
import { runWithResults, type FiguresOf, type FiguresRequest } from '../../audit/run-figures';
import { monitoringCsv } from '../../audit/monitoring-csv';
import { runStayAttributes } from '../../audit/run-attributes';
import { seriesRuns } from '../../audit/monitoring-series';
import { checkMonitoringAttributes } from '../../audit/run-monitoring';
import { RunStore } from '../../audit/run-store';
import { runFiguresOffThread, seriesState } from '../../audit/stored-figures';
import { FiguresCache } from '../figures-cache';
import type { HandlerContext, HandlerGroup } from '../handler-types';

type DashboardCalls = 'runs.statistics' | 'runs.abstention' | 'runs.bias';
type FigureCalls = DashboardCalls | 'runs.monitoring' | 'runs.monitoringCsv';

/** What the dashboard asks when it opens a run (the bias view opens on the largest group). */
const DASHBOARD_CALLS: { [N in DashboardCalls]: (runId: number) => CallArgs<N> } = {
  'runs.statistics': (runId) => ({ runId }),
  'runs.abstention': (runId) => ({ runId }),
  'runs.bias': (runId) => ({ runId, reference: 'largest' }),
};

/**
 * A completed run's dashboard figures, computed on the figures worker as it completes and
 * kept (store and memory), so the first opening of its dashboard or report is as fast as
 * every later one. Asked exactly as the dashboard asks, so the dashboard finds them. A
 * failure is not kept: the dashboard computes the figures again when opened, and shows it.
 */
export async function prefetchDashboardFigures(
  figures: HandlerGroup<DashboardCalls>,
  runId: number,
): Promise<void> {
  const call = <N extends DashboardCalls>(name: N): Promise<unknown> => {
    const parsed = parseArgs<N>(name, DASHBOARD_CALLS[name](runId));
    if (!parsed.ok) return Promise.reject(new Error(parsed.error.message));
    const handler = figures[name] as (args: ParsedArgs<N>) => Promise<unknown>;
    return handler(parsed.args);
  };
  await Promise.all([call('runs.statistics'), call('runs.abstention'), call('runs.bias')]);
}

export function runFigureHandlers(
  { store }: HandlerContext,
  cache = new FiguresCache(),
): HandlerGroup<FigureCalls> {
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
      run.awaitingScoredStays ?? 0,
      run.spec.abstention,
      validationDone,
      seriesState(store, request),
    ]);
    return cache.get(key, () => runFiguresOffThread(store, run, request));
  }

  /** Refuses an attribute the stays lack here, before the figures thread, keeping its kind. */
  function monitoring(request: ParsedArgs<'runs.monitoring'>) {
    runWithResults(store, request.runId);
    const series = seriesRuns(store, request.runId, request.seriesRunIds);
    checkMonitoringAttributes(
      new Map(series.flatMap((run) => [...runStayAttributes(store, run.id)])),
      request.runId,
      request,
    );
    // Without a series, the request is the one the PDF makes: both share its stored figures.
    const { seriesRunIds, ...alone } = request;
    return figures({
      kind: 'monitoring',
      ...alone,
      ...(seriesRunIds.length > 0 ? { seriesRunIds } : {}),
    });
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
    'runs.monitoring': async (request) => monitoring(request),
    'runs.monitoringCsv': async (request) => ({ files: monitoringCsv(await monitoring(request)) }),
  };
}
