/**
 * BERT's WordPiece tokenizer, for ONNX text encoders a hospital plugs in (a clinical BERT).
 * The twin of training/toe_training/wordpiece.py, checked against
 * test/fixtures/wordpiece-parity.json. The rule (docs/model-bundle.md, "Tokenizer
 * wordpiece"), that of the original BERT tokenization.py:
 *
 * 1. Clean: drop U+0000, U+FFFD and control characters (Cc, Cf; not tab, newline, carriage
 *    return); whitespace (those three, space, Zs) becomes a space.
 * 2. Spaces around CJK ideographs, so each is a token of its own.
 * 3. Split on whitespace; per token lower-case (whole token, as Python's str.lower()), strip
 *    accents (NFD, drop Mn), split off every punctuation character (ASCII 33-47, 58-64,
 *    91-96, 123-126, or \p{P}).
 * 4. WordPiece: greedy longest match first, "##" continuation; a token longer than
 *    maxInputCharsPerWord code points, or not coverable, becomes the unknown token.
 * 5. [CLS] pieces [SEP], truncated to maxLength, padded with [PAD] to maxLength; attention
 *    mask 1 on real tokens; token type ids 0.
 *
 * Lengths and slices count code points, as Python's str does, never UTF-16 units.
 */

export const WORDPIECE_KIND = 'wordpiece';
const CONTINUATION = '##';

export interface WordpieceSpec {
  lowercase: boolean;
  stripAccents: boolean;
  /** Ids per text including [CLS] and [SEP]; every text is padded to it. */
  maxLength: number;
  maxInputCharsPerWord: number;
  unkToken: string;
  clsToken: string;
  sepToken: string;
  padToken: string;
}

export const DEFAULT_WORDPIECE_SPEC: WordpieceSpec = {
  lowercase: true,
  stripAccents: true,
  maxLength: 128,
  maxInputCharsPerWord: 100,
  unkToken: '[UNK]',
  clsToken: '[CLS]',
  sepToken: '[SEP]',
  padToken: '[PAD]',
};

const CONTROL = /^[\p{Cc}\p{Cf}]$/u;
const SPACE_SEPARATOR = /^\p{Zs}$/u;
const PUNCTUATION = /^\p{P}$/u;
const NON_SPACING_MARK = /\p{Mn}/gu;
/**
 * Python's str.split() whitespace (str.isspace(): bidirectional WS, B, S, or Zs). After
 * cleaning only the space, U+2028 and U+2029 can remain, but the full set keeps the split
 * identical whatever step 1 lets through.
 */
const PYTHON_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001,
  0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f,
  0x205f, 0x3000,
]);

const CJK_RANGES: readonly (readonly [number, number])[] = [
  [0x4e00, 0x9fff],
  [0x3400, 0x4dbf],
  [0x20000, 0x2a6df],
  [0x2a700, 0x2b73f],
  [0x2b740, 0x2b81f],
  [0x2b820, 0x2ceaf],
  [0xf900, 0xfaff],
  [0x2f800, 0x2fa1f],
];

/**
 * vocab.txt: one token per line, id = line number (0-based). Lines split on "\n" only (a
 * trailing "\r" dropped); a final newline starts no token; a repeated token keeps its last
 * line, as BERT's loader does.
 */
export function parseVocab(text: string): Map<string, number> {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const vocab = new Map<string, number>();
  lines.forEach((line, id) => vocab.set(line.endsWith('\r') ? line.slice(0, -1) : line, id));
  return vocab;
}

/**
 * vocab.txt's bytes as a vocabulary. Strict UTF-8: a file in another encoding would map
 * tokens to the wrong ids silently. A byte-order mark is kept in the first token, as
 * Python's decode keeps it (so both refuse such a file alike: its first token is not found).
 */
export function readVocab(bytes: Uint8Array): Map<string, number> {
  return parseVocab(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
}

function isControl(ch: string): boolean {
  return ch !== '\t' && ch !== '\n' && ch !== '\r' && CONTROL.test(ch);
}

function isWhitespace(ch: string): boolean {
  return ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || SPACE_SEPARATOR.test(ch);
}

function isPunctuation(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  const ascii =
    (cp >= 33 && cp <= 47) ||
    (cp >= 58 && cp <= 64) ||
    (cp >= 91 && cp <= 96) ||
    (cp >= 123 && cp <= 126);
  return ascii || PUNCTUATION.test(ch);
}

function isCjk(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return CJK_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi);
}

