import { ref, shallowRef, type Ref, type ShallowRef } from 'vue';
import type { ApiErrorPayload } from '../../../shared/contract';
import { toErrorPayload } from '../api/client';

export interface AsyncResource<T> {
  data: ShallowRef<T | null>;
  loading: Ref<boolean>;
  error: Ref<ApiErrorPayload | null>;
  reload: () => Promise<void>;
}

/**
 * Loads something on demand with loading/error state. Only the latest load may write its
 * result, so a slow answer to an earlier request cannot overwrite a newer one.
 */
export function useAsyncResource<T>(load: () => Promise<T | null>): AsyncResource<T> {
  const data = shallowRef<T | null>(null);
  const loading = ref(false);
  const error = ref<ApiErrorPayload | null>(null);
  let latest = 0;

  async function reload(): Promise<void> {
    const request = ++latest;
    loading.value = true;
    error.value = null;
    try {
      const value = await load();
      if (request === latest) data.value = value;
    } catch (caught) {
      if (request === latest) error.value = toErrorPayload(caught);
    } finally {
      if (request === latest) loading.value = false;
    }
  }

  return { data, loading, error, reload };
}
