/**
 * A stored stay -> the bundle's model inputs, bit for bit as training/toe_training/features.py
 * builds them (docs/model-bundle.md, "Inputs"). Every standardisation is
 * Math.fround((x - mean) / sd) in float64 (the stored float32 and the manifest's float64
 * mean/sd are exact doubles), rounded once to float32, exactly like numpy's
 * ((x.astype(float64) - mean) / sd).astype(float32).
 */
import type { Stay } from '../store';
import type { BundleManifest } from './manifest-schema';
import { stayStaticVector, type StaticValues } from './static-input-vector';
import type { VariableMapping } from './variable-mapping';

/** One stay's inputs, row-major, without the batch dimension. */
export interface StayTensors {
  /** [T, D]: 3V standardised values (0 where missing), then V missingness flags. */
  ts: Float32Array;
  /** [Dc]: one-hot CheXpert states per label, then has_cxr. */
  cxr: Float32Array;
  /** [De]: standardised values, "not used" flags, has_ecg. */
  ecg: Float32Array;
  /** [M, E]: embedding of the j-th kept chunk in slot j; zeros in absent slots. */
  chunkEmbeddings: Float32Array;
  /** [M]: 1 where a slot holds a chunk. */
  presence: Float32Array;
  /** [Ds]: the static inputs (static-input-vector.ts); absent when the bundle has none. */
  static?: Float32Array;
}

/**
 * Bundle variable v reads the cohort's column `mapping.columns[v]` (matched by name); a
 * variable the cohort lacks is never charted: flag 1, values 0 in every hour.
 */
export function encodeTimeSeries(
  stay: Pick<Stay, 'stayKey' | 'series' | 'missing'>,
  m: BundleManifest,
  mapping: VariableMapping,
): Float32Array {
  const hours = m.featureSchema.hours;
  const vars = m.featureSchema.variables.length;
  const stride = mapping.cohortVariables;
  const { mean, sd } = m.featureSchema.standardisation;
  if (stay.series.length !== hours * stride * 3 || stay.missing.length !== hours * stride) {
    throw new Error(
      `Stay ${stay.stayKey}: ${stay.series.length} values and ${stay.missing.length} flags, its cohort's schema needs ${hours * stride * 3} and ${hours * stride}`,
    );
  }
  const d = 4 * vars;
  const out = new Float32Array(hours * d);
  for (let t = 0; t < hours; t++) {
    for (let v = 0; v < vars; v++) {
      const column = mapping.columns[v] ?? null;
      // The flag is copied as stored (0/1), not standardised.
      const flag = column === null ? 1 : stay.missing[t * stride + column]!;
      out[t * d + 3 * vars + v] = flag;
      if (column === null || flag !== 0) continue;
      for (let s = 0; s < 3; s++) {
        const c = 3 * v + s;
        const x = stay.series[(t * stride + column) * 3 + s]!;
        if (Number.isFinite(x)) out[t * d + c] = Math.fround((x - mean[c]!) / sd[c]!);
      }
    }
  }
  return out;
}

export function encodeCxr(stay: Pick<Stay, 'stayKey' | 'cxr'>, m: BundleManifest): Float32Array {
  const labels = m.context.cxr.labels.length;
  const out = new Float32Array(4 * labels + 1);
  if (stay.cxr === null) return out; // no study: all zeros, unlike "study, nothing mentioned"
  if (stay.cxr.length !== labels || stay.cxr.some((code) => code > 3)) {
    throw new Error(`Stay ${stay.stayKey}: bad CXR codes ${Array.from(stay.cxr).join(',')}`);
  }
  stay.cxr.forEach((code, l) => (out[4 * l + code] = 1));
  out[4 * labels] = 1;
  return out;
}

export function encodeEcg(stay: Pick<Stay, 'stayKey' | 'ecg'>, m: BundleManifest): Float32Array {
  const fields = m.context.ecg.fields.length;
  const { mean, sd } = m.context.ecg.standardisation;
  const out = new Float32Array(2 * fields + 1);
  if (stay.ecg !== null && stay.ecg.length !== fields) {
    throw new Error(
      `Stay ${stay.stayKey}: ${stay.ecg.length} ECG values, the bundle needs ${fields}`,
    );
  }
  for (let f = 0; f < fields; f++) {
    const x = stay.ecg?.[f] ?? Number.NaN;
    if (Number.isFinite(x)) out[f] = Math.fround((x - mean[f]!) / sd[f]!);
    else out[fields + f] = 1;
  }
  out[2 * fields] = stay.ecg === null ? 0 : 1;
  return out;
}

/**
 * Indices (store positions) of the chunks that become note units: the last Mmax, the most
 * recent, in time order. Slot j holds chunk keptChunkPositions[j].
 */
export function keptChunkPositions(chunkCount: number, m: BundleManifest): number[] {
  // A TS-only bundle has no note slots: none of the stay's chunks is a unit.
  const slots = m.units.notes?.Mmax ?? 0;
  const first = Math.max(0, chunkCount - slots);
  return Array.from({ length: chunkCount - first }, (_, j) => first + j);
}

/** Assembles a stay's inputs given the embeddings of its kept chunks (in slot order). */
export function encodeStay(
  stay: Stay,
  m: BundleManifest,
  keptEmbeddings: readonly Float32Array[],
  mapping: VariableMapping,
  staticValues?: StaticValues,
): StayTensors {
  const slots = m.units.notes?.Mmax ?? 0;
  const dim = m.textEncoder?.embeddingDim ?? 0;
  const kept = keptChunkPositions(stay.notes.length, m).length;
  if (keptEmbeddings.length !== kept) {
    throw new Error(
      `Stay ${stay.stayKey}: ${keptEmbeddings.length} chunk embeddings for ${kept} kept chunks`,
    );
  }
  const chunkEmbeddings = new Float32Array(slots * dim);
  const presence = new Float32Array(slots);
  keptEmbeddings.forEach((vector, j) => {
    if (vector.length !== dim)
      throw new Error(`Stay ${stay.stayKey}: embedding of size ${vector.length}, expected ${dim}`);
    chunkEmbeddings.set(vector, j * dim);
    presence[j] = 1;
  });
  return {
    ts: encodeTimeSeries(stay, m, mapping),
    cxr: encodeCxr(stay, m),
    ecg: encodeEcg(stay, m),
    chunkEmbeddings,
    presence,
    ...(m.context.static ? { static: stayStaticVector(m, staticValues) } : {}),
  };
}
