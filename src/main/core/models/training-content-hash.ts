/**
 * The content hash a bundle's manifest records for its training cohort
 * (training.contentSha256), recomputed from the store: a port of
 * training/toe_training/store.py `content_hash`. It is not the store's cohortContentHash
 * (that one covers every stay and attribute); this one covers the stays training read for
 * one task: every stay with a label for it, in id order:
 *   "<stay_key>\0<split>\0<label>\0", series float32 LE, missing bytes,
 *   each chunk text UTF-8 + "\0", [has_cxr, has_ecg], cxr bytes, ecg float32 LE,
 *   then, only when the cohort declares static inputs, per declared input in order:
 *   "<name>\0" and "-" (not recorded), "n" + float64 LE, or "t" + text UTF-8 + "\0".
 * Equal hashes mean the cohort is the one the bundle was trained on, so its test figures
 * must reproduce the manifest's.
 */
import { createHash } from 'node:crypto';
import type { StaticValue, Store } from '../store';

const bytesOf = (a: Float32Array | Uint8Array) =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** store.py _static_bytes: one static input of one stay. */
function staticBytes(name: string, value: StaticValue | undefined): Buffer {
  const head = Buffer.from(`${name}\0`, 'utf8');
  if (value === undefined) return Buffer.concat([head, Buffer.from('-')]);
  if (typeof value === 'number') {
    const number = Buffer.alloc(9);
    number.write('n');
    number.writeDoubleLE(value, 1);
    return Buffer.concat([head, number]);
  }
  return Buffer.concat([head, Buffer.from(`t${value}\0`, 'utf8')]);
}

export function trainingContentHash(store: Store, cohortId: number, task: string): string {
  const detail = store.getCohort(cohortId);
  const hash = createHash('sha256');
  const ids = store.stayIds(cohortId);
  // Cohorts without static inputs hash as before they existed.
  const staticNames = (detail.contextSchema.staticInputs ?? []).map((input) => input.name);
  for (let start = 0; start < ids.length; start += 500) {
    const slice = ids.slice(start, start + 500);
    const statics = staticNames.length > 0 ? store.staticInputsOf(slice) : null;
    for (const stay of store.loadStays(slice)) {
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
      for (const name of staticNames)
        hash.update(staticBytes(name, statics?.get(stay.id)?.get(name)));
    }
  }
  return hash.digest('hex');
}
