import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * The demo cohort's randomness. Every stay draws from its own independent streams, one per
 * purpose (patient state, charting, radiology, ...), derived from (seed, stay, purpose).
 * Why: a stay's content then depends on nothing but those three numbers, not on how many
 * draws another part of the generator made, so changing the radiology templates leaves the
 * vitals untouched, and the spurious-feature cohort differs from the clean one only where
 * the artefact is. Nothing here reads Math.random or the clock.
 */
export const STREAMS = {
  patient: 1,
  attributes: 2,
  vitals: 3,
  labs: 4,
  radiology: 5,
  context: 6,
  outcomes: 7,
  spurious: 8,
  admission: 9,
  unit: 10,
} as const;
export type StreamName = keyof typeof STREAMS;

/**
 * A 32-bit integer hash with full avalanche ("lowbias32", C. Wellons). Used only to spread
 * (seed, stay, purpose) over xoroshiro128+'s 128-bit state: pure-rand's own 32-bit seeding
 * leaves most of that state fixed, so nearby seeds would start on correlated sequences.
 */
function mix32(value: number): number {
  let x = value | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  return (x ^ (x >>> 16)) | 0;
}

const GOLDEN = 0x9e3779b9;

export class Random {
  private constructor(private readonly rng: RandomGenerator) {}

  /** The stream for one purpose of one stay of a cohort generated with `seed`. */
  static stream(seed: number, stay: number, purpose: StreamName): Random {
    let h = mix32(seed ^ GOLDEN);
    h = mix32(h ^ mix32(stay + GOLDEN));
    h = mix32(h ^ mix32(STREAMS[purpose] * GOLDEN));
    const state = [1, 2, 3, 4].map((i) => mix32(h + Math.imul(i, GOLDEN)));
    // An all-zero state would emit zeros forever; the hash makes it astronomically unlikely.
    if (!state.some((word) => word !== 0)) state[0] = 1;
    const rng = xoroshiro128plusFromState(state);
    // The first outputs of a freshly seeded xoroshiro carry some of the seed's structure.
    for (let i = 0; i < 8; i++) rng.next();
    return new Random(rng);
  }

  /** Uniform in [0, 1), 53 bits. */
  uniform(): number {
    return uniformFloat64(this.rng);
  }

  between(low: number, high: number): number {
    return low + (high - low) * this.uniform();
  }

  /** Integer uniform in [low, high], both included. */
  int(low: number, high: number): number {
    return low + Math.floor(this.uniform() * (high - low + 1));
  }

  chance(p: number): boolean {
    return this.uniform() < p;
  }

  /**
   * Standard normal by Box-Muller, without caching the twin value so that every call costs
   * the same draws. V8's Math.log/cos are fdlibm ports, identical on every platform.
   */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.uniform();
    const v = this.uniform();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Log-normal with the given median and log-scale spread. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma));
  }

  /** Beta-like draw in [0, 1] with the given mean: cheap, smooth, no rejection loop. */
  proportion(mean: number, concentration = 4): number {
    if (mean <= 0) return 0;
    const a = Math.max(mean * concentration, 1e-3);
    const b = Math.max((1 - mean) * concentration, 1e-3);
    const x = this.gamma(a);
    const y = this.gamma(b);
    return x + y === 0 ? 0 : x / (x + y);
  }

  /**
   * Gamma(shape, 1) by Marsaglia-Tsang; shapes below 1 use the boost u^(1/shape). The
   * rejection loop accepts ~98% of the time, so the draw count is data-dependent but still
   * fully determined by the stream.
   */
  gamma(shape: number): number {
    if (shape < 1) return this.gamma(shape + 1) * Math.pow(1 - this.uniform(), 1 / shape);
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = this.normal();
      const v0 = 1 + c * x;
      if (v0 <= 0) continue;
      const v = v0 * v0 * v0;
      const u = 1 - this.uniform();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v;
    }
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.uniform() * items.length)]!;
  }

  /** A choice by weight; weights need not sum to one. Order of the list is the order used. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let u = this.uniform() * total;
    for (const [value, weight] of choices) {
      u -= weight;
      if (u < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }
}

/** Keeps a draw inside the bounds a body (or a scale) allows. */
export function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}
