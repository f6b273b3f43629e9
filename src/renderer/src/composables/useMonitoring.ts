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
  /** undefined until the cohort's attributes are known: then its unit attribute, if any. */
  const unit = ref<string | null | undefined>(undefined);
  /** Leading periods that set the charts' baseline (0: the model's own risks). */
  const referencePeriods = ref(0);

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
      period.value = defaultMonitoringPeriod(names);
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
        },
  );
  const report = useAsyncResource(async () =>
    request.value === null ? null : api.call('runs.monitoring', request.value),
  );
  watch(request, () => void report.reload(), { immediate: true });

  return { report, request, attributes, period, unit, referencePeriods };
}
