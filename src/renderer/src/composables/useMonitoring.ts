import { computed, ref, watch, type Ref } from 'vue';
import type { CallArgs } from '../../../shared/contract';
import {
  DEFAULT_MONITORING_PERIOD,
  defaultMonitoringPeriod,
  UNIT_ATTRIBUTES,
  type PeriodRule,
} from '../../../shared/monitoring';
import type { RunSummary } from '../../../shared/audit';
import type { ApiClient } from '../api/client';
import { useAsyncResource } from './useAsyncResource';

/**
 * The run's monitoring report (`runs.monitoring`) by the chosen period and unit, recomputed
 * by the core when either changes; with the attributes its cohort's stays carry, which are
 * the periods and units a team can choose beside the calendar.
 */
export function useMonitoring(
  api: ApiClient,
  runId: Ref<number | null>,
  run: Ref<RunSummary | null>,
) {
  const period = ref<PeriodRule>(DEFAULT_MONITORING_PERIOD);
  /**
   * Set once the user picks a period: the cohort's own default, which arrives with its
   * attributes, must not replace a choice made before they came.
   */
  let periodChosen = false;
  function choosePeriod(rule: PeriodRule): void {
    periodChosen = true;
    period.value = rule;
  }
  /** undefined until the cohort's attributes are known: then its unit attribute, if any. */
  const unit = ref<string | null | undefined>(undefined);
  /** Leading periods that set the charts' baseline (0: the model's own risks). */
  const referencePeriods = ref(0);
  /** Earlier runs watched with this one as a series, oldest first (none: the run alone). */
  const seriesRunIds = ref<number[]>([]);

  /**
   * Runs a series may hold: earlier runs of the same task, bundle files and threshold on other
   * cohorts, with results (the core checks the cohorts' inputs and says why it refuses).
   */
  const seriesCandidates = useAsyncResource(async () => {
    const own = run.value;
    if (own === null) return [];
    const decidedWith = (r: RunSummary) =>
      r.provenance.bundleFingerprint ?? JSON.stringify(r.provenance.bundleHashes);
    return (await api.call('runs.list', {})).filter(
      (r) =>
        r.id < own.id &&
        r.doneStays > 0 &&
        r.spec.task === own.spec.task &&
        r.spec.cohortId !== own.spec.cohortId &&
        r.spec.params.threshold === own.spec.params.threshold &&
        decidedWith(r) === decidedWith(own),
    );
  });
  watch(
    () => run.value?.id,
    () => {
      seriesRunIds.value = [];
      void seriesCandidates.reload();
    },
    { immediate: true },
  );

  const attributes = useAsyncResource(async () => {
    const cohortId = run.value?.spec.cohortId;
    if (cohortId === undefined) return null;
    const cohort = (await api.call('cohorts.list', {})).find((c) => c.id === cohortId);
    return cohort?.attributes ?? [];
  });
  watch(
    () => run.value?.spec.cohortId,
    () => void attributes.reload(),
    { immediate: true },
  );
  // The first unit-like attribute the stays carry and their own period attribute (MIMIC-IV's
  // anchor year group), as the PDF report chooses them; none when the attributes cannot be
  // read, so the report by quarter still comes.
  watch([attributes.data, attributes.error], ([names, error]) => {
    if (unit.value !== undefined) return;
    if (names !== null) {
      if (!periodChosen) period.value = defaultMonitoringPeriod(names);
      unit.value = UNIT_ATTRIBUTES.find((name) => names.includes(name)) ?? null;
    } else if (error !== null) unit.value = null;
  });

  const request = computed<CallArgs<'runs.monitoring'> | null>(() =>
    runId.value === null || unit.value === undefined
      ? null
      : {
          runId: runId.value,
          period: period.value,
          unit: unit.value,
          referencePeriods: referencePeriods.value,
          seriesRunIds: seriesRunIds.value,
        },
  );
  const report = useAsyncResource(async () =>
    request.value === null ? null : api.call('runs.monitoring', request.value),
  );
  watch(request, () => void report.reload(), { immediate: true });

  return {
    report,
    request,
    attributes,
    period,
    choosePeriod,
    unit,
    referencePeriods,
    seriesRunIds,
    seriesCandidates,
  };
}
