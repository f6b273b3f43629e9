/**
 * A monitoring series: earlier runs of one bundle over successive cohorts (a hospital's monthly
 * extracts, say), watched together with the report's run. Their stays are pooled only when the
 * runs decided alike and their cohorts were read alike; anything else would chart two models
 * or two thresholds as one, so it is refused, naming the run and what differs.
 */
import { MAX_SERIES_RUNS } from '../../../shared/monitoring';
import { bundleFingerprint } from '../models';
import { InputError } from '../errors/input-error';
import type { Store } from '../store';
import type { RunSummary } from './audit-types';
import { RunStore } from './run-store';

function refuse(message: string): never {
  throw new InputError('monitoring series', null, null, message);
}

/** The series' runs, oldest first as given, the report's run last, checked alike. */
export function seriesRuns(
  store: Store,
  runId: number,
  earlierRunIds: readonly number[],
): RunSummary[] {
  const runs = new RunStore(store);
  const ids = [...earlierRunIds, runId];
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) refuse(`run ${id} is named twice; each run of a series is one extract.`);
    seen.add(id);
  }
  if (ids.length > MAX_SERIES_RUNS)
    refuse(`${ids.length} runs were named; a series pools at most ${MAX_SERIES_RUNS}.`);
  const series = ids.map((id) => runs.getRun(id));
  const last = series.at(-1)!;
  const cohort = store.getCohort(last.spec.cohortId);
  // What each run decided with: its bundle's files and, when calibrated, its calibration.
  const decidedWith = (run: RunSummary) =>
    run.provenance.bundleFingerprint ?? bundleFingerprint(run.provenance.bundleHashes);
  const fingerprint = decidedWith(last);
  const cohorts = new Set<number>();
  for (const run of series) {
    if (run.doneStays === 0) refuse(`run ${run.id} has no results yet.`);
    if (cohorts.has(run.spec.cohortId))
      refuse(
        `runs ${series
          .filter((r) => r.spec.cohortId === run.spec.cohortId)
          .map((r) => r.id)
          .join(
            ' and ',
          )} audited the same cohort "${run.provenance.cohortName}"; a series pools successive cohorts, each once.`,
      );
    cohorts.add(run.spec.cohortId);
    if (run === last) continue;
    const differs = (what: string) =>
      refuse(
        `runs ${run.id} and ${last.id} ${what}, so their stays cannot be watched as one series.`,
      );
    if (run.spec.task !== last.spec.task)
      differs(`audited different outcomes (${run.spec.task} and ${last.spec.task})`);
    if (decidedWith(run) !== fingerprint)
      differs('decided with different model bundles or calibrations (their files differ)');
    if (run.spec.params.threshold !== last.spec.params.threshold)
      differs(
        `alerted at different thresholds (${run.spec.params.threshold} and ${last.spec.params.threshold})`,
      );
    const other = store.getCohort(run.spec.cohortId);
    if (
      JSON.stringify(other.featureSchema) !== JSON.stringify(cohort.featureSchema) ||
      JSON.stringify(other.contextSchema.staticInputs ?? []) !==
        JSON.stringify(cohort.contextSchema.staticInputs ?? [])
    )
      differs(`read cohorts with different inputs ("${other.name}" and "${cohort.name}")`);
  }
  return series;
}
