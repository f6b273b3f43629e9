import { readonly, ref, type Ref } from 'vue';

export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'toe.theme';
const theme = ref<Theme>('light');
let initialised = false;

function apply(value: Theme): void {
  theme.value = value;
  document.documentElement.dataset.theme = value;
}

/**
 * The colour theme: the system's preference until the user picks one with the toggle,
 * then their choice (remembered). One shared ref, so every toggle shows the same state.
 */
export function useTheme(): { theme: Readonly<Ref<Theme>>; toggle: () => void } {
  if (!initialised) {
    initialised = true;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const saved = window.localStorage.getItem(STORAGE_KEY);
    apply(saved === 'light' || saved === 'dark' ? saved : media.matches ? 'dark' : 'light');
    media.addEventListener('change', (event) => {
      if (window.localStorage.getItem(STORAGE_KEY) === null)
        apply(event.matches ? 'dark' : 'light');
    });
  }
  return {
    theme: readonly(theme),
    toggle: () => {
      const next: Theme = theme.value === 'dark' ? 'light' : 'dark';
      window.localStorage.setItem(STORAGE_KEY, next);
      apply(next);
    },
  };
}
