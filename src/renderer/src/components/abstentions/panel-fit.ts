import {
  nextTick,
  onBeforeUnmount,
  onMounted,
  ref,
  shallowRef,
  type Ref,
  type ShallowRef,
} from 'vue';

const MARGIN = 16;
/** Below this the evidence would have no room; the page then scrolls instead. */
const MIN_PANEL = 320;
/** Where the worklist stacks its panel below the list (AbstentionQueueView's media query). */
const STACKED = '(max-width: 1100px)';

/**
 * Keeps the worklist's selected-stay panel inside the window: its verdict controls sit at its
 * foot, below the scrolling evidence, so the panel is sized to end inside the window wherever
 * it starts (a fixed 100vh pushes them below the fold while the header is in view).
 */
export function usePanelFit(): {
  /** The panel's element, bound with ref="panel". */
  panel: ShallowRef<HTMLElement | null>;
  /** The panel's style: its height, or its largest height beside the list. */
  size: Ref<{ height?: string; maxHeight?: string }>;
  fit: () => void;
  bringIntoView: () => void;
} {
  const panel = shallowRef<HTMLElement | null>(null);
  const size = ref<{ height?: string; maxHeight?: string }>({});
  function fit(): void {
    const el = panel.value;
    if (!el) return;
    // Stacked, the panel ends the page: exactly a window high (not at most, which shrinks
    // while its evidence loads), so the page always scrolls far enough to show all of it.
    if (window.matchMedia(STACKED).matches) {
      size.value = { height: `${Math.max(MIN_PANEL, window.innerHeight - 2 * MARGIN)}px` };
      return;
    }
    const top = Math.max(el.getBoundingClientRect().top, MARGIN);
    size.value = { maxHeight: `${Math.max(MIN_PANEL, window.innerHeight - top - MARGIN)}px` };
  }
  /** Stacked below the list, the panel of a clicked row would be off screen: scroll to it. */
  function bringIntoView(): void {
    if (!window.matchMedia(STACKED).matches) return;
    fit();
    void nextTick(() => panel.value?.scrollIntoView({ block: 'start' }));
  }
  onMounted(() => {
    window.addEventListener('scroll', fit, { passive: true });
    window.addEventListener('resize', fit);
  });
  onBeforeUnmount(() => {
    window.removeEventListener('scroll', fit);
    window.removeEventListener('resize', fit);
  });
  return { panel, size, fit, bringIntoView };
}
