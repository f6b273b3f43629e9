/**
 * The review queue's vitals chart: the shared stayVitalsChart (hourly means, evidence windows
 * shaded) with what a screen adds: tooltips that give each hour's mean with its min–max
 * and unit, and skip the shading bars.
 */
import type { ChartConfiguration, TooltipItem } from 'chart.js';
import { stayVitalsChart } from '../../../../shared/charts/trace-charts';
import type { HourlyVariable } from '../../../../shared/stay-detail';
import { anyChart } from '../../charts/any-chart';
import { hourText } from '../../formatting/trace-format';

export function vitalsConfig(
  variables: readonly HourlyVariable[],
  hours: number,
  evidenceWindows: readonly number[],
  title: string,
  subtitle: string,
): ChartConfiguration {
  const config = anyChart(
    stayVitalsChart(
      // Drawn under the clinician's names, as the flowsheet shows them.
      variables.map((v) => ({ name: v.label, unit: v.unit, values: v.mean })),
      hours,
      evidenceWindows,
      title,
      subtitle,
    ),
  );
  const evidence = new Set(evidenceWindows);
  const options = config.options ?? {};
  options.interaction = { mode: 'index', intersect: false };
  options.plugins = {
    ...options.plugins,
    tooltip: {
      filter: (item: TooltipItem<'line' | 'bar'>) => item.dataset.yAxisID !== 'evidence',
      callbacks: {
        title: (items: TooltipItem<'line' | 'bar'>[]) => {
          const t = items[0]?.dataIndex ?? 0;
          return `W${t + 1} (hour ${t}–${t + 1})${evidence.has(t) ? ' · evidence window' : ''}`;
        },
        label: (item: TooltipItem<'line' | 'bar'>) => {
          const v = variables[item.datasetIndex];
          return v ? `${v.label}: mean ${hourText(v, item.dataIndex)}` : '';
        },
      },
    },
  };
  config.options = options;
  return config;
}
