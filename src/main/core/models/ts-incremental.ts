/**
 * The TS stream run forward incrementally over a search (beyond the paper). A child's TS mask
 * differs from its parent's in one window t, so with x = ts ⊙ m the forward GRU's states
 * before t and the backward GRU's states after t are the parent's: the child re-runs only
 * hours [t, T) forward (starting from the parent's state at t − 1) and hours [t, 0] backward
 * (starting from the parent's state at t + 1), T + 1 steps instead of 2T, on the bundle's
 * ts_gru_forward / ts_gru_backward parts, then ts_head. Logits are cached per TS mask for
 * the stay (a child adding a note chunk costs nothing here), hidden states only for the
 * masks the caller will expand next (retain()). Rows of different t share ONNX runs, padded
 * to the run's longest (gru-runs.ts). On this machine onnxruntime's GRU gave bit-identical
 * states for a sub-sequence started from a handed-over state and for the full sequence, and
 * the search found the same evidence both ways on every benchmark stay; the tests hold the
 * logits to the monolithic ts_stream's within 1e-5.
 */
import type { BundleSessions, TsOnnxFile } from './bundle-signatures';
import type { ForwardPassStats } from './forward-pass-stats';
import { GRU_ROWS_PER_RUN, planGruRuns } from './gru-runs';
import type { ManifestSizes } from './manifest-schema';
import { runRows, tileRow } from './session-runs';
import { staticFeed } from './static-input-vector';
import type { StayTensors } from './stay-inputs';
import type { StreamMasks } from './stream-masks';
import {
  addedWindow,
  copyFloats,
  materialise,
  newRow,
  writeHandOver,
  type TsRow,
  type TsStates,
} from './ts-states';

/** Children of one parent from which running the parent's states first is cheaper. */
const MIN_CHILDREN_TO_RUN_PARENT = 3;

