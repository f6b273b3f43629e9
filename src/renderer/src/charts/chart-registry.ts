import { Chart, Tooltip } from 'chart.js';
import { CHART_COMPONENTS } from '../../../shared/charts/chart-components';

let registered = false;

/** The report's chart components plus tooltips (a screen has a pointer), registered once. */
export function registerCharts(): typeof Chart {
  if (!registered) {
    Chart.register(...CHART_COMPONENTS, Tooltip);
    registered = true;
  }
  return Chart;
}
