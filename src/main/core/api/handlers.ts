/**
 * The core's implementation of the contract; transports only parse, route and serialise.
 * Each concept's calls live in handlers/<concept>.ts; this puts them together, and the
 * Handlers type makes a call without a handler a compile error.
 */
import { appHandlers } from './handlers/app';
import { cohortHandlers } from './handlers/cohorts';
import { compareHandlers } from './handlers/compare';
import { evaluationHandlers } from './handlers/evaluations';
import { modelHandlers } from './handlers/models';
import { reportHandlers } from './handlers/reports';
import { reviewHandlers } from './handlers/reviews';
import { prefetchDashboardFigures, runFigureHandlers } from './handlers/run-figures';
import { runHandlers } from './handlers/runs';
import { stayHandlers } from './handlers/stays';
import { stayExportHandlers } from './handlers/stay-exports';
import { storeHandlers } from './handlers/store';
import type { HandlerContext, Handlers } from './handler-types';
import { createJobRunner } from './job-runner';

export type { HandlerContext, Handlers } from './handler-types';

export function createHandlers(context: HandlerContext): Handlers {
  const jobs = createJobRunner(context.emit);
  const figures = runFigureHandlers(context);
  // Failures are the dashboard's to show when it asks again (prefetchDashboardFigures).
  const onCompleted = (runId: number): Promise<void> =>
    prefetchDashboardFigures(figures, runId).catch(() => undefined);
  return {
    ...appHandlers(context),
    ...cohortHandlers(context, jobs),
    ...stayHandlers(context),
    ...runHandlers(context, jobs, onCompleted),
    ...figures,
    ...evaluationHandlers(context, jobs),
    ...modelHandlers(context, jobs),
    ...reviewHandlers(context),
    ...reportHandlers(context),
    ...compareHandlers(context),
    ...stayExportHandlers(context),
    ...storeHandlers(context),
    'jobs.cancel': async ({ jobId }) => ({ outcome: jobs.cancel(jobId) }),
  };
}
