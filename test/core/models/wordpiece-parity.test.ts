import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  basicTokens,
  parseVocab,
  WORDPIECE_KIND,
  WordpieceTokenizer,
  type WordpieceSpec,
} from '../../../src/main/core/models/wordpiece-tokenizer';
import { wordpieceSpecFromJson } from '../../../src/main/core/models/text-encoder-spec';

// Written by training/tests/make_wordpiece_fixture.py from the Python twin
// (training/toe_training/wordpiece.py).
interface Fixture {
  kind: string;
  vocab: string[];
  specs: Record<string, Record<string, unknown>>;
  cases: { text: string; results: Record<string, { basic: string[]; ids: number[] }> }[];
}

const fixture = JSON.parse(
  readFileSync(new URL('../../fixtures/wordpiece-parity.json', import.meta.url), 'utf8'),
) as Fixture;

// Through the vocab.txt parser, as a bundle's vocabulary is read (CRLF lines included).
const vocab = parseVocab(
  fixture.vocab.map((t, i) => (i % 7 === 3 ? `${t}\r\n` : `${t}\n`)).join(''),
);
const specs: [string, WordpieceSpec][] = Object.entries(fixture.specs).map(([name, raw]) => [
  name,
  wordpieceSpecFromJson(raw),
]);
const tokenizers = new Map(
  specs.map(([name, spec]) => [name, new WordpieceTokenizer(vocab, spec)]),
);

describe('WordPiece tokenizer matches the Python twin', () => {
  it('reads the fixture’s vocabulary and specs', () => {
    expect(fixture.kind).toBe(WORDPIECE_KIND);
    expect(vocab.size).toBe(fixture.vocab.length);
    fixture.vocab.forEach((token, id) => expect(vocab.get(token)).toBe(id));
    expect(specs.map(([name]) => name)).toEqual([
      'uncased',
      'cased',
      'lowercase-keep-accents',
      'strip-accents-only',
    ]);
    expect(fixture.cases.length).toBeGreaterThanOrEqual(150);
  });

  it.each(fixture.cases.map((c, i) => [i, c] as const))('case %i', (_i, c) => {
    for (const [name, spec] of specs) {
      const want = c.results[name]!;
      expect(basicTokens(c.text, spec), name).toEqual(want.basic);
      expect(tokenizers.get(name)!.ids(c.text), name).toEqual(want.ids);
    }
  });

  it('pads every text to maxLength with [PAD], mask 1 on real tokens, type ids 0', () => {
    const tokenizer = tokenizers.get('lowercase-keep-accents')!;
    const texts = ['', 'Bilateral pleural effusion.', 'word '.repeat(100)];
    const batch = tokenizer.encodeBatch(texts);
    const length = tokenizer.spec.maxLength;
    expect(batch.dims).toEqual([3, length]);
    texts.forEach((text, row) => {
      const ids = tokenizer.ids(text);
      const rowIds = Array.from(batch.inputIds.subarray(row * length, (row + 1) * length), Number);
      const mask = Array.from(
        batch.attentionMask.subarray(row * length, (row + 1) * length),
        Number,
      );
      expect(rowIds).toEqual([
        ...ids,
        ...Array<number>(length - ids.length).fill(vocab.get('[PAD]')!),
      ]);
      expect(mask).toEqual(rowIds.map((_, col) => (col < ids.length ? 1 : 0)));
    });
    expect(tokenizer.ids(texts[2]!)).toHaveLength(length);
    expect(Array.from(batch.tokenTypeIds).every((v) => v === 0n)).toBe(true);
  });

  it('splits unknown words into greedy longest-match pieces', () => {
    const tokenizer = tokenizers.get('uncased')!;
    expect(tokenizer.tokens('Cardiothoraxes')).toEqual(['cardio', '##thorax', '##es']);
    expect(tokenizer.tokens('Pneumothoraxes')).toEqual(['pneumothorax', '##es']);
    expect(tokenizer.tokens('a'.repeat(101))).toEqual(['[UNK]']);
  });

  it('refuses a vocabulary without its special tokens', () => {
    expect(() => new WordpieceTokenizer(parseVocab('[PAD]\n[UNK]\nword\n'), specs[0]![1])).toThrow(
      /no \[CLS\], \[SEP\]/,
    );
  });
});
