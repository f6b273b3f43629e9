import { CLINICAL_VARIABLES, FAHRENHEIT_ITEMS, fahrenheitToCelsius } from '../clinical-variables';
import { fitsFloat32 } from '../hourly-bins';
import type { ImportSummaryBuilder } from '../import-summary';
import type { CohortStay } from './cohort-stay';

/** Item id -> index into CLINICAL_VARIABLES, for one source table. */
export type ItemVariables = ReadonlyMap<number, number>;

function itemMap(
  items: (variable: (typeof CLINICAL_VARIABLES)[number]) => number[],
): ItemVariables {
  const map = new Map<number, number>();
  CLINICAL_VARIABLES.forEach((variable, index) => {
    for (const item of items(variable)) map.set(item, index);
  });
  return map;
}

export const CHART_ITEM_VARIABLES: ItemVariables = itemMap((v) => v.chartItems);
export const LAB_ITEM_VARIABLES: ItemVariables = itemMap((v) => v.labItems);

/**
 * Puts one charted value into a stay's hourly bins when it falls inside the window: °F items
 * are converted to °C first, and values outside the variable's plausible range are dropped
 * and counted (cohort.md: never kept, never silently). Rows outside the window are ignored
 * before the range check, so the report counts only values the window would have held.
 */
export function binMeasurement(
  stay: CohortStay,
  variable: number,
  itemId: number,
  value: number,
  charttime: number,
  report: ImportSummaryBuilder,
): void {
  const hour = stay.hourOf(charttime);
  if (hour === null) return;
  const converted = FAHRENHEIT_ITEMS.has(itemId) ? fahrenheitToCelsius(value) : value;
  const [low, high] = CLINICAL_VARIABLES[variable]!.plausible;
  if (!fitsFloat32(converted) || converted < low || converted > high) {
    report.dropImplausible(variable);
    return;
  }
  stay.bins.add(hour, variable, converted);
}
