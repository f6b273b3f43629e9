/**
 * Checks a model bundle against the PyTorch outputs the training pipeline wrote:
 *
 *   node --import tsx scripts/verify-bundle-parity.ts <bundle_dir> <parity.json>
 *
 * 1. every file the manifest lists exists and has its SHA-256;
 * 2. the TypeScript tokenizer gives the Python ids, and text_encoder.onnx the embeddings
 *    (for a plugged-in ONNX encoder: the WordPiece ids, and the vectors training read from
 *    the store, through the runtime's own runner: wordpiece-parity-check.ts);
 * 3. the monolithic ONNX streams and selectors reproduce the PyTorch logits/scores;
 * 4. the parts (GRU directions with h0 hand-over at a cut, heads, note projection and the
 *    pooling done here) compose to the same logits;
 * 5. a batch of one gives what the batch gave (dynamic batch).
 *
 * A TS-only bundle's parity.json ("streams": ["ts"]) has no text encoder or note data: steps
 * 2 and the note halves of 3-5 are skipped, and the fused logit is l_ts.
 *
 * Prints one JSON line {ok, checks, maxAbsDiff, tolerance, worst} and exits 1 on any failure.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { encodeTexts, tokenIds } from '../src/main/core/models/tokenizer';
import { checkWordpieceEncoder, type WordpieceTextCheck } from './wordpiece-parity-check';

interface Sizes {
  T: number;
  D: number;
  Dc: number;
  De: number;
  M: number;
  E: number;
  H: number;
  P: number;
  /** Width of the static inputs; absent without them. */
  Ds?: number;
}

type Floats = (number | null)[];

interface HashTextCheck {
  kind?: undefined;
  texts: string[];
  tokenIds: number[][];
  tokenMask: Floats;
  embedding: Floats;
}

interface Parity {
  tolerance: number;
  /** Absent: both streams. */
  streams?: string[];
  sizes: Sizes;
  /** The built-in encoder's padded length (absent for a wordpiece encoder). */
  maxIds?: number;
  /** Absent for a TS-only bundle. */
  textEncoder?: HashTextCheck | WordpieceTextCheck;
  batch: number;
  gruSplit: number;
  inputs: Record<
    'ts' | 'tsMask' | 'cxr' | 'ecg' | 'chunkEmbeddings' | 'presence' | 'noteMask',
    Floats
  > & { static?: Floats };
  outputs: Record<
    | 'tsLogit'
    | 'noteLogit'
    | 'fusedLogit'
    | 'probability'
    | 'tsSelectorScores'
    | 'noteSelectorScores',
    Floats
  >;
  composed: Record<'hForward' | 'hBackward' | 'pooled' | 'tsLogit' | 'noteLogit', Floats>;
}

interface Manifest {
  files: { path: string; sha256: string }[];
  textEncoder: { tokenizer: { buckets?: number; maxIds?: number } };
}

const [bundleDir, parityPath] = process.argv.slice(2);
if (!bundleDir || !parityPath) {
  process.stderr.write('usage: verify-bundle-parity.ts <bundle_dir> <parity.json>\n');
  process.exit(2);
}

const failures: string[] = [];
let checks = 0;
let maxAbsDiff = 0;
let worst = '';

function toF32(values: Floats): Float32Array {
  return Float32Array.from(values, (v) => (v === null ? Number.NEGATIVE_INFINITY : v));
}

/** Compares element-wise; -Infinity must match -Infinity exactly. */
function compare(
  name: string,
  actual: ArrayLike<number>,
  expected: ArrayLike<number>,
  tol: number,
): void {
  checks++;
  if (actual.length !== expected.length) {
    failures.push(`${name}: ${actual.length} values, expected ${expected.length}`);
    return;
  }
  let worstHere = 0;
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i] as number;
    const e = expected[i] as number;
    if (!Number.isFinite(e) || !Number.isFinite(a)) {
      if (a !== e) failures.push(`${name}[${i}]: ${a}, expected ${e}`);
      continue;
    }
    worstHere = Math.max(worstHere, Math.abs(a - e));
  }
  if (worstHere > maxAbsDiff) {
    maxAbsDiff = worstHere;
    worst = name;
  }
  if (worstHere > tol) failures.push(`${name}: max |diff| ${worstHere.toExponential(3)} > ${tol}`);
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function f32(data: Float32Array, dims: number[]): ort.Tensor {
  return new ort.Tensor('float32', data, dims);
}

