/**
 * Packing GRU sub-sequences into runs: every row in exactly one run, no run longer than its
 * longest row or fuller than the cap, and the cheapest contiguous cut of the sorted rows
 * (checked against brute force on small inputs).
 */
import { describe, expect, it } from 'vitest';
import { planGruRuns, type GruRun } from '../../../src/main/core/models/gru-runs';
import { addedWindow } from '../../../src/main/core/models/ts-states';

const COSTS = { run: 20, step: 1.2 };

function cost(runs: readonly GruRun[], costs = COSTS): number {
  return runs.reduce((c, r) => c + costs.run + r.length * (costs.step + r.rows.length), 0);
}

function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

/** Every contiguous cut of the rows sorted by length (longest first), capped at maxRows. */
function bruteForce(lengths: number[], maxRows: number, costs = COSTS): number {
  const sorted = [...lengths].sort((a, b) => b - a);
  const groups: number[][] = [];
  for (const l of sorted) {
    const last = groups[groups.length - 1];
    if (last && last[0] === l) last.push(l);
    else groups.push([l]);
  }
  let best = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < 2 ** (groups.length - 1); mask++) {
    let total = 0;
    let run: number[] = [];
    groups.forEach((g, i) => {
      run.push(...g);
      if (i === groups.length - 1 || mask & (1 << i)) {
        const runs = Math.ceil(run.length / maxRows);
        total += runs * costs.run + run[0]! * (runs * costs.step + run.length);
        run = [];
      }
    });
    best = Math.min(best, total);
  }
  return best;
}

describe('planGruRuns', () => {
  it('puts every row in exactly one run no longer than its longest row', () => {
    const next = random(3);
    for (let trial = 0; trial < 50; trial++) {
      const lengths = Array.from(
        { length: 1 + Math.floor(next() * 90) },
        () => 1 + Math.floor(next() * 24),
      );
      const runs = planGruRuns(lengths, 16, COSTS);
      const seen = runs.flatMap((r) => r.rows).sort((a, b) => a - b);
      expect(seen).toEqual(lengths.map((_, i) => i));
      for (const run of runs) {
        expect(run.rows.length).toBeLessThanOrEqual(16);
        expect(run.length).toBe(Math.max(...run.rows.map((r) => lengths[r]!)));
      }
    }
  });

  it('finds the cheapest contiguous cut', () => {
    const next = random(11);
    for (let trial = 0; trial < 40; trial++) {
      const lengths = Array.from(
        { length: 1 + Math.floor(next() * 30) },
        () => 1 + Math.floor(next() * 10),
      );
      expect(cost(planGruRuns(lengths, 1000, COSTS))).toBeCloseTo(bruteForce(lengths, 1000), 9);
      // With a row cap, runs cut from one bucket may be shorter than the bucket: never dearer.
      const maxRows = 1 + Math.floor(next() * 12);
      expect(cost(planGruRuns(lengths, maxRows, COSTS))).toBeLessThanOrEqual(
        bruteForce(lengths, maxRows) + 1e-9,
      );
    }
  });

  it('runs rows of one length together, and pads only when a run is worth saving', () => {
    expect(planGruRuns([5, 5, 5], 128, COSTS)).toEqual([{ length: 5, rows: [0, 1, 2] }]);
    // Two far apart lengths: padding 1 row by 20 steps costs less than a second run.
    expect(planGruRuns([24, 4], 128, COSTS).map((r) => r.length)).toEqual([24]);
    // Many short rows beside one long one: their own run saves 50 × 20 padded steps.
    const lengths = [24, ...Array<number>(50).fill(4)];
    expect(planGruRuns(lengths, 128, COSTS).map((r) => r.length)).toEqual([24, 4]);
    expect(planGruRuns([])).toEqual([]);
  });
});

describe('addedWindow', () => {
  it('names the one window a child adds, or null', () => {
    expect(addedWindow([], [3])).toBe(3);
    expect(addedWindow([1, 5], [1, 2, 5])).toBe(2);
    expect(addedWindow([1, 5], [1, 5, 9])).toBe(9);
    expect(addedWindow([1, 5], [0, 1, 5])).toBe(0);
    expect(addedWindow([1, 5], [1, 5])).toBeNull();
    expect(addedWindow([1, 5], [2, 5, 7])).toBeNull();
    expect(addedWindow([1], [2, 3])).toBeNull();
  });
});
