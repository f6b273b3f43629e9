import { onBeforeUnmount, shallowRef, watch, type ShallowRef } from 'vue';

/**
 * Calls `visible` once the element bound to the returned ref (`ref="…"` in the template) has
 * scrolled into view (at once where the browser has no IntersectionObserver), then stops
 * watching it.
 */
export function useWhenVisible(visible: () => void): ShallowRef<HTMLElement | null> {
  const element = shallowRef<HTMLElement | null>(null);
  let observer: IntersectionObserver | null = null;
  const stop = () => {
    observer?.disconnect();
    observer = null;
  };
  watch(
    element,
    (el) => {
      stop();
      if (!el) return;
      if (typeof IntersectionObserver === 'undefined') {
        visible();
        return;
      }
      observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          stop();
          visible();
        }
      });
      observer.observe(el);
    },
    { immediate: true },
  );
  onBeforeUnmount(stop);
  return element;
}