/** Steps 1 and 2. */
export function cleanText(text: string): string {
  let out = '';
  // for..of walks code points: an astral character is tested as one unit.
  for (const ch of text) {
    if (ch === '\0' || ch === '\ufffd' || isControl(ch)) continue;
    if (isWhitespace(ch)) out += ' ';
    else if (isCjk(ch)) out += ` ${ch} `;
    else out += ch;
  }
  return out;
}

function splitWhitespace(text: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const ch of text) {
    if (!PYTHON_WHITESPACE.has(ch.codePointAt(0)!)) {
      current += ch;
      continue;
    }
    if (current !== '') out.push(current);
    current = '';
  }
  if (current !== '') out.push(current);
  return out;
}

export function stripAccents(token: string): string {
  return token.normalize('NFD').replace(NON_SPACING_MARK, '');
}

/** Each punctuation character alone; the runs between them kept whole. */
export function splitPunctuation(token: string): string[] {
  const out: string[] = [];
  let current = '';
  for (const ch of token) {
    if (!isPunctuation(ch)) {
      current += ch;
      continue;
    }
    if (current !== '') out.push(current);
    current = '';
    out.push(ch);
  }
  if (current !== '') out.push(current);
  return out;
}

/** Steps 1-3: the words and punctuation marks WordPiece then splits. */
export function basicTokens(text: string, spec: WordpieceSpec): string[] {
  const out: string[] = [];
  for (const word of splitWhitespace(cleanText(text))) {
    let token = spec.lowercase ? word.toLowerCase() : word;
    if (spec.stripAccents) token = stripAccents(token);
    // Accent stripping can empty a word of lone combining marks: BERT drops it.
    out.push(...splitPunctuation(token).filter((t) => t !== ''));
  }
  return out;
}

/** Step 4 for one token: greedy longest match first, else [the unknown token]. */
export function wordpieces(
  token: string,
  vocab: ReadonlyMap<string, number>,
  spec: WordpieceSpec,
): string[] {
  const chars = Array.from(token); // code points
  if (chars.length > spec.maxInputCharsPerWord) return [spec.unkToken];
  const pieces: string[] = [];
  let start = 0;
  while (start < chars.length) {
    let end = chars.length;
    let found: string | null = null;
    while (start < end) {
      const piece = (start > 0 ? CONTINUATION : '') + chars.slice(start, end).join('');
      if (vocab.has(piece)) {
        found = piece;
        break;
      }
      end--;
    }
    if (found === null) return [spec.unkToken];
    pieces.push(found);
    start = end;
  }
  return pieces;
}

/** Padded model inputs, row-major [texts, maxLength], int64 as the encoder takes them. */
export interface WordpieceBatch {
  inputIds: BigInt64Array;
  attentionMask: BigInt64Array;
  tokenTypeIds: BigInt64Array;
  dims: [number, number];
}

export class WordpieceTokenizer {
  private readonly special: { unk: number; cls: number; sep: number; pad: number };

  constructor(
    readonly vocab: ReadonlyMap<string, number>,
    readonly spec: WordpieceSpec,
  ) {
    const id = (token: string): number | undefined => vocab.get(token);
    const missing = [spec.unkToken, spec.clsToken, spec.sepToken, spec.padToken].filter(
      (t) => id(t) === undefined,
    );
    if (missing.length > 0) throw new Error(`the vocabulary has no ${missing.join(', ')}`);
    this.special = {
      unk: id(spec.unkToken)!,
      cls: id(spec.clsToken)!,
      sep: id(spec.sepToken)!,
      pad: id(spec.padToken)!,
    };
  }

  /** Every word piece of the text, before truncation and special tokens. */
  tokens(text: string): string[] {
    return basicTokens(text, this.spec).flatMap((t) => wordpieces(t, this.vocab, this.spec));
  }

  /** [CLS] pieces [SEP] as ids, truncated to maxLength, unpadded. */
  ids(text: string): number[] {
    const pieces = this.tokens(text).slice(0, this.spec.maxLength - 2);
    const { cls, sep, unk } = this.special;
    return [cls, ...pieces.map((p) => this.vocab.get(p) ?? unk), sep];
  }

  encodeBatch(texts: readonly string[]): WordpieceBatch {
    const length = this.spec.maxLength;
    const inputIds = new BigInt64Array(texts.length * length).fill(BigInt(this.special.pad));
    const attentionMask = new BigInt64Array(texts.length * length);
    texts.forEach((text, row) => {
      this.ids(text).forEach((id, col) => {
        inputIds[row * length + col] = BigInt(id);
        attentionMask[row * length + col] = 1n;
      });
    });
    return {
      inputIds,
      attentionMask,
      tokenTypeIds: new BigInt64Array(texts.length * length),
      dims: [texts.length, length],
    };
  }
}
