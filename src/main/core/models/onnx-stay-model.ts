/**
 * The StayModel of one stay over a loaded bundle (method.md, "Predictor"):
 *   l_ts(m_ts)     = ts_stream(ts, ts_mask = m_ts, cxr, ecg)    (mask multiplies the hour vector)
 *   l_note(m_note) = note_head(Σ m_j a_j phi(e_j) / (Σ m_j a_j + 1e-6), cxr, ecg)
 * (both also read the stay's static inputs when the bundle has them)
 * forward() is the straightforward path: every query of a call in one batched run per graph
 * (cut at maxBatch rows), identical masks run once, phi(e_j) computed once per stay, and
 * saliency's scaled embeddings projected together in one extra run. forwardGrown() is the
 * search's path (IncrementalStayModel): per-stream logit caches and incremental GRU
 * forward pass from the parent's states (ts-incremental.ts), equal to forward() on the same sets.
 */
import { sessionFor, type BundleSessions, type OnnxFile } from './bundle-signatures';
import { emptyForwardPassStats, type ForwardPassStats } from './forward-pass-stats';
import type { ManifestSizes } from './manifest-schema';
import { NoteLogitCache } from './note-cache';
import { poolProjections } from './note-pooling';
import { scaledProjections } from './scaled-projections';
import { runRows, tileRow, type BatchInput } from './session-runs';
import { staticFeed } from './static-input-vector';
import type { EvidenceQuery, GrownSet, IncrementalStayModel, StreamLogits } from './stay-model';
import type { StayTensors } from './stay-inputs';
import { IncrementalTsStream } from './ts-incremental';
import { checkEvidenceSet, memoisedStreamMasks, streamMasks } from './stream-masks';
import { distinct, keyOf } from './mask-keys';

/** What every stay of a bundle shares: the sessions, the sizes and the batch cap. */
export interface StayModelContext {
  sessions: BundleSessions;
  /** M = 0 for a TS-only bundle: no note slots, l_note = 0, so p = sigmoid(l_ts). */
  sizes: ManifestSizes;
  maxBatch: number;
}

type Run = (
  file: OnnxFile,
  inputs: Record<string, BatchInput>,
  output: string,
  rows: number,
) => Promise<Float32Array>;

export class OnnxStayModel implements IncrementalStayModel {
  readonly hours: number;
  readonly noteSlots: number;
  readonly presentNotes: readonly number[];
  /** Work done and saved, for the benchmark and the tests. */
  readonly stats: ForwardPassStats = emptyForwardPassStats();
  private scores: Promise<{ ts: Float32Array; note: Float32Array }> | null = null;
  private projections: Promise<Float32Array> | null = null;
  private tsStream: IncrementalTsStream | null = null;
  private noteCache: NoteLogitCache | null = null;
  private readonly tiles = new Map<Float32Array, Float32Array>();

  constructor(
    private readonly context: StayModelContext,
    readonly inputs: StayTensors,
  ) {
    this.hours = context.sizes.T;
    this.noteSlots = context.sizes.M;
    this.presentNotes = Array.from(inputs.presence.keys()).filter((j) => inputs.presence[j] === 1);
  }

  private run: Run = (file, inputs, output, rows) =>
    runRows(
      sessionFor(this.context.sessions, file),
      file,
      inputs,
      output,
      rows,
      this.context.maxBatch,
    );

