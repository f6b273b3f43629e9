/**
 * Packing GRU sub-sequences of different lengths into ONNX runs. A run's rows all take the
 * run's longest length: onnxruntime's CPU GRU multiplies the whole batch at every step, so a
 * shorter row's padding costs as much as real steps (passing sequence_lens would not save
 * the multiplications either). Measured on the shipped bundle with one intra-op thread, a
 * run costs roughly 14 µs, plus about 1 µs per step, plus 0.55–0.8 µs per step and row; in
 * units of one step-row a run costs GRU_RUN_COST + L × (GRU_STEP_COST + rows). Cutting the
 * rows, sorted by length, into contiguous runs is optimal for that model; dynamic
 * programming over the distinct lengths (at most T of them) finds the cheapest cuts.
 *
 * The search's time hardly moved between (run, step) costs of (10, 0.5) and (40, 5) on the
 * 200 benchmark stays, while padding grew from 5% to 18% of the GRU steps; the constants sit
 * at the low end, so the steps run stay close to the steps needed.
 */

/** Fixed cost of one GRU run, in step-rows. */
export const GRU_RUN_COST = 15;

/** Cost of one step of a run beyond its rows, in step-rows. */
export const GRU_STEP_COST = 1;

/**
 * Rows per GRU run at most: as for whole streams (DEFAULT_MAX_BATCH), runs of a few dozen
 * rows were the fastest per step-row here; a run of 300 took 50% longer per step-row.
 */
export const GRU_ROWS_PER_RUN = 64;

export interface GruRun {
  /** Steps of this run: the longest row's length. */
  length: number;
  /** Indices of the rows in the run (into the lengths given), longest first. */
  rows: number[];
}

/**
 * Runs covering every row once; `lengths[i]` is row i's number of steps (≥ 1). Rows with
 * the same length always share a run unless `maxRows` splits them.
 */
export function planGruRuns(
  lengths: readonly number[],
  maxRows: number = GRU_ROWS_PER_RUN,
  costs: { run: number; step: number } = { run: GRU_RUN_COST, step: GRU_STEP_COST },
): GruRun[] {
  if (lengths.length === 0) return [];
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[b]! - lengths[a]! || a - b);
  // Groups of equal length, longest first: [length, first index in order, count].
  const groups: { length: number; start: number; count: number }[] = [];
  order.forEach((row, i) => {
    const last = groups[groups.length - 1];
    if (last && last.length === lengths[row]) last.count++;
    else groups.push({ length: lengths[row]!, start: i, count: 1 });
  });
  const n = groups.length;
  // best[j]: cheapest cost of groups 0..j-1; cut[j]: where the last run of that plan starts.
  const best = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const cut = new Int32Array(n + 1);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    let rows = 0;
    for (let i = j - 1; i >= 0; i--) {
      rows += groups[i]!.count;
      // Rows sorted longest first: the run's length is that of its first group.
      const runs = Math.ceil(rows / maxRows);
      const cost = best[i]! + runs * costs.run + groups[i]!.length * (runs * costs.step + rows);
      if (cost < best[j]!) {
        best[j] = cost;
        cut[j] = i;
      }
    }
  }
  const runs: GruRun[] = [];
  for (let j = n; j > 0; j = cut[j]!) {
    const first = groups[cut[j]!]!;
    const last = groups[j - 1]!;
    const rows = order.slice(first.start, last.start + last.count);
    for (let k = 0; k < rows.length; k += maxRows) {
      const part = rows.slice(k, k + maxRows);
      runs.push({ length: lengths[part[0]!]!, rows: part });
    }
  }
  return runs.reverse();
}
