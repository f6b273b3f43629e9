import { onBeforeUnmount, onMounted, shallowRef, watch, type ShallowRef } from 'vue';
import type { Chart, ChartConfiguration } from 'chart.js';
import { registerCharts } from '../charts/chart-registry';
import { chartPalette, themedConfig } from '../charts/chart-theme';
import { useTheme } from './useTheme';

/**
 * A chart.js chart on the canvas the caller binds to `canvas`. The instance lives in a
 * shallowRef (chart.js objects must not become reactive proxies), is rebuilt when the
 * configuration or the theme changes, and destroyed with the component.
 */
export function useChart(config: () => ChartConfiguration): {
  canvas: ShallowRef<HTMLCanvasElement | null>;
  chart: ShallowRef<Chart | null>;
} {
  const canvas = shallowRef<HTMLCanvasElement | null>(null);
  const chart = shallowRef<Chart | null>(null);
  const { theme } = useTheme();

  function draw(): void {
    chart.value?.destroy();
    chart.value = null;
    if (!canvas.value) return;
    const ChartJs = registerCharts();
    chart.value = new ChartJs(canvas.value, themedConfig(config(), chartPalette(theme.value)));
  }

  onMounted(draw);
  watch([config, theme], draw);
  onBeforeUnmount(() => {
    chart.value?.destroy();
    chart.value = null;
  });
  return { canvas, chart };
}
