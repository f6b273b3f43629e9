/**
 * The content hash a bundle's manifest records for its training cohort
 * (training.contentSha256), recomputed from the store: a port of
 * training/toe_training/store.py `content_hash`. It is not the store's cohortContentHash
 * (that one covers every stay and attribute); this one covers the stays training read for
 * one task: every stay with a label for it, in id order:
 *   "<stay_key>\0<split>\0<label>\0", series float32 LE, missing bytes,
 *   each chunk text UTF-8 + "\0", [has_cxr, has_ecg], cxr bytes, ecg float32 LE.
 * Equal hashes mean the cohort is the one the bundle was trained on, so its test figures
 * must reproduce the manifest's.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../store';

const bytesOf = (a: Float32Array | Uint8Array) =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

export function trainingContentHash(store: Store, cohortId: number, task: string): string {
  const detail = store.getCohort(cohortId);
  const hash = createHash('sha256');
  const ids = store.stayIds(cohortId);
  for (let start = 0; start < ids.length; start += 500) {
    for (const stay of store.loadStays(ids.slice(start, start + 500))) {
      const label = stay.outcomes[task];
      if (label === undefined) continue;
      hash.update(`${stay.stayKey}\0${stay.split}\0${label}\0`);
      hash.update(bytesOf(stay.series));
      hash.update(bytesOf(stay.missing));
      for (const chunk of stay.notes) hash.update(`${chunk.text}\0`, 'utf8');
      hash.update(Uint8Array.of(stay.cxr ? 1 : 0, stay.ecg ? 1 : 0));
      // Without a study the store holds zero codes and NaN values (Store.stayWriter), which
      // is what Python reads back from the blobs.
      hash.update(bytesOf(stay.cxr ?? new Uint8Array(detail.contextSchema.cxrLabels.length)));
      hash.update(
        bytesOf(
          stay.ecg ?? new Float32Array(detail.contextSchema.ecgFields.length).fill(Number.NaN),
        ),
      );
    }
  }
  return hash.digest('hex');
}
