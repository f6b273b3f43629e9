/**
 * One vector per text from an ONNX transformer's output (docs/model-bundle.md, "Text
 * encoder"): "none" takes [B, E] as it is, "cls" row 0 of [B, L, E], "mean" the mean of
 * [B, L, E] over the positions whose attention mask is 1 ([CLS] and [SEP] included, as
 * sentence-embedding models do), summed in float64 and rounded once to float32.
 */
import type { Pooling } from './manifest-schema';

export function poolEncoderOutput(
  data: Float32Array,
  dims: readonly number[],
  attentionMask: BigInt64Array,
  pooling: Pooling,
  dim: number,
): Float32Array[] {
  const rows = dims[0] ?? 0;
  const expected = pooling === 'none' ? [rows, dim] : [rows, attentionMask.length / rows, dim];
  if (dims.length !== expected.length || dims.some((d, i) => d !== expected[i])) {
    throw new Error(
      `text encoder output is [${dims.join(', ')}], expected [${expected.join(', ')}] for pooling "${pooling}"`,
    );
  }
  if (pooling === 'none') {
    return Array.from({ length: rows }, (_, r) => data.slice(r * dim, (r + 1) * dim));
  }
  const length = expected[1]!;
  if (pooling === 'cls') {
    return Array.from({ length: rows }, (_, r) =>
      data.slice(r * length * dim, (r * length + 1) * dim),
    );
  }
  return Array.from({ length: rows }, (_, r) => {
    const sum = new Float64Array(dim);
    let count = 0;
    for (let l = 0; l < length; l++) {
      if (attentionMask[r * length + l] === 0n) continue;
      count++;
      const at = (r * length + l) * dim;
      for (let k = 0; k < dim; k++) sum[k] = sum[k]! + data[at + k]!;
    }
    // [CLS] and [SEP] are always there, so count >= 1; the guard only protects a bad mask.
    return Float32Array.from(sum, (v) => v / Math.max(count, 1));
  });
}
