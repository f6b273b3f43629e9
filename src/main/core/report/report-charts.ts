/**
 * Places a chart from src/shared/charts on a report page: rendered to PNG in Node at a fixed
 * scale, so chart.js's default type sizes (12 px ticks, 16 px titles) print at about 7 and
 * 9.4 points, matching the report's own text, at roughly 120 dpi.
 */
import type { ChartConfiguration } from 'chart.js';
import { renderChartPng } from './chart-png';
import type { PdfLayout } from './pdf-layout';

const PIXELS_PER_POINT = 1.7;

/**
 * Any configuration from src/shared/charts. chart.js's type is invariant in the chart type,
 * so a line, a bar and a mixed chart share no narrower type (src/shared/charts casts alike).
 */
export type AnyChart = object;

export function chartPng(config: AnyChart, widthPt: number, heightPt: number): Buffer {
  return renderChartPng(config as ChartConfiguration, {
    width: Math.round(widthPt * PIXELS_PER_POINT),
    height: Math.round(heightPt * PIXELS_PER_POINT),
  });
}

/** Renders the chart at the text width and places it, kept whole, with its caption. */
export function placeChart(
  layout: PdfLayout,
  config: AnyChart,
  heightPt: number,
  caption?: string,
): void {
  layout.image(chartPng(config, layout.width, heightPt), heightPt, caption);
}
