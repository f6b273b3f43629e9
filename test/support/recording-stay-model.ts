import type { EvidenceQuery, StayModel, StreamLogits } from '../../src/main/core/models/stay-model';

/**
 * Wraps any StayModel and keeps every forward() call's queries, so a test can check not
 * only how many calls a method made (batching) but exactly which masks it asked for.
 */
export class RecordingStayModel implements StayModel {
  readonly batches: EvidenceQuery[][] = [];

  constructor(private readonly inner: StayModel) {}

  get hours(): number {
    return this.inner.hours;
  }

  get noteSlots(): number {
    return this.inner.noteSlots;
  }

  get presentNotes(): readonly number[] {
    return this.inner.presentNotes;
  }

  selectorScores(): Promise<{ ts: Float32Array; note: Float32Array }> {
    return this.inner.selectorScores();
  }

  forward(queries: readonly EvidenceQuery[]): Promise<StreamLogits> {
    this.batches.push([...queries]);
    return this.inner.forward(queries);
  }

  /** Calls made, as the number of queries in each. */
  get callSizes(): number[] {
    return this.batches.map((batch) => batch.length);
  }
}
