import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/**
 * The baselines' randomness (Random, LIME, KernelSHAP): reproducible from (seed, stream).
 * The stream is meant to be the stay id, so one run seed gives every stay its own draws;
 * with one shared sequence, Random would pick the same unit positions for every stay.
 * Nothing here reads Math.random or the clock.
 */
export interface SeedOptions {
  /** Run seed, a 32-bit integer; recorded with the run. */
  seed?: number;
  /** Per-stay stream (e.g. the stay id), so stays draw independently. */
  stream?: number;
}

export const DEFAULT_BASELINE_SEED = 20_240_601;

/** murmur3's 32-bit finaliser: full avalanche, so nearby seeds start far apart. */
function finalise32(value: number): number {
  let x = value | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) | 0;
}

/**
 * A xoroshiro128+ generator whose whole 128-bit state is derived from (seed, stream).
 * Why not pure-rand's own 32-bit seeding: it fixes most of the state, so seeds 1 and 2
 * would begin on correlated sequences.
 */
export function seededGenerator(options: SeedOptions = {}): RandomGenerator {
  const seed = options.seed ?? DEFAULT_BASELINE_SEED;
  const stream = options.stream ?? 0;
  for (const [name, value] of [
    ['seed', seed],
    ['stream', stream],
  ] as const) {
    if (!Number.isSafeInteger(value))
      throw new RangeError(`${name} must be an integer, got ${value}`);
  }
  const base = finalise32(seed ^ finalise32(stream + 0x632be5ab) ^ Math.floor(stream / 2 ** 32));
  const state = [0, 1, 2, 3].map((i) => finalise32(base + Math.imul(i + 1, 0x9e3779b9)));
  // xoroshiro128+ is stuck at zero from an all-zero state; astronomically unlikely, but cheap to rule out.
  if (!state.some((word) => word !== 0)) state[0] = 1;
  return xoroshiro128plusFromState(state);
}

/** An integer uniform in 0..n-1. */
export function uniformIndex(rng: RandomGenerator, n: number): number {
  return uniformInt(rng, 0, n - 1);
}

/** A float uniform in [0, 1), 53 random bits. */
export function uniformUnitInterval(rng: RandomGenerator): number {
  return uniformFloat64(rng);
}

/**
 * `count` distinct indices of 0..n-1, uniformly among all such subsets (partial
 * Fisher–Yates), in the order drawn. count = n gives a uniform permutation.
 */
export function sampleIndices(rng: RandomGenerator, n: number, count: number): number[] {
  const pool = Array.from({ length: n }, (_, i) => i);
  const take = Math.min(count, n);
  for (let i = 0; i < take; i++) {
    const j = i + uniformIndex(rng, n - i);
    const chosen = pool[j]!;
    pool[j] = pool[i]!;
    pool[i] = chosen;
  }
  return pool.slice(0, take);
}
