// How a bias-audit disparity's adjusted p-value reads in the app (docs/audit-metrics.md).

/** "adjusted p = 0.012"; a p-value at the bootstrap's floor reads as a bound. */
export function formatAdjustedP(p: number | null, floor: number): string {
  if (p === null) return 'not tested';
  return p <= floor ? `adjusted p ≤ ${floor.toFixed(4)}` : `adjusted p = ${p.toFixed(3)}`;
}
