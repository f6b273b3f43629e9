/**
 * A stay's static inputs (age, sex, height, weight, unit type: fixed priors the search never
 * masks) -> the bundle's `static` vector, exactly as training/toe_training/features.py
 * encode_static builds it and manifest.json's context.static.encoding states:
 *   float32[Ds], the bundle's inputs in order, each taking the next slots;
 *   numeric: [Math.fround((x - mean) / sd) in float64, or 0 when not recorded; 1 when not
 *   recorded, else 0];
 *   categorical with K categories: K + 1 slots, slot k = 1 for categories[k], slot K = 1 when
 *   not recorded or not one of the bundle's categories.
 * A bundle input the cohort does not declare is not recorded for every stay: a difference
 * to show (missingStaticInputs), not a reason to refuse the cohort.
 */
import type { CohortDetail } from '../../../shared/domain';
import type { StaticValue } from '../store';
import type { BundleManifest, BundleStaticInput } from './manifest-schema';
import type { BatchInput } from './session-runs';

/** One stay's recorded static values by input name (no entry: not recorded). */
export type StaticValues = ReadonlyMap<string, StaticValue>;

/** Slots an input takes in the vector. */
export function staticSlots(input: BundleStaticInput): number {
  return input.kind === 'numeric' ? 2 : input.categories.length + 1;
}

export function encodeStaticInputs(
  values: StaticValues,
  inputs: readonly BundleStaticInput[],
): Float32Array {
  const out = new Float32Array(inputs.reduce((sum, input) => sum + staticSlots(input), 0));
  let at = 0;
  for (const input of inputs) {
    const value = values.get(input.name);
    if (input.kind === 'numeric') {
      if (typeof value === 'number' && Number.isFinite(value)) {
        out[at] = Math.fround((value - input.mean) / input.sd);
      } else {
        out[at + 1] = 1;
      }
    } else {
      // A category the bundle never saw tells it nothing it learned: "not recorded".
      const k = typeof value === 'string' ? input.categories.indexOf(value) : -1;
      out[at + (k === -1 ? input.categories.length : k)] = 1;
    }
    at += staticSlots(input);
  }
  return out;
}

/** The static vector of a stay, or undefined for a bundle without static inputs. */
export function stayStaticVector(
  m: BundleManifest,
  values: StaticValues | undefined,
): Float32Array | undefined {
  const spec = m.context.static;
  if (!spec) return undefined;
  const vector = encodeStaticInputs(values ?? new Map(), spec.inputs);
  if (vector.length !== spec.Ds) {
    throw new Error(`context.static declares Ds ${spec.Ds}, its inputs take ${vector.length}`);
  }
  return vector;
}

/**
 * The `static` feed of a stream or head run (rows copies of the stay's vector), or nothing
 * when the bundle has no static inputs.
 */
export function staticFeed(
  inputs: { readonly static?: Float32Array },
  rows: number,
  tile: (row: Float32Array, rows: number) => Float32Array,
): Record<string, BatchInput> {
  return inputs.static
    ? { static: { data: tile(inputs.static, rows), dims: [inputs.static.length] } }
    : {};
}

/**
 * The bundle's static inputs the cohort does not declare with the same kind: each is "not
 * recorded" for every stay of the cohort. Listed for the user; the cohort is not refused.
 */
export function missingStaticInputs(manifest: BundleManifest, cohort: CohortDetail): string[] {
  const declared = new Map((cohort.contextSchema.staticInputs ?? []).map((s) => [s.name, s]));
  return (manifest.context.static?.inputs ?? [])
    .filter((input) => declared.get(input.name)?.kind !== input.kind)
    .map((input) => input.name);
}

/**
 * Numeric static inputs the cohort records in another unit than the bundle was trained on:
 * standardising them would give wrong values silently, so these refuse the cohort.
 */
export function staticUnitConflicts(manifest: BundleManifest, cohort: CohortDetail): string[] {
  const declared = new Map((cohort.contextSchema.staticInputs ?? []).map((s) => [s.name, s]));
  return (manifest.context.static?.inputs ?? []).flatMap((input) => {
    const theirs = declared.get(input.name);
    return input.kind === 'numeric' && theirs?.kind === 'numeric' && theirs.unit !== input.unit
      ? [
          `static input ${input.name} is in ${input.unit} for the bundle but in ${theirs.unit} in the cohort`,
        ]
      : [];
  });
}
