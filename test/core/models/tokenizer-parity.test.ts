import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HASH_NGRAM_SPEC,
  encodeTexts,
  fnv1a32,
  normaliseText,
  TOKENIZER_KIND,
  tokenIds,
  tokens,
} from '../../../src/main/core/models/tokenizer';

// Written by training/tests/make_tokenizer_fixture.py from the Python reference tokenizer.
interface Fixture {
  kind: string;
  buckets: number;
  maxIds: number;
  fnv1a32: { input: string; hash: number }[];
  cases: { text: string; normalised: string; tokens: string[]; ids: number[] }[];
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/tokenizer-parity.json', import.meta.url), 'utf8'),
) as Fixture;

describe('toe-hash-ngram-v1 tokenizer matches the Python reference', () => {
  it('uses the fixture’s spec', () => {
    expect(fixture.kind).toBe(TOKENIZER_KIND);
    expect(DEFAULT_HASH_NGRAM_SPEC).toEqual({ buckets: fixture.buckets, maxIds: fixture.maxIds });
    expect(fixture.cases.length).toBeGreaterThan(150);
  });

  it('hashes with 32-bit FNV-1a over UTF-8', () => {
    for (const { input, hash } of fixture.fnv1a32) expect(fnv1a32(input)).toBe(hash);
  });

  it.each(fixture.cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
    expect(normaliseText(c.text)).toBe(c.normalised);
    expect(tokens(c.text)).toEqual(c.tokens);
    expect(tokenIds(c.text)).toEqual(c.ids);
  });

  it('truncates at maxIds and pads with 0 and a zero mask', () => {
    const long = fixture.cases.find((c) => c.ids.length === fixture.maxIds);
    expect(long).toBeDefined();
    const encoded = encodeTexts(['', 'Hello world', long?.text ?? '']);
    const m = fixture.maxIds;
    expect(encoded.dims).toEqual([3, m]);
    expect(Array.from(encoded.mask.subarray(0, m)).every((v) => v === 0)).toBe(true);
    expect(Array.from(encoded.mask.subarray(m, 2 * m)).filter((v) => v === 1)).toHaveLength(3);
    expect(Array.from(encoded.ids.subarray(m, m + 4), Number)).toEqual([
      ...tokenIds('Hello world'),
      0,
    ]);
    expect(Array.from(encoded.mask.subarray(2 * m)).every((v) => v === 1)).toBe(true);
  });

  it('lower-cases per code point, without the final-sigma context rule', () => {
    expect(tokens('ΟΔΥΣΣΕΥΣ')).toEqual(['οδυσσευσ']);
    expect(tokens('İ')).toEqual(['i\u0307']);
  });
});