/** Rows [from, to) of a row-major batch tensor whose rows have `row` values. */
function rows(data: Float32Array, row: number, from: number, to: number): Float32Array {
  return data.slice(from * row, to * row);
}

/** Columns [from, to) of the time axis of [B, L, F] data. */
function timeSlice(
  data: Float32Array,
  b: number,
  l: number,
  f: number,
  from: number,
  to: number,
): Float32Array {
  const out = new Float32Array(b * (to - from) * f);
  for (let i = 0; i < b; i++)
    out.set(data.subarray((i * l + from) * f, (i * l + to) * f), i * (to - from) * f);
  return out;
}

function timeConcat(
  a: Float32Array,
  la: number,
  c: Float32Array,
  lc: number,
  b: number,
  f: number,
): Float32Array {
  const out = new Float32Array(b * (la + lc) * f);
  for (let i = 0; i < b; i++) {
    out.set(a.subarray(i * la * f, (i + 1) * la * f), i * (la + lc) * f);
    out.set(c.subarray(i * lc * f, (i + 1) * lc * f), (i * (la + lc) + la) * f);
  }
  return out;
}

/** The hidden state at time t of every row of [B, L, H]. */
function atTime(data: Float32Array, b: number, l: number, h: number, t: number): Float32Array {
  const out = new Float32Array(b * h);
  for (let i = 0; i < b; i++) out.set(data.subarray((i * l + t) * h, (i * l + t + 1) * h), i * h);
  return out;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

type Run = (file: string, feeds: Record<string, ort.Tensor>) => Promise<Float32Array>;

/** The built-in encoder: hashed n-gram ids and mask as Python's, embeddings as PyTorch's. */
async function checkHashEncoder(
  check: HashTextCheck,
  manifest: Manifest,
  maxIds: number,
  tol: number,
  run: Run,
): Promise<void> {
  const spec = { buckets: manifest.textEncoder.tokenizer.buckets ?? 0, maxIds };
  check.texts.forEach((text, i) => {
    checks++;
    const want = (check.tokenIds[i] ?? []).filter((id) => id !== 0);
    const got = tokenIds(text, spec);
    if (got.join(',') !== want.join(',')) failures.push(`tokenizer ids of text ${i} differ`);
  });
  const encoded = encodeTexts(check.texts, spec);
  compare('text_encoder.token_mask', encoded.mask, toF32(check.tokenMask), 0);
  const embedding = await run('text_encoder.onnx', {
    token_ids: new ort.Tensor('int64', encoded.ids, encoded.dims),
    token_mask: f32(encoded.mask, encoded.dims),
  });
  compare('text_encoder.embedding', embedding, toF32(check.embedding), tol);
}

async function main(dir: string, parityFile: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  for (const entry of manifest.files) {
    checks++;
    const actual = sha256(join(dir, entry.path));
    if (actual !== entry.sha256)
      failures.push(`sha256 of ${entry.path}: ${actual}, manifest says ${entry.sha256}`);
  }
  const p = JSON.parse(readFileSync(parityFile, 'utf8')) as Parity;
  const tol = p.tolerance;
  const { T, D, Dc, De, M, E, H } = p.sizes;
  const B = p.batch;
  const load = (file: string): Promise<ort.InferenceSession> =>
    ort.InferenceSession.create(join(dir, file));
  const run: Run = async (file, feeds) => {
    const session = await load(file);
    const result = await session.run(feeds);
    const output = result[session.outputNames[0] as string];
    if (!output) throw new Error(`${file}: no output`);
    return output.data as Float32Array;
  };

  const notes = (p.streams ?? ['ts', 'note']).includes('note');
  // 2. Tokenizer and text encoder.
  if (!p.textEncoder) {
    if (notes) failures.push('parity.json has no text encoder check');
  } else if (p.textEncoder.kind === 'wordpiece') {
    checks += await checkWordpieceEncoder(dir, p.textEncoder, await load('text_encoder.onnx'), {
      fail: (message) => failures.push(message),
      compare: (name, actual, expected) => compare(name, actual, expected, tol),
    });
  } else {
    await checkHashEncoder(p.textEncoder, manifest, p.maxIds ?? 0, tol, run);
  }

  // 3. Monolithic models.
  const x = Object.fromEntries(Object.entries(p.inputs).map(([k, v]) => [k, toF32(v)])) as Record<
    keyof Parity['inputs'],
    Float32Array
  >;
  const Ds = p.sizes.Ds ?? 0;
  // The fixed priors of rows [from, from + n): cxr, ecg and, with static inputs, static.
  const priors = (n: number, from = 0): Record<string, ort.Tensor> => ({
    cxr: f32(rows(x.cxr, Dc, from, from + n), [n, Dc]),
    ecg: f32(rows(x.ecg, De, from, from + n), [n, De]),
    ...(Ds > 0 ? { static: f32(rows(x.static!, Ds, from, from + n), [n, Ds]) } : {}),
  });
  const want = Object.fromEntries(
    Object.entries(p.outputs).map(([k, v]) => [k, toF32(v)]),
  ) as Record<keyof Parity['outputs'], Float32Array>;
  const tsFeeds = (n: number, from = 0): Record<string, ort.Tensor> => ({
    ts: f32(rows(x.ts, T * D, from, from + n), [n, T, D]),
    ts_mask: f32(rows(x.tsMask, T, from, from + n), [n, T]),
    ...priors(n, from),
  });
  const noteFeeds = (n: number, from = 0): Record<string, ort.Tensor> => ({
    chunk_embeddings: f32(rows(x.chunkEmbeddings, M * E, from, from + n), [n, M, E]),
    presence: f32(rows(x.presence, M, from, from + n), [n, M]),
    note_mask: f32(rows(x.noteMask, M, from, from + n), [n, M]),
    ...priors(n, from),
  });
  const lTs = await run('ts_stream.onnx', tsFeeds(B));
  compare('ts_stream.logit', lTs, want.tsLogit, tol);
  const lNote = notes ? await run('note_stream.onnx', noteFeeds(B)) : new Float32Array(B);
  if (notes) compare('note_stream.logit', lNote, want.noteLogit, tol);
  const fused = lTs.map((v, i) => v + (lNote[i] as number));
  compare('fused.logit', fused, want.fusedLogit, tol);
  compare('fused.probability', Array.from(fused, sigmoid), want.probability, tol);
  compare(
    'ts_selector.scores',
    await run('ts_selector.onnx', { ts: f32(x.ts, [B, T, D]) }),
    want.tsSelectorScores,
    tol,
  );
  if (notes) {
    compare(
      'note_selector.scores',
      await run('note_selector.onnx', {
        chunk_embeddings: f32(x.chunkEmbeddings, [B, M, E]),
        presence: f32(x.presence, [B, M]),
      }),
      want.noteSelectorScores,
      tol,
    );
  }

  // 4. Composed parts. TS: mask, forward GRU over [0, s) then [s, T) with h0 handed over;
  // backward GRU over [s, T) then [0, s) with h0 = the later part's state at its first step.
  const s = p.gruSplit;
  const masked = x.ts.map((v, i) => v * (x.tsMask[Math.floor(i / D)] as number));
  const zeros = new Float32Array(B * H);
  const gru = (
    file: string,
    part: Float32Array,
    len: number,
    h0: Float32Array,
  ): Promise<Float32Array> => run(file, { x: f32(part, [B, len, D]), h0: f32(h0, [B, H]) });
  const early = timeSlice(masked, B, T, D, 0, s);
  const late = timeSlice(masked, B, T, D, s, T);
  const fEarly = await gru('ts_gru_forward.onnx', early, s, zeros);
  const fLate = await gru('ts_gru_forward.onnx', late, T - s, atTime(fEarly, B, s, H, s - 1));
  const hForward = timeConcat(fEarly, s, fLate, T - s, B, H);
  const bLate = await gru('ts_gru_backward.onnx', late, T - s, zeros);
  const bEarly = await gru('ts_gru_backward.onnx', early, s, atTime(bLate, B, T - s, H, 0));
  const hBackward = timeConcat(bEarly, s, bLate, T - s, B, H);
  compare('ts_gru_forward.hidden', hForward, toF32(p.composed.hForward), tol);
  compare('ts_gru_backward.hidden', hBackward, toF32(p.composed.hBackward), tol);
  const composedTs = await run('ts_head.onnx', {
    h_forward_last: f32(atTime(hForward, B, T, H, T - 1), [B, H]),
    h_backward_last: f32(atTime(hBackward, B, T, H, 0), [B, H]),
    ...priors(B),
  });
  compare('composed ts logit vs PyTorch composed', composedTs, toF32(p.composed.tsLogit), tol);
  compare('composed ts logit vs PyTorch monolithic', composedTs, want.tsLogit, tol);
  if (notes) await checkComposedNotes(x, want, p, composedTs, priors(B), run);
  else compare('composed probability', Array.from(composedTs, sigmoid), want.probability, tol);

  // 5. Dynamic batch: the last stay alone.
  const last = B - 1;
  compare(
    'ts_stream batch of 1',
    await run('ts_stream.onnx', tsFeeds(1, last)),
    want.tsLogit.slice(last),
    tol,
  );
  if (notes) {
    compare(
      'note_stream batch of 1',
      await run('note_stream.onnx', noteFeeds(1, last)),
      want.noteLogit.slice(last),
      tol,
    );
  }

  const ok = failures.length === 0;
  if (!ok) for (const f of failures) process.stderr.write(`PARITY FAIL ${f}\n`);
  process.stdout.write(
    `${JSON.stringify({ ok, checks, maxAbsDiff, tolerance: tol, worst, failures })}\n`,
  );
  process.exitCode = ok ? 0 : 1;
}

/** The note stream from its parts: projection, the pooling done here, then the head. */
async function checkComposedNotes(
  x: Record<keyof Parity['inputs'], Float32Array>,
  want: Record<keyof Parity['outputs'], Float32Array>,
  p: Parity,
  composedTs: Float32Array,
  priors: Record<string, ort.Tensor>,
  run: Run,
): Promise<void> {
  const { M, E, P } = p.sizes;
  const B = p.batch;
  const tol = p.tolerance;
  // Notes: v = Σ m_j a_j phi(e_j) / (Σ m_j a_j + 1e-6), then the head.
  const projected = await run('note_projection.onnx', {
    chunk_embeddings: f32(x.chunkEmbeddings, [B, M, E]),
  });
  const pooled = new Float32Array(B * P);
  for (let b = 0; b < B; b++) {
    let weight = 0;
    const sum = new Float64Array(P);
    for (let j = 0; j < M; j++) {
      const w = (x.noteMask[b * M + j] as number) * (x.presence[b * M + j] as number);
      weight += w;
      if (w === 0) continue;
      for (let k = 0; k < P; k++)
        sum[k] = (sum[k] as number) + w * (projected[(b * M + j) * P + k] as number);
    }
    for (let k = 0; k < P; k++) pooled[b * P + k] = (sum[k] as number) / (weight + 1e-6);
  }
  compare('note pooled', pooled, toF32(p.composed.pooled), tol);
  const composedNote = await run('note_head.onnx', { pooled: f32(pooled, [B, P]), ...priors });
  compare(
    'composed note logit vs PyTorch composed',
    composedNote,
    toF32(p.composed.noteLogit),
    tol,
  );
  compare('composed note logit vs PyTorch monolithic', composedNote, want.noteLogit, tol);
  compare(
    'composed probability',
    Array.from(composedTs, (v, i) => sigmoid(v + (composedNote[i] as number))),
    want.probability,
    tol,
  );
}

main(bundleDir, parityPath).catch((error: unknown) => {
  process.stderr.write(
    `verify-bundle-parity: ${error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exitCode = 1;
});
