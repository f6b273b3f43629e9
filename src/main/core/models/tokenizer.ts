/**
 * The "toe-hash-ngram-v1" tokenizer: note text -> hashed unigram/bigram ids for the bundle's
 * text encoder. A bit-identical port of training/toe_training/tokenizer.py, checked against
 * test/fixtures/tokenizer-parity.json. The rule (docs/model-bundle.md, "Tokenizer"):
 *
 * 1. Unicode NFKC.
 * 2. Lower-case each code point on its own (full mapping, no context). Whole-string
 *    `toLowerCase()` is context sensitive (final sigma: "ΑΣ" -> "ας"); per code point "Σ"
 *    is always "σ", exactly as Python's per-character `ch.lower()`.
 * 3. Tokens: maximal runs of letters, marks and numbers (\p{L}\p{M}\p{N}).
 * 4. Features: t0, t1, "t0 t1", t2, "t1 t2", ... (each unigram, then the bigram ending there).
 * 5. id = FNV-1a-32(UTF-8 bytes) mod buckets + 1 (0 is padding); keep the first maxIds.
 *
 * Code points assigned after Unicode 14.0 (the reference's database) may differ.
 */

export const TOKENIZER_KIND = 'toe-hash-ngram-v1';

export interface HashNgramSpec {
  /** Number of hash buckets; ids run from 1 to buckets. */
  buckets: number;
  /** Ids kept per text; the model input is padded to this length. */
  maxIds: number;
}

export const DEFAULT_HASH_NGRAM_SPEC: HashNgramSpec = { buckets: 8192, maxIds: 256 };

const TOKEN_RUN = /[\p{L}\p{M}\p{N}]+/gu;
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const utf8 = new TextEncoder();

/** Steps 1 and 2: NFKC, then per-code-point lower-casing. */
export function normaliseText(text: string): string {
  let out = '';
  // for..of walks code points, so each astral character is lower-cased as one unit.
  for (const ch of text.normalize('NFKC')) out += ch.toLowerCase();
  return out;
}

/** Step 3: the tokens of a text. */
export function tokens(text: string): string[] {
  return normaliseText(text).match(TOKEN_RUN) ?? [];
}

/** 32-bit FNV-1a over the UTF-8 bytes of a string. */
export function fnv1a32(value: string): number {
  let hash = FNV_OFFSET;
  for (const byte of utf8.encode(value)) {
    hash ^= byte;
    // Math.imul keeps the multiplication in 32 bits, as the definition wants.
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

/** Steps 4 and 5: the unpadded ids of one text (at most spec.maxIds). */
export function tokenIds(text: string, spec: HashNgramSpec = DEFAULT_HASH_NGRAM_SPEC): number[] {
  const toks = tokens(text);
  const ids: number[] = [];
  const push = (feature: string): void => {
    if (ids.length < spec.maxIds) ids.push((fnv1a32(feature) % spec.buckets) + 1);
  };
  for (let i = 0; i < toks.length && ids.length < spec.maxIds; i++) {
    const token = toks[i] as string;
    push(token);
    if (i > 0) push(`${toks[i - 1] as string} ${token}`);
  }
  return ids;
}

/** Padded model inputs for text_encoder.onnx: row-major [texts.length, maxIds]. */
export interface EncodedTexts {
  ids: BigInt64Array;
  mask: Float32Array;
  dims: [number, number];
}

export function encodeTexts(
  texts: readonly string[],
  spec: HashNgramSpec = DEFAULT_HASH_NGRAM_SPEC,
): EncodedTexts {
  const ids = new BigInt64Array(texts.length * spec.maxIds);
  const mask = new Float32Array(texts.length * spec.maxIds);
  texts.forEach((text, row) => {
    tokenIds(text, spec).forEach((id, col) => {
      ids[row * spec.maxIds + col] = BigInt(id);
      mask[row * spec.maxIds + col] = 1;
    });
  });
  return { ids, mask, dims: [texts.length, spec.maxIds] };
}
