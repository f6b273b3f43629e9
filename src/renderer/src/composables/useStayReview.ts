import { ref, watch, type Ref } from 'vue';
import type { ReviewVerdict, StayReview } from '../../../shared/audit';
import type { ApiErrorPayload } from '../../../shared/contract';
import { toErrorPayload, type ApiClient } from '../api/client';
import { useAsyncResource, type AsyncResource } from './useAsyncResource';

/** How a comment's identifiers are handled: refused (the default) or redacted, and marks. */
export interface CommentScreening {
  mode: 'refuse' | 'redact';
  falseAlarms: string[];
}

export interface StayReviewState {
  current: AsyncResource<{ review: StayReview | null }>;
  saving: Ref<boolean>;
  saveError: Ref<ApiErrorPayload | null>;
  save: (verdict: ReviewVerdict, comment: string, phi?: CommentScreening) => Promise<boolean>;
  clear: () => Promise<boolean>;
}

/** The reviewer's verdict on one stay of one run: read, saved (reviews.set) and cleared. */
export function useStayReview(
  api: ApiClient,
  runId: Ref<number | null>,
  stayId: Ref<number | null>,
): StayReviewState {
  const current = useAsyncResource(async () => {
    if (runId.value === null || stayId.value === null) return null;
    return api.call('reviews.get', { runId: runId.value, stayId: stayId.value });
  });
  watch([runId, stayId], () => void current.reload(), { immediate: true });
  const saving = ref(false);
  const saveError = ref<ApiErrorPayload | null>(null);

  async function write(work: (ids: { runId: number; stayId: number }) => Promise<unknown>) {
    if (runId.value === null || stayId.value === null || saving.value) return false;
    saving.value = true;
    saveError.value = null;
    try {
      await work({ runId: runId.value, stayId: stayId.value });
      await current.reload();
      return true;
    } catch (caught) {
      saveError.value = toErrorPayload(caught);
      return false;
    } finally {
      saving.value = false;
    }
  }

  return {
    current,
    saving,
    saveError,
    save: (verdict, comment, phi) =>
      write((ids) =>
        api.call('reviews.set', { ...ids, verdict, comment, ...(phi ? { phi } : {}) }),
      ),
    clear: () => write((ids) => api.call('reviews.clear', ids)),
  };
}
