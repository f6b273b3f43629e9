/** Stays' tensors and ECG values are stored as Float32 (store/codec.ts): nothing larger fits. */
export const FLOAT32_MAX = 3.4028234663852886e38;

/**
 * True when the value is still a finite number once stored as Float32. 1e300 is a finite
 * double but Infinity as a Float32: importers treat such a value as out of any range (a
 * measurement is dropped and counted, like an implausible one; an ECG value is refused).
 */
export function fitsFloat32(value: number): boolean {
  return Number.isFinite(Math.fround(value));
}

/**
 * Accumulates charted values into a stay's hourly bins: mean, min and max per variable per
 * hour, and a missingness flag where nothing was charted. Memory is bounded by the stay, not
 * by the file, so importers can stream measurement rows in any order.
 */
export class HourlyBins {
  private readonly sum: Float64Array;
  private readonly count: Uint32Array;
  private readonly min: Float32Array;
  private readonly max: Float32Array;

  constructor(
    readonly hours: number,
    readonly variables: number,
  ) {
    const cells = hours * variables;
    this.sum = new Float64Array(cells);
    this.count = new Uint32Array(cells);
    this.min = new Float32Array(cells).fill(Number.POSITIVE_INFINITY);
    this.max = new Float32Array(cells).fill(Number.NEGATIVE_INFINITY);
  }

  add(hour: number, variable: number, value: number): void {
    const cell = hour * this.variables + variable;
    this.sum[cell]! += value;
    this.count[cell]! += 1;
    if (value < this.min[cell]!) this.min[cell] = value;
    if (value > this.max[cell]!) this.max[cell] = value;
  }

  /** Values charted for one variable, over all hours. */
  valuesOf(variable: number): number {
    let n = 0;
    for (let h = 0; h < this.hours; h++) n += this.count[h * this.variables + variable]!;
    return n;
  }

  hoursWith(variable: number): number {
    let n = 0;
    for (let h = 0; h < this.hours; h++) if (this.count[h * this.variables + variable]! > 0) n++;
    return n;
  }

  /** The stay's tensor: hours x variables x (mean, min, max), and the missingness flags. */
  toTensor(): { series: Float32Array; missing: Uint8Array } {
    const cells = this.hours * this.variables;
    const series = new Float32Array(cells * 3).fill(Number.NaN);
    const missing = new Uint8Array(cells).fill(1);
    for (let cell = 0; cell < cells; cell++) {
      const n = this.count[cell]!;
      if (n === 0) continue;
      series[cell * 3] = this.sum[cell]! / n;
      series[cell * 3 + 1] = this.min[cell]!;
      series[cell * 3 + 2] = this.max[cell]!;
      missing[cell] = 0;
    }
    return { series, missing };
  }
}
