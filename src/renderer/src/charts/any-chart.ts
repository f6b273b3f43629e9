import type { ChartConfiguration } from 'chart.js';

/**
 * chart.js's configuration type is invariant in the chart type (a bar chart's config is not
 * a ChartConfiguration<ChartType>), and the canvas component takes any kind: the one cast.
 */
export function anyChart(config: object): ChartConfiguration {
  return config as ChartConfiguration;
}
