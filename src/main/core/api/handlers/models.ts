// Model bundles the user names by folder: their full-input metrics on a cohort, signing one,
// calibrating one. The last two write into that folder, so only the desktop app and `toe` may ask; over HTTP a page could
// otherwise change files anywhere the server can write.
import { join, resolve } from 'node:path';
import { calibrateCommandLine } from '../../../../shared/calibration';
import { calibrateBundle } from '../../calibration';
import { bundleFullInputMetrics, signBundle } from '../../models';
import { CHECKOUT_RESOURCES } from '../../shipped-resources';
import type { HandlerContext, HandlerGroup } from '../handler-types';
import type { JobRunner } from '../job-runner';
import { UnavailableError } from '../unavailable-error';

export function modelHandlers(
  { store, transport, resources = CHECKOUT_RESOURCES }: HandlerContext,
  jobs: JobRunner,
): HandlerGroup<'models.sign' | 'models.calibrate' | 'models.fullInputMetrics'> {
  const refuseOverHttp = (what: string) => {
    if (transport === 'http') {
      throw new UnavailableError(
        `${what} writes into the bundle's folder, which only the desktop app and the toe command may do.`,
      );
    }
  };
  return {
    'models.fullInputMetrics': async ({ jobId, task, bundle, cohort, ...options }) => {
      const cohortId = store.resolveCohort(cohort);
      const bundleDir = resolve(bundle ?? join(resources.modelsDir, task));
      return jobs.run(jobId, ({ progress }) =>
        bundleFullInputMetrics(store, { bundleDir, task, cohortId, progress, ...options }),
      );
    },
    'models.sign': async ({ bundle, replace }) => {
      refuseOverHttp('Signing a bundle');
      return signBundle(resolve(bundle), { replace });
    },
    'models.calibrate': async ({
      jobId,
      bundle,
      cohort,
      method,
      thresholdRule,
      dryRun,
      force,
      executionProvider,
    }) => {
      if (!dryRun) refuseOverHttp('Calibrating a bundle');
      const cohortId = store.resolveCohort(cohort);
      const cohortName = store.getCohort(cohortId).name;
      const bundleDir = resolve(bundle);
      return jobs.run(jobId, async ({ progress }) => {
        const outcome = await calibrateBundle(store, {
          bundleDir,
          cohortId,
          method,
          rule: thresholdRule,
          // Recorded as typed, so the command reproduces the file from where it was run.
          command: calibrateCommandLine(bundle, cohortName, method, thresholdRule),
          write: !dryRun,
          force,
          progress,
          ...(executionProvider ? { executionProvider } : {}),
        });
        return {
          bundle: bundleDir,
          executionProvider: outcome.executionProvider,
          file: outcome.written?.file ?? null,
          sha256: outcome.written?.sha256 ?? null,
          previous: outcome.written?.previous ?? null,
          calibration: outcome.calibration,
        };
      });
    },
  };
}
