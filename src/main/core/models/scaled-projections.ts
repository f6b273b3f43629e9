/**
 * Saliency's note perturbations for the straightforward path: phi(s * e_j) for every
 * (slot, scale != 1) a query uses, keyed "slot:scale". The projection is per chunk, so the
 * scaled chunks are packed M to a row of one batched note_projection run.
 */
import type { ManifestSizes } from './manifest-schema';
import type { EvidenceQuery } from './stay-model';
import type { StayTensors } from './stay-inputs';

/** Runs note_projection on `rows` rows of [M, E] embeddings; returns [rows, M, P]. */
export type ProjectionRun = (embeddings: Float32Array, rows: number) => Promise<Float32Array>;

export async function scaledProjections(
  queries: readonly EvidenceQuery[],
  inputs: StayTensors,
  sizes: Pick<ManifestSizes, 'M' | 'E' | 'P'>,
  project: ProjectionRun,
): Promise<Map<string, Float32Array>> {
  const { M, E, P } = sizes;
  const wanted = new Map<string, { slot: number; scale: number }>();
  for (const q of queries) {
    q.noteInputScale?.forEach((scale, slot) => {
      if (scale !== 1 && q.note[slot]! * inputs.presence[slot]! !== 0)
        wanted.set(`${slot}:${scale}`, { slot, scale });
    });
  }
  const out = new Map<string, Float32Array>();
  if (wanted.size === 0) return out;
  const items = [...wanted.entries()];
  const rows = Math.ceil(items.length / M);
  const scaled = new Float32Array(rows * M * E);
  items.forEach(([, { slot, scale }], i) => {
    for (let k = 0; k < E; k++) scaled[i * E + k] = scale * inputs.chunkEmbeddings[slot * E + k]!;
  });
  const projected = await project(scaled, rows);
  items.forEach(([key], i) => out.set(key, projected.subarray(i * P, (i + 1) * P)));
  return out;
}
