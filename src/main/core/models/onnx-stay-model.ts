/**
 * The StayModel of one stay over a loaded bundle (method.md, "Predictor"):
 *   l_ts(m_ts)     = ts_stream(ts, ts_mask = m_ts, cxr, ecg)    (mask multiplies the hour vector)
 *   l_note(m_note) = note_head(Σ m_j a_j phi(e_j) / (Σ m_j a_j + 1e-6), cxr, ecg)
 * evaluate() answers every query of a call with one batched run per graph (cut at
 * maxBatch rows): identical masks are run once, phi(e_j) is computed once per stay, and
 * saliency's scaled embeddings are projected together in one extra run.
 */
import type * as ort from 'onnxruntime-node';
import type { OnnxFile } from './bundle-signatures';
import type { ManifestSizes } from './manifest-schema';
import { poolProjections } from './note-pooling';
import { runRows, tileRow, type BatchInput } from './session-runs';
import type { EvidenceQuery, StayModel, StreamLogits } from './stay-model';
import type { StayTensors } from './stay-inputs';

/** What every stay of a bundle shares: the sessions, the sizes and the batch cap. */
export interface StayModelContext {
  sessions: Readonly<Record<OnnxFile, ort.InferenceSession>>;
  sizes: ManifestSizes;
  maxBatch: number;
}

type Run = (
  file: OnnxFile,
  inputs: Record<string, BatchInput>,
  output: string,
  rows: number,
) => Promise<Float32Array>;

/** Bytes of a mask as a map key: identical masks are evaluated once. */
const keyOf = (values: Float32Array) =>
  Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('base64');

export class OnnxStayModel implements StayModel {
  readonly hours: number;
  readonly noteSlots: number;
  readonly presentNotes: readonly number[];
  private scores: Promise<{ ts: Float32Array; note: Float32Array }> | null = null;
  private projections: Promise<Float32Array> | null = null;

  constructor(
    private readonly context: StayModelContext,
    readonly inputs: StayTensors,
  ) {
    this.hours = context.sizes.T;
    this.noteSlots = context.sizes.M;
    this.presentNotes = Array.from(inputs.presence.keys()).filter((j) => inputs.presence[j] === 1);
  }

  private run: Run = (file, inputs, output, rows) =>
    runRows(this.context.sessions[file], file, inputs, output, rows, this.context.maxBatch);

  selectorScores(): Promise<{ ts: Float32Array; note: Float32Array }> {
    this.scores ??= (async () => {
      const { T, D, M, E } = this.context.sizes;
      const ts = await this.run(
        'ts_selector.onnx',
        { ts: { data: this.inputs.ts, dims: [T, D] } },
        'scores',
        1,
      );
      const note = await this.run(
        'note_selector.onnx',
        {
          chunk_embeddings: { data: this.inputs.chunkEmbeddings, dims: [M, E] },
          presence: { data: this.inputs.presence, dims: [M] },
        },
        'scores',
        1,
      );
      // Absent slots are -Infinity by the method; the graph does it, this makes it certain.
      for (let j = 0; j < M; j++) {
        if (this.inputs.presence[j] !== 1) note[j] = Number.NEGATIVE_INFINITY;
      }
      return { ts, note };
    })();
    // Copies: the scores are computed once per stay, callers may sort or edit theirs.
    return this.scores.then(({ ts, note }) => ({ ts: ts.slice(), note: note.slice() }));
  }

  async evaluate(queries: readonly EvidenceQuery[]): Promise<StreamLogits> {
    for (const q of queries) this.checkQuery(q);
    const ts = await this.tsLogits(queries);
    const note = await this.noteLogits(queries);
    return { ts, note };
  }

  private checkQuery(q: EvidenceQuery): void {
    if (
      q.ts.length !== this.hours ||
      q.note.length !== this.noteSlots ||
      (q.noteInputScale && q.noteInputScale.length !== this.noteSlots)
    ) {
      throw new RangeError(
        `evidence query of ${q.ts.length} windows and ${q.note.length} chunks; this model has ${this.hours} and ${this.noteSlots}`,
      );
    }
  }

  /** Distinct masks (by key) and, per query, the index of its distinct mask. */
  private distinct<K>(
    queries: readonly EvidenceQuery[],
    key: (q: EvidenceQuery) => string,
    value: (q: EvidenceQuery) => K,
  ) {
    const index = new Map<string, number>();
    const unique: K[] = [];
    const rowOf = queries.map((q) => {
      const k = key(q);
      let i = index.get(k);
      if (i === undefined) {
        i = unique.length;
        index.set(k, i);
        unique.push(value(q));
      }
      return i;
    });
    return { unique, rowOf };
  }

