/**
 * A bundle's full-input metrics on a cohort split, as `toe models eval` and the contract's
 * `models.fullInputMetrics` give them: each stream scored on whole stays, with bootstrap
 * intervals, beside what the manifest recorded when this is the cohort it was trained on.
 */
import type { Split } from '../../../shared/domain';
import { BUNDLE_STREAMS, type FullInputMetricsReport } from '../../../shared/model-bundles';
import { InputError } from '../errors/input-error';
import type { ProgressSink } from '../jobs/progress';
import type { BootstrapCi } from '../statistics';
import type { Store } from '../store';
import { BundleError } from './bundle-error';
import type { ExecutionProviderRequest } from './execution-provider';
import { fullInputMetrics, scoreSplit } from './full-input-scoring';
import { ModelRuntime } from './model-runtime';
import { trainingRelation } from './training-relation';

export interface FullInputMetricsRequest {
  bundleDir: string;
  task: string;
  cohortId: number;
  split: Split;
  seed: number;
  resamples: number;
  executionProvider?: ExecutionProviderRequest;
  progress?: ProgressSink;
}

const interval = ({ estimate, lower, upper, skipped }: BootstrapCi) => ({
  estimate,
  lower,
  upper,
  skipped,
});

export async function bundleFullInputMetrics(
  store: Store,
  request: FullInputMetricsRequest,
): Promise<FullInputMetricsReport> {
  const started = performance.now();
  const cohort = store.getCohort(request.cohortId);
  const runtime = await ModelRuntime.open(request.bundleDir, {
    store,
    ...(request.executionProvider ? { executionProvider: request.executionProvider } : {}),
  });
  try {
    const manifest = runtime.manifest;
    if (manifest.task !== request.task) {
      throw new BundleError(
        'cohort',
        `The bundle in ${request.bundleDir} predicts ${manifest.task}, not ${request.task}: choose task ${manifest.task} or another bundle.`,
      );
    }
    runtime.checkCohort(cohort);
    const scored = await scoreSplit(
      runtime,
      store,
      request.cohortId,
      request.split,
      request.progress,
    );
    if (scored.labels.length === 0) {
      throw new InputError(
        `cohort "${cohort.name}"`,
        null,
        null,
        `has no ${request.split} stays labelled for ${request.task}; choose another split.`,
      );
    }
    const figures = fullInputMetrics(scored, { seed: request.seed, resamples: request.resamples });
    const relation = trainingRelation(store, request.cohortId, manifest, request.split);
    const isTrainingCohort = relation.kind === 'training-cohort';
    const streams = BUNDLE_STREAMS.filter((s) => s !== 'note' || runtime.hasNoteStream);
    return {
      task: request.task,
      bundle: request.bundleDir,
      cohort: cohort.name,
      split: request.split,
      stays: scored.labels.length,
      positives: scored.labels.reduce((n, y) => n + y, 0),
      executionProvider: runtime.provider,
      bootstrap: { seed: request.seed, resamples: request.resamples, level: 0.95 },
      metrics: Object.fromEntries(
        streams.map((s) => [
          s,
          {
            auroc: interval(figures[s].auroc),
            auprc: interval(figures[s].auprc),
            ece: interval(figures[s].ece),
          },
        ]),
      ),
      trainingCohort: {
        name: manifest.training.cohort,
        contentSha256: manifest.training.contentSha256,
        isTrainingCohort,
        relation: relation.sentence,
        recordedMetrics: isTrainingCohort
          ? (manifest.metrics?.[request.split]?.full ?? null)
          : null,
      },
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await runtime.close();
  }
}
