/**
 * Draws from a proportion's Jeffreys posterior, Beta(k + ½, m − k + ½), for the bias audit's
 * ratios of proportions (FPR, FNR, PPV, exhaustion and abstention rates). The stratified
 * bootstrap of a group with 0 of m (or m of m) gives the same rate in every resample, so a
 * ratio against it had a zero-width interval and a p-value at the bootstrap's floor: 0 false
 * positives in 10 stays was "significantly" below 1 in 23. The Jeffreys posterior never
 * collapses to a point (its central interval is the Jeffreys interval, close to the exact
 * Clopper–Pearson one), so a ratio of two independent draws carries both sides' uncertainty.
 * Seeded (xoroshiro128+), so an audit is reproducible for its seed.
 */
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** A uniform in (0, 1]: never 0, so its logarithm and reciprocal powers are finite. */
function openUniform(rng: RandomGenerator): number {
  return 1 - uniformFloat64(rng);
}

/** Standard normal (Box–Muller, one value per two uniforms). */
function normal(rng: RandomGenerator): number {
  const u = openUniform(rng);
  const v = uniformFloat64(rng);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Gamma(shape, 1) by Marsaglia & Tsang (2000), "A simple method for generating gamma
 * variables"; a shape below 1 is boosted: Gamma(a) = Gamma(a + 1) · U^(1/a).
 */
export function gammaDraw(rng: RandomGenerator, shape: number): number {
  if (!(shape > 0)) throw new RangeError(`gammaDraw: shape must be > 0, got ${shape}`);
  if (shape < 1) return gammaDraw(rng, shape + 1) * Math.pow(openUniform(rng), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const x = normal(rng);
    const t = 1 + c * x;
    if (t <= 0) continue;
    const v = t * t * t;
    const u = openUniform(rng);
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/**
 * `count` draws of Beta(k + ½, m − k + ½), the Jeffreys posterior of k successes in m
 * trials (as Gamma(a) / (Gamma(a) + Gamma(b))). Every draw lies strictly inside (0, 1) up to
 * floating point, whatever k.
 */
export function jeffreysDraws(k: number, m: number, count: number, seed: number): Float64Array {
  if (!Number.isInteger(m) || m < 0 || !Number.isInteger(k) || k < 0 || k > m)
    throw new RangeError(`jeffreysDraws: need integer 0 <= k <= m (${k}, ${m})`);
  const rng = xoroshiro128plus(seed);
  const out = new Float64Array(count);
  for (let r = 0; r < count; r++) {
    const x = gammaDraw(rng, k + 0.5);
    const y = gammaDraw(rng, m - k + 0.5);
    out[r] = x / (x + y);
  }
  return out;
}