  private async tsLogits(queries: readonly EvidenceQuery[]): Promise<Float64Array> {
    const { T, D, Dc, De } = this.context.sizes;
    const { unique, rowOf } = this.distinct(
      queries,
      (q) => keyOf(q.ts),
      (q) => q.ts,
    );
    const logits = new Float32Array(unique.length);
    for (let start = 0; start < unique.length; start += this.context.maxBatch) {
      const part = unique.slice(start, start + this.context.maxBatch);
      const mask = new Float32Array(part.length * T);
      part.forEach((m, i) => mask.set(m, i * T));
      const out = await this.run(
        'ts_stream.onnx',
        {
          ts: { data: tileRow(this.inputs.ts, part.length), dims: [T, D] },
          ts_mask: { data: mask, dims: [T] },
          cxr: { data: tileRow(this.inputs.cxr, part.length), dims: [Dc] },
          ecg: { data: tileRow(this.inputs.ecg, part.length), dims: [De] },
        },
        'logit',
        part.length,
      );
      logits.set(out, start);
    }
    return Float64Array.from(rowOf, (i) => logits[i]!);
  }

  /** phi(e_j) for every slot of the stay, [M, P], computed once. */
  private stayProjections(): Promise<Float32Array> {
    const { M, E } = this.context.sizes;
    this.projections ??= this.run(
      'note_projection.onnx',
      { chunk_embeddings: { data: this.inputs.chunkEmbeddings, dims: [M, E] } },
      'projected',
      1,
    );
    return this.projections;
  }

  /**
   * phi(s * e_j) for every (slot, scale != 1) a query uses, keyed "slot:scale". The
   * projection is per chunk, so scaled chunks are packed M to a row of one batched run.
   */
  private async scaledProjections(
    queries: readonly EvidenceQuery[],
  ): Promise<Map<string, Float32Array>> {
    const { M, E, P } = this.context.sizes;
    const wanted = new Map<string, { slot: number; scale: number }>();
    for (const q of queries) {
      q.noteInputScale?.forEach((scale, slot) => {
        if (scale !== 1 && q.note[slot]! * this.inputs.presence[slot]! !== 0)
          wanted.set(`${slot}:${scale}`, { slot, scale });
      });
    }
    const out = new Map<string, Float32Array>();
    if (wanted.size === 0) return out;
    const items = [...wanted.entries()];
    const rows = Math.ceil(items.length / M);
    const scaled = new Float32Array(rows * M * E);
    items.forEach(([, { slot, scale }], i) => {
      for (let k = 0; k < E; k++)
        scaled[i * E + k] = scale * this.inputs.chunkEmbeddings[slot * E + k]!;
    });
    const projected = await this.run(
      'note_projection.onnx',
      { chunk_embeddings: { data: scaled, dims: [M, E] } },
      'projected',
      rows,
    );
    items.forEach(([key], i) => out.set(key, projected.subarray(i * P, (i + 1) * P)));
    return out;
  }

  private async noteLogits(queries: readonly EvidenceQuery[]): Promise<Float64Array> {
    const { P, Dc, De } = this.context.sizes;
    const base = await this.stayProjections();
    const scaled = await this.scaledProjections(queries);
    const { unique, rowOf } = this.distinct(
      queries,
      (q) => keyOf(q.note) + (q.noteInputScale ? keyOf(q.noteInputScale) : ''),
      (q) => q,
    );
    const logits = new Float32Array(unique.length);
    for (let start = 0; start < unique.length; start += this.context.maxBatch) {
      const part = unique.slice(start, start + this.context.maxBatch);
      const pooled = new Float32Array(part.length * P);
      part.forEach((q, i) => {
        const projectionOf = (slot: number) => {
          const scale = q.noteInputScale?.[slot] ?? 1;
          return scale === 1
            ? base.subarray(slot * P, (slot + 1) * P)
            : scaled.get(`${slot}:${scale}`)!;
        };
        poolProjections(
          q.note,
          this.inputs.presence,
          projectionOf,
          pooled.subarray(i * P, (i + 1) * P),
        );
      });
      const out = await this.run(
        'note_head.onnx',
        {
          pooled: { data: pooled, dims: [P] },
          cxr: { data: tileRow(this.inputs.cxr, part.length), dims: [Dc] },
          ecg: { data: tileRow(this.inputs.ecg, part.length), dims: [De] },
        },
        'logit',
        part.length,
      );
      logits.set(out, start);
    }
    return Float64Array.from(rowOf, (i) => logits[i]!);
  }
}
