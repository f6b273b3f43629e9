/**
 * parity.json of a bundle (written by training/toe_training/parity.py): flat row-major
 * float32 lists, `null` for -Infinity in score lists.
 */
import { readFileSync } from 'node:fs';

type Floats = (number | null)[];

export interface Parity {
  tolerance: number;
  sizes: {
    T: number;
    D: number;
    Dc: number;
    De: number;
    M: number;
    E: number;
    H: number;
    P: number;
  };
  maxIds: number;
  textEncoder: {
    texts: string[];
    tokenIds: number[][];
    tokenMask: Float32Array;
    embedding: Float32Array;
  };
  batch: number;
  stayKeys: string[];
  gruSplit: number;
  inputs: Record<
    'ts' | 'tsMask' | 'cxr' | 'ecg' | 'chunkEmbeddings' | 'presence' | 'noteMask',
    Float32Array
  >;
  outputs: Record<
    | 'tsLogit'
    | 'noteLogit'
    | 'fusedLogit'
    | 'probability'
    | 'tsSelectorScores'
    | 'noteSelectorScores',
    Float32Array
  >;
  composed: Record<'hForward' | 'hBackward' | 'pooled' | 'tsLogit' | 'noteLogit', Float32Array>;
}

const toF32 = (values: Floats) =>
  Float32Array.from(values, (v) => (v === null ? Number.NEGATIVE_INFINITY : v));

function convert<K extends string>(group: Record<K, Floats>): Record<K, Float32Array> {
  return Object.fromEntries(Object.entries<Floats>(group).map(([k, v]) => [k, toF32(v)])) as Record<
    K,
    Float32Array
  >;
}

export function loadParity(path: string): Parity {
  const raw = JSON.parse(readFileSync(path, 'utf8'));
  return {
    ...raw,
    textEncoder: {
      ...raw.textEncoder,
      // A plugged-in wordpiece encoder's check has no hashed-id mask.
      tokenMask: toF32(raw.textEncoder.tokenMask ?? []),
      embedding: toF32(raw.textEncoder.embedding),
    },
    inputs: convert(raw.inputs),
    outputs: convert(raw.outputs),
    composed: convert(raw.composed),
  };
}

/** Largest |a - e| over finite pairs; a length mismatch or unequal infinities count as Infinity. */
export function maxAbsDiff(actual: ArrayLike<number>, expected: ArrayLike<number>): number {
  if (actual.length !== expected.length) return Number.POSITIVE_INFINITY;
  let worst = 0;
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i]!;
    const e = expected[i]!;
    if (!Number.isFinite(a) || !Number.isFinite(e)) {
      if (a !== e) return Number.POSITIVE_INFINITY;
      continue;
    }
    worst = Math.max(worst, Math.abs(a - e));
  }
  return worst;
}
