/**
 * Two copies of a cohort, for the cross-site tests: "cross" holds its stays with another
 * variable list (some of the bundle's variables dropped, the rest in reverse order, one the
 * bundle does not know added), "hand-built" holds them in the bundle's own layout with the
 * dropped variables never charted. A bundle that matches variables by name must read both
 * exactly alike.
 */
import type { FeatureSchema } from '../../../src/shared/domain';
import type { NewStay, Stay, Store } from '../../../src/main/core/store';

/** Variables the YAIB cohorts lack (the GCS items) and one more, as another site would. */
export const DROPPED = ['gcs_eye', 'gcs_verbal', 'gcs_motor', 'lactate'];
export const EXTRA = { name: 'urine', unit: 'mL' };

export interface CrossSiteCohorts {
  crossId: number;
  handBuiltId: number;
}

/** A stay's columns re-laid to `target`; the one variable `from` lacks is the extra one. */
function relaid(stay: Stay, from: FeatureSchema, target: FeatureSchema): NewStay {
  const hours = from.hours;
  const width = target.variables.length;
  const series = new Float32Array(hours * width * 3).fill(Number.NaN);
  const missing = new Uint8Array(hours * width).fill(1);
  const source = new Map(from.variables.map((v, i) => [v.name, i]));
  target.variables.forEach((variable, to) => {
    const at = source.get(variable.name);
    for (let t = 0; t < hours; t++) {
      if (at === undefined) {
        // Charted in even hours, so it would change the model input if it were read.
        if (t % 2 === 0) {
          missing[t * width + to] = 0;
          series.fill(1000 + t, (t * width + to) * 3, (t * width + to) * 3 + 3);
        }
        continue;
      }
      missing[t * width + to] = stay.missing[t * from.variables.length + at]!;
      for (let s = 0; s < 3; s++) {
        series[(t * width + to) * 3 + s] = stay.series[(t * from.variables.length + at) * 3 + s]!;
      }
    }
  });
  const { id: _id, cohortId: _cohortId, ...rest } = stay;
  return { ...rest, series, missing };
}

/** A stay in its own layout with the dropped variables never charted. */
function blanked(stay: Stay, schema: FeatureSchema): NewStay {
  const width = schema.variables.length;
  const series = Float32Array.from(stay.series);
  const missing = Uint8Array.from(stay.missing);
  schema.variables.forEach((variable, v) => {
    if (!DROPPED.includes(variable.name)) return;
    for (let t = 0; t < schema.hours; t++) {
      missing[t * width + v] = 1;
      series.fill(Number.NaN, (t * width + v) * 3, (t * width + v) * 3 + 3);
    }
  });
  const { id: _id, cohortId: _cohortId, ...rest } = stay;
  return { ...rest, series, missing };
}

/** Copies the source cohort's stays into a cross-site cohort and its hand-built twin. */
export function crossSiteCohorts(store: Store, sourceId: number): CrossSiteCohorts {
  const source = store.getCohort(sourceId);
  const { id: _id, stays: _stays, splits: _splits, createdAt: _createdAt, ...base } = source;
  const kept = source.featureSchema.variables.filter((v) => !DROPPED.includes(v.name));
  const crossSchema: FeatureSchema = {
    ...source.featureSchema,
    variables: [...kept].reverse().concat(EXTRA),
  };
  const crossId = store.createCohort({ ...base, name: 'cross', featureSchema: crossSchema });
  const handBuiltId = store.createCohort({ ...base, name: 'hand-built' });
  const writeCross = store.stayWriter(crossId);
  const writeHandBuilt = store.stayWriter(handBuiltId);
  for (const stay of store.loadStays(store.stayIds(sourceId))) {
    writeCross(relaid(stay, source.featureSchema, crossSchema));
    writeHandBuilt(blanked(stay, source.featureSchema));
  }
  return { crossId, handBuiltId };
}
