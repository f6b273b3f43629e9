/**
 * Shared look of every evaluation chart: one colour per method (the same in every figure,
 * so a reader learns it once), titles, axis titles with units, and no animation, so a
 * configuration renders identically in the app and in a PNG written under Node.
 */
import type { ChartConfiguration, ChartOptions, ChartType } from 'chart.js';
import type { RowMethod } from './evaluation-data';

export const METHOD_COLOURS: Record<RowMethod | 'cbm' | 'full', string> = {
  toe: '#d62728',
  topk: '#1f77b4',
  random: '#7f7f7f',
  saliency: '#bcbd22',
  lime: '#9467bd',
  shap: '#2ca02c',
  'toe-lambda0': '#ff7f0e',
  'toe-mu0': '#8c564b',
  'toe-logit': '#e377c2',
  'toe-paper-order': '#98df8a',
  'toe-ts-only': '#17becf',
  'toe-notes-only': '#aec7e8',
  exhaustive: '#000000',
  cbm: '#8c564b',
  full: '#333333',
};

/** A colour with an alpha, for confidence bands behind a line. */
export function translucent(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** Legend entries are hidden for helper datasets (CI bands) by giving them an empty label. */
const legendWithoutHelpers = {
  display: true,
  position: 'bottom' as const,
  labels: {
    filter: (item: { text: string }) => item.text !== '',
    boxWidth: 14,
  },
};

export interface Axis {
  title: string;
  min?: number;
  max?: number;
  /** Whole-number ticks only (budgets, counts). */
  integer?: boolean;
}

/** The options of one cartesian axis (line and bar charts share them). */
export type AxisOptions = NonNullable<NonNullable<ChartOptions<'line'>['scales']>[string]>;

/** A linear axis whose title names the quantity and its unit (every axis gets one). */
export function linearAxis(axis: Axis): AxisOptions {
  return {
    type: 'linear',
    title: { display: true, text: axis.title },
    ...(axis.min !== undefined ? { min: axis.min } : {}),
    ...(axis.max !== undefined ? { max: axis.max } : {}),
    ...(axis.integer ? { ticks: { precision: 0 } } : {}),
  };
}

/** A category axis (bar charts) with a title. */
export function categoryAxis(title: string): AxisOptions {
  return { type: 'category', title: { display: true, text: title } };
}

/** Options every chart shares: title (+ subtitle), legend at the bottom, no animation. */
export function baseOptions<T extends ChartType>(
  title: string,
  subtitle?: string,
): NonNullable<ChartConfiguration<T>['options']> {
  return {
    animation: false,
    responsive: false,
    maintainAspectRatio: false,
    plugins: {
      title: { display: true, text: title, font: { size: 16 } },
      // Room below the subtitle: a series at the axis maximum (p = 1, S = 1) or a shaded
      // evidence band would otherwise run through its text.
      subtitle: {
        display: subtitle !== undefined,
        text: subtitle ?? '',
        padding: { top: 2, bottom: 12 },
      },
      legend: legendWithoutHelpers,
    },
  } as NonNullable<ChartConfiguration<T>['options']>;
}
