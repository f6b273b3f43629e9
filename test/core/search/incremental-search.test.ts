/**
 * The search through the incremental path (children scored with their parent) against the
 * straightforward one (every child through forward()): the same evidence, the same trace
 * and probabilities within 1e-5 on fixed stays of the shipped bundle's parity fixture, in
 * every mode; and what the search tells an incremental model (parents, retained beam).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelRuntime, type StayTensors } from '../../../src/main/core/models';
import type {
  GrownSet,
  IncrementalStayModel,
  StreamLogits,
} from '../../../src/main/core/models/stay-model';
import { queryForUnits } from '../../../src/main/core/models/stay-model';
import {
  SEARCH_PARAM_DEFAULTS,
  treeOfEvidenceSearch,
  type SearchMode,
  type SearchParams,
  type SearchResult,
} from '../../../src/main/core/search';
import { ToyStayModel } from '../../support/toy-stay-model';
import { loadParity } from '../models/parity-fixture';
import { BUNDLE_DIR } from '../models/training-cohort';

const parity = loadParity(join(BUNDLE_DIR, 'parity.json'));
const { T, D, Dc, De, M, E } = parity.sizes;
const slice = (a: Float32Array, n: number, b: number) => a.slice(b * n, (b + 1) * n);
const tensorsOf = (b: number): StayTensors => ({
  ts: slice(parity.inputs.ts, T * D, b),
  cxr: slice(parity.inputs.cxr, Dc, b),
  ecg: slice(parity.inputs.ecg, De, b),
  chunkEmbeddings: slice(parity.inputs.chunkEmbeddings, M * E, b),
  presence: slice(parity.inputs.presence, M, b),
});

function expectSameSearch(a: SearchResult, b: SearchResult): void {
  expect(a.evidence).toEqual(b.evidence);
  expect(a.status).toBe(b.status);
  expect(a.statesScored).toBe(b.statesScored);
  expect(Math.abs(a.p - b.p)).toBeLessThanOrEqual(1e-5);
  expect(a.trace.length).toBe(b.trace.length);
  a.trace.forEach((step, s) => {
    const other = b.trace[s]!;
    expect(step.childrenScored).toBe(other.childrenScored);
    expect(step.kept.map((k) => [k.units, k.parent])).toEqual(
      other.kept.map((k) => [k.units, k.parent]),
    );
    step.kept.forEach((k, i) => expect(Math.abs(k.p - other.kept[i]!.p)).toBeLessThanOrEqual(1e-5));
  });
}

let runtime: ModelRuntime;
beforeAll(async () => {
  runtime = await ModelRuntime.open(BUNDLE_DIR, { executionProvider: 'cpu' });
});
afterAll(() => runtime.close());

describe('incremental ToE search on the shipped bundle', () => {
  const cases: [string, SearchMode, Partial<SearchParams>][] = [
    ['dynamic, defaults', { kind: 'dynamic' }, {}],
    ['fixed budget 4', { kind: 'fixed', budget: 4 }, {}],
    ['logit-space stability', { kind: 'dynamic' }, { stability: 'logit' }],
    [
      'beam width 3, few candidates',
      { kind: 'fixed', budget: 6 },
      { beamWidth: 3, topTimeWindows: 8 },
    ],
  ];
  for (const [name, mode, overrides] of cases) {
    it(`finds what the straightforward path finds: ${name}`, async () => {
      const params = { ...SEARCH_PARAM_DEFAULTS, ...overrides };
      for (const b of [0, 4, 9, 13, 18, 23]) {
        const incremental = await treeOfEvidenceSearch(
          runtime.modelFor(tensorsOf(b)),
          mode,
          params,
        );
        const plain = await treeOfEvidenceSearch(runtime.modelFor(tensorsOf(b)), mode, params, {
          forwardPass: 'plain',
        });
        expectSameSearch(incremental, plain);
      }
    });
  }

  it('uses the incremental path by default and forward() when asked for plain', async () => {
    const model = runtime.modelFor(tensorsOf(2));
    await treeOfEvidenceSearch(model);
    expect(model.stats.tsMasks).toBeGreaterThan(0);
    expect(model.stats.plainTsMasks).toBe(1); // the full input only
    const plain = runtime.modelFor(tensorsOf(2));
    await treeOfEvidenceSearch(plain, undefined, undefined, { forwardPass: 'plain' });
    expect(plain.stats.tsMasks).toBe(0);
  });
});

/** A toy model with the incremental interface, recording what the search asks of it. */
class RecordingIncrementalModel extends ToyStayModel implements IncrementalStayModel {
  readonly grown: GrownSet[][] = [];
  readonly retained: (readonly number[])[][] = [];

  forwardGrown(sets: readonly GrownSet[]): Promise<StreamLogits> {
    this.grown.push([...sets]);
    return this.forward(sets.map((set) => queryForUnits(this, set.units)));
  }

  retain(parents: readonly (readonly number[])[]): void {
    this.retained.push([...parents]);
  }
}

describe('what the search tells an incremental model', () => {
  const spec = { tsBias: -2, tsWeights: [1, 0.5, 2, -1, 0.3, 0.8], noteWeights: [1.5, -0.5, 0.7] };

  it('scores each child with the beam state it grew from, then retains the new beam', async () => {
    const model = new RecordingIncrementalModel(spec);
    const result = await treeOfEvidenceSearch(model, { kind: 'fixed', budget: 3 });
    expect(model.grown).toHaveLength(3);
    model.grown.forEach((sets, s) => {
      const beam = s === 0 ? [[]] : result.trace[s - 1]!.kept.map((k) => k.units);
      for (const { units, parent } of sets) {
        expect(beam).toContainEqual(parent);
        expect(units.length).toBe(parent!.length + 1);
        expect(parent!.every((u) => units.includes(u))).toBe(true);
      }
      expect(model.retained[s]).toEqual(result.trace[s]!.kept.map((k) => k.units));
    });
    const plain = await treeOfEvidenceSearch(new ToyStayModel(spec), { kind: 'fixed', budget: 3 });
    expect(JSON.parse(JSON.stringify(result))).toEqual(JSON.parse(JSON.stringify(plain)));
  });
});
