/**
 * Holm's step-down adjustment: the family-wise error rate held across a family of tests (the
 * inputs a monitoring report checks for drift), as R's p.adjust("holm") computes it.
 */

/** Holm's step-down adjusted p-values, in the order given (nulls are left out of the family). */
export function holmAdjusted(pValues: readonly (number | null)[]): (number | null)[] {
  const tested = pValues
    .map((p, index) => ({ p, index }))
    .filter((entry): entry is { p: number; index: number } => entry.p !== null)
    .sort((a, b) => a.p - b.p);
  const adjusted: (number | null)[] = pValues.map(() => null);
  let running = 0;
  tested.forEach(({ p, index }, rank) => {
    // Monotone: an adjusted p is never below the one of a smaller raw p.
    running = Math.max(running, Math.min(1, (tested.length - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
