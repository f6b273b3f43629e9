/**
 * Running a bundle session on row-major float32 batches: tensors built from flat arrays,
 * outputs checked for their dtype, and large batches cut into runs of at most `maxRows`
 * rows so memory stays bounded however many masks a search or baseline asks for.
 */
import * as ort from 'onnxruntime-node';

/**
 * Rows per run unless configured. Not "as many as possible": on the 2-core benchmark machine
 * the E1 bundle scored 38,000–39,000 masks/s with 24 to 128 rows per run and 26,000 with
 * 4,096 (bench/run.ts --only ceiling), because a small batch's GRU gates stay in the cache.
 * 64 sits in the middle of that plateau and keeps a run's input under 1 MB.
 */
export const DEFAULT_MAX_BATCH = 64;

export function floatOutput(
  result: ort.InferenceSession.OnnxValueMapType,
  name: string,
  file: string,
): Float32Array {
  const value = result[name];
  if (!value || value.type !== 'float32' || !(value.data instanceof Float32Array)) {
    throw new Error(`${file} returned no float32 output '${name}'`);
  }
  return value.data;
}

/** A batch input: `rowSize` values per row, `dims` after the batch dimension. */
export interface BatchInput {
  data: Float32Array;
  dims: readonly number[];
}

const rowSize = (input: BatchInput) => input.dims.reduce((a, b) => a * b, 1);

/**
 * Runs `session` over `rows` rows of every input, at most `maxRows` per run, and returns
 * the named output concatenated in row order.
 */
export async function runRows(
  session: ort.InferenceSession,
  file: string,
  inputs: Readonly<Record<string, BatchInput>>,
  output: string,
  rows: number,
  maxRows: number = DEFAULT_MAX_BATCH,
): Promise<Float32Array> {
  let out: Float32Array | null = null;
  let perRow = 0;
  for (let start = 0; start < rows; start += maxRows) {
    const n = Math.min(maxRows, rows - start);
    const feeds: Record<string, ort.Tensor> = {};
    for (const [name, input] of Object.entries(inputs)) {
      const size = rowSize(input);
      const whole = start === 0 && n * size === input.data.length;
      const data = whole ? input.data : input.data.subarray(start * size, (start + n) * size);
      feeds[name] = new ort.Tensor('float32', data, [n, ...input.dims]);
    }
    const part = floatOutput(await session.run(feeds), output, file);
    // One run for all rows: its output is the answer, no copy (the search makes ~100 runs
    // per stay, and copying each output was garbage for every worker's collector).
    if (n === rows) return part;
    if (out === null) {
      perRow = part.length / n;
      out = new Float32Array(rows * perRow);
    }
    out.set(part, start * perRow);
  }
  return out ?? new Float32Array();
}

/** `copies` back-to-back copies of one row (a stay constant tiled over a batch). */
export function tileRow(row: Float32Array, copies: number): Float32Array {
  const out = new Float32Array(row.length * copies);
  for (let i = 0; i < copies; i++) out.set(row, i * row.length);
  return out;
}
