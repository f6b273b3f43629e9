import type { EvidenceQuery, StayModel, StreamLogits } from '../../src/main/core/models/stay-model';

/**
 * A hand-built StayModel whose right answers can be worked out on paper:
 *   l_ts(m)   = tsBias + Σ_t tsWeights[t] · m_t  (+ pair bonuses when both units are selected)
 *   l_note(m) = noteBias + Σ_j noteWeights[j] · m_j · scale_j   over present chunks
 * Linear in the masks, so attributions (Shapley, LIME, saliency) have closed forms; the
 * optional pair bonuses make units synergistic, where search should beat ranking.
 */
export interface ToyModelSpec {
  tsBias?: number;
  tsWeights: number[];
  noteBias?: number;
  noteWeights?: number[];
  presentNotes?: number[];
  /** [unitA, unitB, bonus]: extra TS logit when both units (global ids) are selected. */
  pairs?: [number, number, number][];
  selector?: { ts: number[]; note: number[] };
}

export class ToyStayModel implements StayModel {
  readonly hours: number;
  readonly noteSlots: number;
  readonly presentNotes: readonly number[];
  /** Every query evaluated, to check batching and counting. */
  readonly calls: number[] = [];

  constructor(private readonly spec: ToyModelSpec) {
    this.hours = spec.tsWeights.length;
    this.noteSlots = spec.noteWeights?.length ?? 0;
    this.presentNotes = spec.presentNotes ?? Array.from({ length: this.noteSlots }, (_, j) => j);
  }

  async selectorScores(): Promise<{ ts: Float32Array; note: Float32Array }> {
    const ts = Float32Array.from(this.spec.selector?.ts ?? this.spec.tsWeights.map(Math.abs));
    const note = new Float32Array(this.noteSlots).fill(Number.NEGATIVE_INFINITY);
    for (const j of this.presentNotes) {
      note[j] = this.spec.selector?.note[j] ?? Math.abs(this.spec.noteWeights?.[j] ?? 0);
    }
    return { ts, note };
  }

  async forward(queries: readonly EvidenceQuery[]): Promise<StreamLogits> {
    this.calls.push(queries.length);
    const ts = new Float64Array(queries.length);
    const note = new Float64Array(queries.length);
    queries.forEach((query, i) => {
      let lts = this.spec.tsBias ?? 0;
      this.spec.tsWeights.forEach((w, t) => (lts += w * query.ts[t]!));
      for (const [a, b, bonus] of this.spec.pairs ?? []) {
        if (this.selected(query, a) && this.selected(query, b)) lts += bonus;
      }
      let lnote = this.spec.noteBias ?? 0;
      for (const j of this.presentNotes) {
        lnote +=
          (this.spec.noteWeights?.[j] ?? 0) * query.note[j]! * (query.noteInputScale?.[j] ?? 1);
      }
      ts[i] = lts;
      note[i] = lnote;
    });
    return { ts, note };
  }

  private selected(query: EvidenceQuery, unit: number): boolean {
    return unit < this.hours ? query.ts[unit]! > 0 : query.note[unit - this.hours]! > 0;
  }
}
