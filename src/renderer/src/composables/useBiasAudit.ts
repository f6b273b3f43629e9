import { ref, watch, type Ref } from 'vue';
import type { ReferenceRule } from '../../../shared/bias-audit';
import type { ApiClient } from '../api/client';
import { useAsyncResource } from './useAsyncResource';

/**
 * The run's bias audit against a chosen reference (largest group, best group, or a named
 * group of one attribute); recomputed by the core (with its bootstrap) when either changes.
 */
export function useBiasAudit(api: ApiClient, runId: Ref<number | null>) {
  const reference = ref<ReferenceRule>('largest');
  const audit = useAsyncResource(async () => {
    if (runId.value === null) return null;
    return api.call('runs.bias', { runId: runId.value, reference: reference.value });
  });
  watch([runId, reference], () => void audit.reload(), { immediate: true });
  return { audit, reference };
}
