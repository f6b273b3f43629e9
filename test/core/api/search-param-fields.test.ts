import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../../src/shared/contract';
import {
  SEARCH_PARAM_DEFAULTS,
  SEARCH_PARAM_FIELDS,
  searchParamsSchema,
} from '../../../src/shared/search-params';

describe('the search parameters, defined once', () => {
  it('are every numeric parameter of the search, with method.md’s defaults', () => {
    // method.md: B = 8, S_max = 10, the top 24 windows and 20 chunks, λ = 1, μ = 0.05, τ = 0.9.
    expect(SEARCH_PARAM_DEFAULTS).toMatchObject({
      beamWidth: 8,
      maxSteps: 10,
      topTimeWindows: 24,
      topNoteChunks: 20,
      lambda: 1,
      mu: 0.05,
      tauConf: 0.9,
      tauSuff: 0.9,
    });
    const numeric = Object.keys(searchParamsSchema.shape).filter((k) => k !== 'stability');
    expect(SEARCH_PARAM_FIELDS.map((f) => f.key).sort()).toEqual(numeric.sort());
    for (const field of SEARCH_PARAM_FIELDS) {
      if (field.integer) expect(Number.isInteger(SEARCH_PARAM_DEFAULTS[field.key])).toBe(true);
      expect(field.explanation.length).toBeLessThanOrEqual(90);
    }
  });

  it('give the form the ranges the schema checks', () => {
    const beam = SEARCH_PARAM_FIELDS.find((f) => f.key === 'beamWidth')!;
    expect(beam).toMatchObject({ integer: true, min: 1, max: 256 });
    const threshold = SEARCH_PARAM_FIELDS.find((f) => f.key === 'threshold')!;
    expect(threshold).toMatchObject({ integer: false, min: 0, max: 1 });
    for (const field of SEARCH_PARAM_FIELDS) {
      if (field.max === null) continue;
      const above = { [field.key]: field.max + 1 };
      expect(searchParamsSchema.safeParse(above).success, field.key).toBe(false);
    }
  });

  it('are checked by the contract itself: an out-of-range value is named, an unset one stays unset', () => {
    const request = (params: Record<string, unknown>) =>
      parseArgs('runs.checkStart', { cohortId: 1, task: 'E1', params });
    const tooSmall = request({ beamWidth: 0 });
    expect(tooSmall.ok).toBe(false);
    if (!tooSmall.ok) expect(tooSmall.error.message).toMatch(/beamWidth/);
    const misspelt = request({ beamWidht: 4 });
    expect(misspelt.ok).toBe(false);
    if (!misspelt.ok) expect(misspelt.error.message).toMatch(/beamWidht/);
    const parsed = request({ mu: 0.1 });
    // The threshold must stay unset so that the bundle's own applies.
    expect(parsed.ok && parsed.args.params).toEqual({ mu: 0.1 });
  });
});