export class IncrementalTsStream {
  private readonly logits = new Map<string, number>();
  /** States of masks the search will expand (the beam), kept across calls. */
  private retained = new Map<string, TsStates>();
  /** Rows of the latest call: states materialised only if someone grows from them. */
  private pending = new Map<string, TsRow>();
  /** Reused GRU input buffer: a fresh one per run cost more in garbage collection than in use. */
  private scratch = new Float32Array(0);
  /** Calls run one after another: they share the buffer and the caches. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sessions: BundleSessions,
    private readonly sizes: ManifestSizes,
    private readonly inputs: StayTensors,
    private readonly maxBatch: number,
    private readonly stats: ForwardPassStats,
  ) {}

  /** l_ts of each set; `parents[i]` is the set sets[i] grew from, if known. */
  forward(
    sets: readonly StreamMasks[],
    parents: readonly (StreamMasks | null)[],
  ): Promise<Float64Array> {
    const result = this.queue.then(() => this.forwardNow(sets, parents));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Keeps hidden states only for these masks (the next step's parents); call between forward passes. */
  retain(keys: readonly string[]): void {
    const kept = new Map<string, TsStates>();
    for (const key of keys) {
      const states = this.statesOf(key);
      if (states) kept.set(key, states);
    }
    this.retained = kept;
    this.pending = new Map();
  }

  private async forwardNow(
    sets: readonly StreamMasks[],
    parentSets: readonly (StreamMasks | null)[],
  ): Promise<Float64Array> {
    const { T } = this.sizes;
    // The window each set adds to its parent, and the parents' states (null: none kept).
    const parents = new Map<string, TsStates | null>();
    const uses = new Map<string, number>();
    const added: (number | null)[] = new Array<number | null>(sets.length).fill(null);
    for (let i = 0; i < sets.length; i++) {
      const parent = parentSets[i];
      if (!parent || this.logits.has(sets[i]!.windowKey)) continue;
      const window = addedWindow(parent.windows, sets[i]!.windows);
      if (window === null) continue;
      const key = parent.windowKey;
      if (!parents.has(key)) parents.set(key, this.keptStates(key));
      uses.set(key, (uses.get(key) ?? 0) + 1);
      added[i] = window;
    }
    this.pending = new Map();
    // A parent without kept states (the search's empty start state) is run in full first
    // when that pays: 2T steps for it and T + 1 per child beat 2T per child from 3 children.
    const unknown: TsRow[] = [];
    for (const [key, states] of parents) {
      if (states !== null || uses.get(key)! < MIN_CHILDREN_TO_RUN_PARENT) continue;
      unknown.push(newRow(key, key === '' ? [] : key.split(',').map(Number), null, 0, T - 1));
    }
    await this.run(unknown);
    for (const row of unknown) {
      const states = materialise(row, this.sizes);
      parents.set(row.key, states);
      this.retained.set(row.key, states);
    }
    const rows: TsRow[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < sets.length; i++) {
      const { windowKey: key, windows } = sets[i]!;
      if (this.logits.has(key) || seen.has(key)) {
        this.stats.tsCacheHits++;
        continue;
      }
      seen.add(key);
      const window = added[i]!;
      const parent = window === null ? null : parents.get(parentSets[i]!.windowKey);
      rows.push(
        parent
          ? newRow(key, windows, parent, window, window)
          : newRow(key, windows, null, 0, T - 1),
      );
    }
    await this.run(rows);
    for (const row of rows) this.pending.set(row.key, row);
    const out = new Float64Array(sets.length);
    for (let i = 0; i < sets.length; i++) out[i] = this.logits.get(sets[i]!.windowKey)!;
    return out;
  }

  /** statesOf, kept for later calls too (a caller need not retain() between steps). */
  private keptStates(key: string): TsStates | null {
    const states = this.statesOf(key);
    if (states) this.retained.set(key, states);
    return states;
  }

  private statesOf(key: string): TsStates | null {
    const retained = this.retained.get(key);
    if (retained) return retained;
    const row = this.pending.get(key);
    return row ? materialise(row, this.sizes) : null;
  }

  /** Forward runs, backward runs, then one head run; caches each row's logit. */
  private async run(rows: TsRow[]): Promise<void> {
    if (rows.length === 0) return;
    const { T, H, Dc, De } = this.sizes;
    await this.direction(rows, 'ts_gru_forward.onnx');
    await this.direction(rows, 'ts_gru_backward.onnx');
    const forwardLast = new Float32Array(rows.length * H);
    const backwardFirst = new Float32Array(rows.length * H);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      const last = row.forwardAt + (T - 1 - row.from) * H;
      copyFloats(row.forwardOut, last, forwardLast, i * H, H);
      copyFloats(row.backwardOut, row.backwardAt, backwardFirst, i * H, H);
      this.stats.gruStepsNeeded += T - row.from + row.to + 1;
      this.stats.gruStepsFull += 2 * T;
    }
    this.stats.tsMasks += rows.length;
    const logits = await runRows(
      this.sessions['ts_head.onnx'],
      'ts_head.onnx',
      {
        h_forward_last: { data: forwardLast, dims: [H] },
        h_backward_last: { data: backwardFirst, dims: [H] },
        cxr: { data: tileRow(this.inputs.cxr, rows.length), dims: [Dc] },
        ecg: { data: tileRow(this.inputs.ecg, rows.length), dims: [De] },
        ...staticFeed(this.inputs, rows.length, tileRow),
      },
      'logit',
      rows.length,
      this.maxBatch,
    );
    rows.forEach((row, i) => this.logits.set(row.key, logits[i]!));
  }

  /**
   * One direction's runs. Forward rows are left-aligned (hour `from` at position 0, padding
   * after the last hour, whose garbage states are never read); backward rows right-aligned
   * (hour `to` at the last position, where the reversed GRU starts; padding before hour 0).
   */
  private async direction(rows: TsRow[], file: TsOnnxFile): Promise<void> {
    const { T, D, H } = this.sizes;
    const forward = file === 'ts_gru_forward.onnx';
    const lengthOf = (row: TsRow) => (forward ? T - row.from : row.to + 1);
    const maxRows = Math.min(this.maxBatch, GRU_ROWS_PER_RUN);
    for (const { length: L, rows: members } of planGruRuns(rows.map(lengthOf), maxRows)) {
      const x = this.buffer(members.length * L * D);
      const h0 = new Float32Array(members.length * H);
      for (let i = 0; i < members.length; i++) {
        const row = rows[members[i]!]!;
        const first = forward ? row.from : 0;
        const length = lengthOf(row);
        const position = forward ? 0 : L - length;
        // x = ts ⊙ m: selected hours copied, masked hours left zero.
        for (let w = 0; w < row.windows.length; w++) {
          const hour = row.windows[w]!;
          if (hour < first || hour >= first + length) continue;
          copyFloats(this.inputs.ts, hour * D, x, (i * L + position + hour - first) * D, D);
        }
        writeHandOver(row, forward, this.sizes, h0, i * H);
      }
      const out = await runRows(
        this.sessions[file],
        file,
        { x: { data: x, dims: [L, D] }, h0: { data: h0, dims: [H] } },
        'hidden',
        members.length,
        members.length,
      );
      this.stats.gruSteps += members.length * L;
      this.stats.gruRuns++;
      members.forEach((r, i) => {
        const row = rows[r]!;
        if (forward) [row.forwardOut, row.forwardAt] = [out, i * L * H];
        else [row.backwardOut, row.backwardAt] = [out, (i * L + L - lengthOf(row)) * H];
      });
    }
  }

  /** A zeroed view of the reused input buffer. */
  private buffer(size: number): Float32Array {
    if (this.scratch.length < size) this.scratch = new Float32Array(size);
    const view = this.scratch.subarray(0, size);
    view.fill(0);
    return view;
  }
}
