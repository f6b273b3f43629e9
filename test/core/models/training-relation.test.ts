/**
 * How an audited cohort relates to a bundle's training cohort: the same data (and the role
 * of the audited split), the training cohort's name over other data, another cohort, and a
 * model trained on SYNTHETIC data applied to real stays.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readManifest,
  trainingContentHash,
  trainingRelation,
  type BundleManifest,
} from '../../../src/main/core/models';
import { TINY_SCHEMA, tempStore, tinyStay } from '../../support/temp-store';

const E1 = fileURLToPath(new URL('../../../resources/models/E1', import.meta.url));

describe('training relation', () => {
  const { store, dispose } = tempStore();
  afterAll(dispose);
  const synthetic = store.createCohort({ ...TINY_SCHEMA, name: 'demo' });
  store.stayWriter(synthetic)(tinyStay('a'));
  const real = store.createCohort({ ...TINY_SCHEMA, name: 'ward', synthetic: false });
  store.stayWriter(real)(tinyStay('b'));
  const shipped = readManifest(E1);
  const manifest = (training: Partial<BundleManifest['training']>): BundleManifest => ({
    ...shipped,
    training: { ...shipped.training, ...training },
  });

  it('recognises the training data by recomputing its hash, and names the split’s role', () => {
    const own = manifest({ contentSha256: trainingContentHash(store, synthetic, 'E1') });
    const test = trainingRelation(store, synthetic, own, 'test');
    expect(test.kind).toBe('training-cohort');
    expect(test.sentence).toMatch(/own training cohort.*test split is held out/);
    expect(trainingRelation(store, synthetic, own, 'train').sentence).toMatch(/optimistic/);
    expect(test.syntheticOnReal).toBe(false);
  });

  it('tells the training cohort’s name over other data from the training cohort', () => {
    const relation = trainingRelation(store, synthetic, manifest({}), 'test');
    expect(relation.kind).toBe('renamed-data');
    expect(relation.sentence).toMatch(/name of the bundle’s training cohort \(“demo”\) but not/);
  });

  it('warns when a model trained on synthetic data is audited on real stays', () => {
    const relation = trainingRelation(store, real, manifest({ synthetic: true }), 'test');
    expect(relation).toMatchObject({ kind: 'other-cohort', syntheticOnReal: true });
    expect(relation.sentence).toMatch(/trained on SYNTHETIC data is applied to real stays/);
    const unknown = trainingRelation(store, real, manifest({ synthetic: undefined }), 'test');
    expect(unknown).toMatchObject({ trainedOnSynthetic: null, syntheticOnReal: false });
  });
});
