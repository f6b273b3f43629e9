/**
 * The hidden states incremental TS evaluation keeps per mask, and how a child's states are
 * put together: the parent's where the child's x equals the parent's (forward before the
 * added hour, backward after it), the re-run part in between.
 */
import type { ManifestSizes } from './manifest-schema';

/** A TS mask's GRU states, [T, H] each, the backward ones in time order. */
export interface TsStates {
  forward: Float32Array;
  backward: Float32Array;
}

/** One TS mask to evaluate, and where its re-run states landed. */
export interface TsRow {
  key: string;
  windows: readonly number[];
  parent: TsStates | null;
  /** Forward re-runs hours [from, T); backward re-runs hours [0, to]. */
  from: number;
  to: number;
  /** Offsets (in floats) of hour `from`'s forward state and hour 0's backward state. */
  forwardOut: Float32Array;
  forwardAt: number;
  backwardOut: Float32Array;
  backwardAt: number;
}

const EMPTY = new Float32Array(0);

/** A row before its runs (outputs filled in by them). */
export function newRow(
  key: string,
  windows: readonly number[],
  parent: TsStates | null,
  from: number,
  to: number,
): TsRow {
  return {
    key,
    windows,
    parent,
    from,
    to,
    forwardOut: EMPTY,
    forwardAt: 0,
    backwardOut: EMPTY,
    backwardAt: 0,
  };
}

/** Copies `n` floats; a loop, not set(subarray()), whose view objects were garbage per hour. */
export function copyFloats(
  from: Float32Array,
  fromAt: number,
  to: Float32Array,
  toAt: number,
  n: number,
): void {
  for (let k = 0; k < n; k++) to[toAt + k] = from[fromAt + k]!;
}

/**
 * Writes a row's h0 at `at` of `h0`: the parent's state next to the re-run part, or zeros
 * (left as they are in a fresh array) at the sequence ends.
 */
export function writeHandOver(
  row: TsRow,
  forward: boolean,
  sizes: Pick<ManifestSizes, 'T' | 'H'>,
  h0: Float32Array,
  at: number,
): void {
  const { T, H } = sizes;
  if (!row.parent) return;
  if (forward && row.from > 0) copyFloats(row.parent.forward, (row.from - 1) * H, h0, at, H);
  if (!forward && row.to < T - 1) copyFloats(row.parent.backward, (row.to + 1) * H, h0, at, H);
}

/** A row's full [T, H] states: the parent's where unchanged, the re-run part elsewhere. */
export function materialise(row: TsRow, sizes: Pick<ManifestSizes, 'T' | 'H'>): TsStates {
  const { T, H } = sizes;
  const forward = new Float32Array(T * H);
  const backward = new Float32Array(T * H);
  if (row.parent) {
    forward.set(row.parent.forward.subarray(0, row.from * H));
    backward.set(row.parent.backward.subarray((row.to + 1) * H), (row.to + 1) * H);
  }
  const forwardPart = (T - row.from) * H;
  forward.set(row.forwardOut.subarray(row.forwardAt, row.forwardAt + forwardPart), row.from * H);
  const backwardPart = (row.to + 1) * H;
  backward.set(row.backwardOut.subarray(row.backwardAt, row.backwardAt + backwardPart));
  return { forward, backward };
}

/** The one window `child` adds to `parent` (both ascending), or null if it is not that. */
export function addedWindow(parent: readonly number[], child: readonly number[]): number | null {
  if (child.length !== parent.length + 1) return null;
  let i = 0;
  let added: number | null = null;
  for (const w of child) {
    if (i < parent.length && parent[i] === w) i++;
    else if (added === null) added = w;
    else return null;
  }
  return i === parent.length ? added : null;
}
