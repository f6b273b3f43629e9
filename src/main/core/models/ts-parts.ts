/**
 * The TS stream composed from its parts (docs/model-bundle.md, "Composing the parts"):
 * x = ts * ts_mask; forward GRU over [0, cut) then [cut, T) handing the state over, backward
 * GRU over [cut, T) then [0, cut) likewise, then ts_head(hf[T-1], hb[0], cxr, ecg). It is
 * what the incremental forward pass builds on (a mask changed from hour t re-runs only part of the
 * sequence) and what the parity test holds to the monolithic stream.
 */
import type { BundleSessions, TsOnnxFile } from './bundle-signatures';
import type { ManifestSizes } from './manifest-schema';
import { runRows } from './session-runs';

export interface ComposedTs {
  logit: Float32Array;
  /** [B, T, H] forward states, [B, T, H] backward states (in time order). */
  hForward: Float32Array;
  hBackward: Float32Array;
}

/** Hours [from, to) of every row of [B, T, F] data. */
function hoursOf(data: Float32Array, rows: number, t: number, f: number, from: number, to: number) {
  const out = new Float32Array(rows * (to - from) * f);
  for (let b = 0; b < rows; b++)
    out.set(data.subarray((b * t + from) * f, (b * t + to) * f), b * (to - from) * f);
  return out;
}

/** Writes [B, len, H] states into hours [at, at + len) of [B, T, H]. */
function putHours(
  into: Float32Array,
  part: Float32Array,
  rows: number,
  t: number,
  h: number,
  at: number,
  len: number,
) {
  for (let b = 0; b < rows; b++)
    into.set(part.subarray(b * len * h, (b + 1) * len * h), (b * t + at) * h);
}

function stateAt(
  states: Float32Array,
  rows: number,
  t: number,
  h: number,
  hour: number,
): Float32Array {
  const out = new Float32Array(rows * h);
  for (let b = 0; b < rows; b++)
    out.set(states.subarray((b * t + hour) * h, (b * t + hour + 1) * h), b * h);
  return out;
}

export async function composedTsLogits(
  sessions: BundleSessions,
  sizes: ManifestSizes,
  input: {
    ts: Float32Array;
    tsMask: Float32Array;
    cxr: Float32Array;
    ecg: Float32Array;
    /** [rows, Ds]; only for a bundle with static inputs. */
    static?: Float32Array;
    rows: number;
  },
  cut: number = sizes.T,
): Promise<ComposedTs> {
  const { T, D, H, Dc, De } = sizes;
  const B = input.rows;
  const x = input.ts.map((v, i) => v * input.tsMask[Math.floor(i / D)]!);
  const gru = (file: TsOnnxFile, from: number, to: number, h0: Float32Array) =>
    runRows(
      sessions[file],
      file,
      {
        x: { data: hoursOf(x, B, T, D, from, to), dims: [to - from, D] },
        h0: { data: h0, dims: [H] },
      },
      'hidden',
      B,
    );
  const zeros = new Float32Array(B * H);
  const hForward = new Float32Array(B * T * H);
  const hBackward = new Float32Array(B * T * H);
  // Forward: [0, cut) from zeros, then [cut, T) from the state after hour cut - 1.
  // Backward: [cut, T) from zeros, then [0, cut) from the state at hour cut.
  const chain = async (file: TsOnnxFile, into: Float32Array, parts: [number, number][]) => {
    let h: Float32Array = zeros;
    for (const [from, to] of parts) {
      if (to <= from) continue;
      putHours(into, await gru(file, from, to, h), B, T, H, from, to - from);
      h = stateAt(into, B, T, H, file === 'ts_gru_forward.onnx' ? to - 1 : from);
    }
  };
  await chain('ts_gru_forward.onnx', hForward, [
    [0, cut],
    [cut, T],
  ]);
  await chain('ts_gru_backward.onnx', hBackward, [
    [cut, T],
    [0, cut],
  ]);
  const logit = await runRows(
    sessions['ts_head.onnx'],
    'ts_head.onnx',
    {
      h_forward_last: { data: stateAt(hForward, B, T, H, T - 1), dims: [H] },
      h_backward_last: { data: stateAt(hBackward, B, T, H, 0), dims: [H] },
      cxr: { data: input.cxr, dims: [Dc] },
      ecg: { data: input.ecg, dims: [De] },
      ...(input.static ? { static: { data: input.static, dims: [input.static.length / B] } } : {}),
    },
    'logit',
    B,
  );
  return { logit, hForward, hBackward };
}
