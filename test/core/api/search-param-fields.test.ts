import { describe, expect, it } from 'vitest';
import { SEARCH_PARAM_DEFAULTS, SEARCH_PARAM_FIELDS } from '../../../src/shared/search-params';
import { DEFAULT_SEARCH_PARAMS, searchParamsSchema } from '../../../src/main/core/search';

describe('the start form’s search parameters', () => {
  it('are every numeric parameter of the search, with method.md’s defaults', () => {
    expect(DEFAULT_SEARCH_PARAMS).toEqual(SEARCH_PARAM_DEFAULTS);
    const numeric = Object.keys(searchParamsSchema.shape).filter((k) => k !== 'stability');
    expect(SEARCH_PARAM_FIELDS.map((f) => f.key).sort()).toEqual(numeric.sort());
    for (const field of SEARCH_PARAM_FIELDS) {
      if (field.integer) expect(Number.isInteger(SEARCH_PARAM_DEFAULTS[field.key])).toBe(true);
      expect(field.explanation.length).toBeLessThanOrEqual(90);
    }
  });
});
