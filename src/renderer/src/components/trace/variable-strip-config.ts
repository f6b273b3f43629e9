/**
 * A flowsheet strip on screen: the shared variableTrendChart with the window's clock times
 * under each hour, a smaller title, and tooltips that name the hour by its clock time and
 * give its mean with min–max, unit and flags (the band, shading and marks are not values).
 */
import type { ChartConfiguration, TooltipItem } from 'chart.js';
import { TIMELINE_AXIS, variableTrendChart } from '../../../../shared/charts/trace-charts';
import { hourFlags, type HourlyVariable } from '../../../../shared/stay-detail';
import { anyChart } from '../../charts/any-chart';
import { clockAt, hourText, windowName, type UnitClock } from '../../formatting/trace-format';

type StripItem = TooltipItem<'line' | 'bar'>;

const FLAG_WORDS = { low: 'below the normal range', high: 'above the normal range' };

export function variableStripConfig(
  variable: HourlyVariable,
  stay: UnitClock,
  evidenceWindows: readonly number[],
  noteHours: readonly number[],
): ChartConfiguration {
  const labels = Array.from({ length: stay.windows }, (_, t) => [
    `W${t + 1}`,
    clockAt(stay.t0, t) ?? `hour ${t + 1}`,
  ]);
  const config = anyChart(variableTrendChart(variable, labels, evidenceWindows, noteHours));
  const evidence = new Set(evidenceWindows);
  const options = config.options ?? {};
  options.interaction = { mode: 'index', intersect: false };
  options.plugins = {
    ...options.plugins,
    title: { ...options.plugins?.title, font: { size: 13 } },
    tooltip: {
      // The mean line carries the hour's reading; the note mark says a note was charted.
      filter: (item: StripItem) =>
        item.datasetIndex === 0 ||
        (item.dataset.yAxisID === TIMELINE_AXIS && item.dataset.type === 'line'),
      callbacks: {
        title: (items: StripItem[]) => {
          const t = items[0]?.dataIndex ?? 0;
          return `${windowName(t, stay.t0)}${evidence.has(t) ? ' · evidence' : ''}`;
        },
        label: (item: StripItem) => {
          if (item.datasetIndex !== 0) return 'radiology note charted in this hour';
          const flags = hourFlags(variable, item.dataIndex).map((f) => FLAG_WORDS[f]);
          return `${hourText(variable, item.dataIndex)}${flags.length ? ` · ${flags.join(', ')}` : ''}`;
        },
      },
    },
  };
  config.options = options;
  return config;
}
