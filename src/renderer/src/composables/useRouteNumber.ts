import { computed, type ComputedRef } from 'vue';
import { useRoute } from 'vue-router';

/** A positive whole-number route parameter (e.g. :runId), or null when absent or malformed. */
export function useRouteNumber(name: string): ComputedRef<number | null> {
  const route = useRoute();
  return computed(() => {
    const raw = route.params[name];
    const id = Number(Array.isArray(raw) ? raw[0] : raw);
    return Number.isInteger(id) && id > 0 ? id : null;
  });
}
