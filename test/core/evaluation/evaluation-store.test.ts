// Evaluations kept in the store: found only by the exact model, data and split they are of,
// newest first, read back whole, and deleted with their cohort.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  evaluatedBundleFingerprint,
  EvaluationStore,
  type EvaluationKey,
} from '../../../src/main/core/evaluation';
import { bundleFingerprint } from '../../../src/main/core/models';
import type { Store } from '../../../src/main/core/store';
import type { EvaluationResult } from '../../../src/shared/charts';
import { TINY_SCHEMA, tempStore } from '../../support/temp-store';
import { tinyResult } from '../../support/tiny-evaluation';

let temp: ReturnType<typeof tempStore>;
let store: Store;
let cohortId: number;
let evaluations: EvaluationStore;

beforeEach(() => {
  temp = tempStore();
  store = temp.store;
  cohortId = store.createCohort({ ...TINY_SCHEMA, name: 'tiny' });
  evaluations = new EvaluationStore(store);
});
afterEach(() => temp.dispose());

function keyOf(result: EvaluationResult): EvaluationKey {
  return {
    cohortId,
    task: result.settings.task,
    split: 'test',
    bundleFingerprint: evaluatedBundleFingerprint(result),
    cohortContentHash: result.provenance.cohort.contentSha256,
  };
}

function withBundleFile(result: EvaluationResult, sha256: string): EvaluationResult {
  const files = [{ path: 'ts_stream.onnx', sha256 }];
  return {
    ...result,
    provenance: { ...result.provenance, bundle: { ...result.provenance.bundle, files } },
  };
}

describe('EvaluationStore', () => {
  it('reads an evaluation back exactly, by the fingerprint of the bundle it ran', () => {
    const result = tinyResult();
    const saved = evaluations.save(cohortId, result);
    expect(evaluatedBundleFingerprint(result)).toBe(
      bundleFingerprint({ 'ts_stream.onnx': 'e'.repeat(64) }),
    );
    expect(evaluations.newest(keyOf(result))).toEqual(saved);
    expect(saved.result).toEqual(result);
  });

  it('returns the newest of several evaluations of the same model', () => {
    const first = evaluations.save(cohortId, tinyResult());
    const second = evaluations.save(cohortId, tinyResult());
    expect(second.id).toBeGreaterThan(first.id);
    expect(evaluations.newest(keyOf(tinyResult()))?.id).toBe(second.id);
  });

  it('never returns an evaluation of another model, data, split or task', () => {
    const result = tinyResult();
    evaluations.save(cohortId, withBundleFile(result, 'f'.repeat(64)));
    const key = keyOf(result);
    expect(evaluations.newest(key)).toBeNull();
    evaluations.save(cohortId, result);
    expect(evaluations.newest(key)).not.toBeNull();
    expect(evaluations.newest({ ...key, cohortContentHash: '0'.repeat(64) })).toBeNull();
    expect(evaluations.newest({ ...key, split: 'val' })).toBeNull();
    expect(evaluations.newest({ ...key, task: 'E2' })).toBeNull();
    expect(evaluations.newest({ ...key, cohortId: cohortId + 1 })).toBeNull();
  });

  it('goes with its cohort', () => {
    evaluations.save(cohortId, tinyResult());
    store.deleteCohort(cohortId);
    const rows = store.db.prepare('SELECT COUNT(*) AS n FROM evaluations').get() as { n: number };
    expect(rows.n).toBe(0);
  });
});
