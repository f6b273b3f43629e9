/**
 * The array shapes every metric accepts, and the checks they run first, so that a length
 * mismatch or a label of 2 fails loudly instead of quietly skewing a published figure.
 */

/** Any indexable run of numbers: number[], Float64Array, Float32Array, Uint8Array... */
export type Numbers = ArrayLike<number>;

/** Per-stay yes/no flags (exhausted, reachable, abstained). */
export type Flags = ArrayLike<boolean>;

/** Throws unless every array has the same length as the first; returns that length. */
export function sameLength(name: string, ...arrays: readonly ArrayLike<unknown>[]): number {
  const n = arrays[0]?.length ?? 0;
  for (const a of arrays) {
    if (a.length !== n) {
      throw new RangeError(
        `${name}: inputs differ in length (${arrays.map((x) => x.length).join(' vs ')})`,
      );
    }
  }
  return n;
}

/** Throws unless every label is exactly 0 or 1 (binary outcomes only). */
export function checkBinary(name: string, labels: Numbers): void {
  for (let i = 0; i < labels.length; i++) {
    const y = labels[i];
    if (y !== 0 && y !== 1) throw new RangeError(`${name}: label ${i} is ${y}, expected 0 or 1`);
  }
}

/** Throws unless every value is a probability in [0, 1] (NaN included in the refusal). */
export function checkProbabilities(name: string, probs: Numbers): void {
  for (let i = 0; i < probs.length; i++) {
    const p = probs[i]!;
    if (!(p >= 0 && p <= 1))
      throw new RangeError(`${name}: probability ${i} is ${p}, outside [0, 1]`);
  }
}

/** Throws unless every score is a finite number (ranking metrics cannot order NaN). */
export function checkFinite(name: string, values: Numbers): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i]))
      throw new RangeError(`${name}: value ${i} is ${values[i]}, not finite`);
  }
}

/** Pr(class | m) for a binary model giving p = Pr(1 | m): p for class 1, 1 - p for class 0. */
export function classProbability(p: number, cls: number): number {
  return cls === 1 ? p : 1 - p;
}
