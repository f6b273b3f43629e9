/**
 * The note stream over a search: phi(e_j) is computed once per stay (note_projection), so a
 * note mask costs a weighted mean (note-pooling.ts) and one row of note_head, and each
 * mask's logit is cached for the stay, so a child that adds a time window reuses its
 * parent's note logit. Pooling and head are exactly those of the straightforward path, so
 * the logits are identical.
 */
import { sessionFor, type BundleSessions } from './bundle-signatures';
import type { ForwardPassStats } from './forward-pass-stats';
import type { ManifestSizes } from './manifest-schema';
import { poolProjections } from './note-pooling';
import { runRows, tileRow } from './session-runs';
import { staticFeed } from './static-input-vector';
import type { StayTensors } from './stay-inputs';
import type { StreamMasks } from './stream-masks';

export class NoteLogitCache {
  private readonly logits = new Map<string, number>();

  constructor(
    private readonly sessions: BundleSessions,
    private readonly sizes: ManifestSizes,
    private readonly inputs: StayTensors,
    private readonly maxBatch: number,
    private readonly projections: () => Promise<Float32Array>,
    private readonly stats: ForwardPassStats,
  ) {}

  /** l_note for each selection of note slots (ascending, with its key). */
  async forward(
    selections: readonly Pick<StreamMasks, 'slots' | 'slotKey'>[],
  ): Promise<Float64Array> {
    const { M, P, Dc, De } = this.sizes;
    const fresh = new Map<string, readonly number[]>();
    for (const { slots, slotKey } of selections) {
      if (this.logits.has(slotKey) || fresh.has(slotKey)) this.stats.noteCacheHits++;
      else fresh.set(slotKey, slots);
    }
    if (fresh.size > 0) {
      const phi = await this.projections();
      const projectionOf = (slot: number) => phi.subarray(slot * P, (slot + 1) * P);
      const pooled = new Float32Array(fresh.size * P);
      const weights = new Float32Array(M);
      [...fresh.values()].forEach((slots, i) => {
        weights.fill(0);
        for (const slot of slots) weights[slot] = 1;
        poolProjections(
          weights,
          this.inputs.presence,
          projectionOf,
          pooled.subarray(i * P, (i + 1) * P),
        );
      });
      const out = await runRows(
        sessionFor(this.sessions, 'note_head.onnx'),
        'note_head.onnx',
        {
          pooled: { data: pooled, dims: [P] },
          cxr: { data: tileRow(this.inputs.cxr, fresh.size), dims: [Dc] },
          ecg: { data: tileRow(this.inputs.ecg, fresh.size), dims: [De] },
          ...staticFeed(this.inputs, fresh.size, tileRow),
        },
        'logit',
        fresh.size,
        this.maxBatch,
      );
      [...fresh.keys()].forEach((key, i) => this.logits.set(key, out[i]!));
      this.stats.noteMasks += fresh.size;
    }
    const out = new Float64Array(selections.length);
    for (let i = 0; i < selections.length; i++) out[i] = this.logits.get(selections[i]!.slotKey)!;
    return out;
  }
}
