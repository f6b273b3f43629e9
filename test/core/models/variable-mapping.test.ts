/**
 * Cross-site cohorts: the bundle's variables are matched by name, so a cohort with the
 * variables in another order, some missing and one more gives exactly the model input of a
 * hand-built stay in the bundle's layout with the missing variables never charted; a
 * variable in another unit is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CohortDetail } from '../../../src/shared/domain';
import { variableMatchSentences } from '../../../src/shared/variable-match';
import { createDemoCohort } from '../../../src/main/core/import/demo';
import {
  BundleError,
  checkCohortCompatibility,
  mapVariables,
  ModelRuntime,
  readManifest,
} from '../../../src/main/core/models';
import { encodeTimeSeries } from '../../../src/main/core/models/stay-inputs';
import { tempStore } from '../../support/temp-store';
import { crossSiteCohorts, DROPPED, EXTRA, type CrossSiteCohorts } from './cross-site-fixture';
import { BUNDLE_DIR } from './training-cohort';

const manifest = readManifest(BUNDLE_DIR);
const bundleVariables = manifest.featureSchema.variables;
const V = bundleVariables.length;

describe('variable mapping by name', () => {
  it('maps reordered variables, lists the missing and the ignored ones', () => {
    const cohort = [{ name: 'b' }, { name: 'pain' }, { name: 'a' }];
    const mapping = mapVariables([{ name: 'a' }, { name: 'b' }, { name: 'c' }], cohort);
    expect(mapping.columns).toEqual([2, 0, null]);
    expect(mapping.cohortVariables).toBe(3);
    expect(mapping.variablesMissingInCohort).toEqual(['c']);
    expect(mapping.variablesIgnored).toEqual(['pain']);
  });

  it('says what is missing and ignored in plain words, and nothing when nothing is', () => {
    expect(
      variableMatchSentences({
        bundleVariables: 40,
        variablesMissingInCohort: ['gcs_eye', 'gcs_motor'],
        variablesIgnored: ['urine'],
      }),
    ).toEqual([
      "2 of the bundle's 40 variables are never charted in this cohort and are read as missing: gcs_eye, gcs_motor.",
      '1 variable of this cohort is unknown to the bundle and not read: urine.',
    ]);
    expect(
      variableMatchSentences({
        bundleVariables: 3,
        variablesMissingInCohort: [],
        variablesIgnored: [],
      }),
    ).toEqual([]);
    expect(variableMatchSentences(undefined)).toEqual([]);
  });

  it('reads a missing variable as never charted in every hour: flag 1, value 0', () => {
    const hours = manifest.featureSchema.hours;
    const others = bundleVariables.slice(1);
    const mapping = mapVariables(bundleVariables, others);
    const cells = hours * others.length;
    const stay = {
      stayKey: 's',
      series: new Float32Array(cells * 3).fill(5),
      missing: new Uint8Array(cells),
    };
    const ts = encodeTimeSeries(stay, manifest, mapping);
    for (let t = 0; t < hours; t++) {
      expect(ts[t * 4 * V + 3 * V]).toBe(1); // variable 0's flag
      expect(Array.from(ts.subarray(t * 4 * V, t * 4 * V + 3))).toEqual([0, 0, 0]);
      expect(ts[t * 4 * V + 3 * V + 1]).toBe(0); // variable 1 was charted
    }
  });
});

describe('cohort compatibility across sites', () => {
  const bundle = { manifest, dir: BUNDLE_DIR };
  const { store, dispose } = tempStore();
  let cohorts: CrossSiteCohorts;
  let cross: CohortDetail;
  let runtime: ModelRuntime;

  beforeAll(async () => {
    await createDemoCohort(store, { name: 'demo', stays: 12, seed: 5, spurious: false }, {});
    cohorts = crossSiteCohorts(store, store.resolveCohort('demo'));
    cross = store.getCohort(cohorts.crossId);
    runtime = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu', store });
  });
  afterAll(async () => {
    await runtime.close();
    dispose();
  });

  it('accepts another order, missing and unknown variables, and says which', () => {
    const mapping = checkCohortCompatibility(bundle, cross);
    expect(mapping.variablesMissingInCohort).toEqual(
      bundleVariables.map((v) => v.name).filter((name) => DROPPED.includes(name)),
    );
    expect(mapping.variablesIgnored).toEqual([EXTRA.name]);
    expect(mapping.bundleVariables).toBe(V);
  });

  it('gives exactly the model input of the hand-built stays', async () => {
    const crossStays = store.loadStays(store.stayIds(cohorts.crossId));
    const handBuilt = store.loadStays(store.stayIds(cohorts.handBuiltId));
    // No checkCohort first: a worker's runtime maps the cohort from the store by itself.
    const got = await runtime.encodeStays(crossStays);
    const want = await runtime.encodeStays(handBuilt);
    expect(got.length).toBe(12);
    got.forEach((inputs, i) => {
      expect(Buffer.from(inputs.ts.buffer)).toEqual(Buffer.from(want[i]!.ts.buffer));
      expect(Buffer.from(inputs.chunkEmbeddings.buffer)).toEqual(
        Buffer.from(want[i]!.chunkEmbeddings.buffer),
      );
    });
  });

  it('still refuses a same-named variable in another unit, and a cohort with none of them', () => {
    const other = structuredClone(cross);
    const temperature = other.featureSchema.variables.find((v) => v.name === 'temperature')!;
    temperature.unit = '°F';
    expect(() => checkCohortCompatibility(bundle, other)).toThrow(BundleError);
    expect(() => checkCohortCompatibility(bundle, other)).toThrow(
      /variable temperature is in .* for the bundle but in °F in the cohort/,
    );
    other.featureSchema.variables = [EXTRA];
    expect(() => checkCohortCompatibility(bundle, other)).toThrow(
      /the cohort has none of the bundle's variables/,
    );
  });
});