  selectorScores(): Promise<{ ts: Float32Array; note: Float32Array }> {
    this.scores ??= (async () => {
      const { T, D, M, E } = this.context.sizes;
      const ts = await this.run(
        'ts_selector.onnx',
        { ts: { data: this.inputs.ts, dims: [T, D] } },
        'scores',
        1,
      );
      if (M === 0) return { ts, note: new Float32Array() }; // TS-only: no note slots
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

  async forward(queries: readonly EvidenceQuery[]): Promise<StreamLogits> {
    for (const q of queries) this.checkQuery(q);
    const ts = await this.tsLogits(queries);
    // A TS-only bundle has no note stream: l_note = 0, so p = sigmoid(l_ts).
    const note =
      this.noteSlots === 0 ? new Float64Array(queries.length) : await this.noteLogits(queries);
    return { ts, note };
  }

  /**
   * A stay constant tiled for `rows` rows (runs read the first rows of it), built once per
   * model: a fresh tile per run was over half a megabyte of garbage for the TS input.
   */
  private tiled(row: Float32Array, rows: number): Float32Array {
    const tile = this.tiles.get(row);
    if (tile && tile.length >= row.length * rows) return tile;
    const grown = tileRow(row, Math.max(rows, Math.min(this.context.maxBatch, 2 * rows)));
    this.tiles.set(row, grown);
    return grown;
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

  private async tsLogits(queries: readonly EvidenceQuery[]): Promise<Float64Array> {
    const { T, D, Dc, De } = this.context.sizes;
    const { unique, rowOf } = distinct(
      queries,
      (q) => keyOf(q.ts),
      (q) => q.ts,
    );
    this.stats.plainTsMasks += unique.length;
    const logits = new Float32Array(unique.length);
    for (let start = 0; start < unique.length; start += this.context.maxBatch) {
      const part = unique.slice(start, start + this.context.maxBatch);
      const mask = new Float32Array(part.length * T);
      part.forEach((m, i) => mask.set(m, i * T));
      const out = await this.run(
        'ts_stream.onnx',
        {
          ts: { data: this.tiled(this.inputs.ts, part.length), dims: [T, D] },
          ts_mask: { data: mask, dims: [T] },
          cxr: { data: this.tiled(this.inputs.cxr, part.length), dims: [Dc] },
          ecg: { data: this.tiled(this.inputs.ecg, part.length), dims: [De] },
          ...staticFeed(this.inputs, part.length, (row, rows) => this.tiled(row, rows)),
        },
        'logit',
        part.length,
      );
      logits.set(out, start);
    }
    return Float64Array.from(rowOf, (i) => logits[i]!);
  }

  async forwardGrown(sets: readonly GrownSet[]): Promise<StreamLogits> {
    const T = this.hours;
    for (const { units } of sets) checkEvidenceSet(units, this.hours + this.noteSlots);
    const { sessions, sizes, maxBatch } = this.context;
    this.tsStream ??= new IncrementalTsStream(sessions, sizes, this.inputs, maxBatch, this.stats);
    this.noteCache ??= new NoteLogitCache(
      sessions,
      sizes,
      this.inputs,
      maxBatch,
      () => this.stayProjections(),
      this.stats,
    );
    const parentMasks = memoisedStreamMasks(T);
    const masks = sets.map((set) => streamMasks(set.units, T));
    const parents = sets.map((set) => (set.parent ? parentMasks(set.parent) : null));
    const ts = await this.tsStream.forward(masks, parents);
    const note =
      this.noteSlots === 0 ? new Float64Array(sets.length) : await this.noteCache.forward(masks);
    return { ts, note };
  }

  retain(parents: readonly (readonly number[])[]): void {
    this.tsStream?.retain(parents.map((units) => streamMasks(units, this.hours).windowKey));
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

  private async noteLogits(queries: readonly EvidenceQuery[]): Promise<Float64Array> {
    const { P, Dc, De, M, E } = this.context.sizes;
    const base = await this.stayProjections();
    const scaled = await scaledProjections(queries, this.inputs, this.context.sizes, (data, rows) =>
      this.run(
        'note_projection.onnx',
        { chunk_embeddings: { data, dims: [M, E] } },
        'projected',
        rows,
      ),
    );
    const { unique, rowOf } = distinct(
      queries,
      (q) => keyOf(q.note) + (q.noteInputScale ? keyOf(q.noteInputScale) : ''),
      (q) => q,
    );
    this.stats.plainNoteMasks += unique.length;
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
          cxr: { data: this.tiled(this.inputs.cxr, part.length), dims: [Dc] },
          ecg: { data: this.tiled(this.inputs.ecg, part.length), dims: [De] },
          ...staticFeed(this.inputs, part.length, (row, rows) => this.tiled(row, rows)),
        },
        'logit',
        part.length,
      );
      logits.set(out, start);
    }
    return Float64Array.from(rowOf, (i) => logits[i]!);
  }
}
