"""The "toe-hash-ngram-v1" tokenizer: text -> hashed unigram/bigram ids.

The TypeScript runtime (src/main/core/models/tokenizer.ts) reimplements this bit for bit,
checked against test/fixtures/tokenizer-parity.json. The rule, in order:

1. Unicode NFKC normalisation of the whole text.
2. Lower-casing per code point, context free: each code point is replaced by its full
   lower-case mapping on its own (Python ``ch.lower()``, JavaScript
   ``String.fromCodePoint(cp).toLowerCase()``). Per code point because whole-string
   lower-casing is context sensitive in both languages (final sigma: "ΑΣ" -> "ας");
   per code point "Σ" always becomes "σ". "İ" (U+0130) becomes "i" + U+0307 in both.
3. Tokens: maximal runs of code points whose general category is a letter (L*), a mark
   (M*) or a number (N*). Marks are included (a documented extension of the plain
   letters/digits rule) so that words keep their combining marks: the U+0307 left by
   lower-casing "İ", Devanagari vowel signs, Hebrew points.
4. Features in this order: for token i = 0..n-1, the unigram ``t_i``, then (for i >= 1)
   the bigram ``t_{i-1} + " " + t_i``. Interleaving means truncation keeps a prefix of
   the text fully featurised.
5. Each feature: 32-bit FNV-1a over its UTF-8 bytes, id = (hash mod BUCKETS) + 1, so 0 is
   reserved for padding.
6. The first MAX_IDS ids are kept; the rest is dropped. Padded with 0 to MAX_IDS with a
   mask of 1.0 for real ids, 0.0 for padding.

Character classes and case mappings come from the implementation's Unicode database
(Python 3.11: Unicode 14.0). Only code points assigned after Unicode 14.0 may tokenize
differently between runtimes; clinical text does not use them.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import numpy as np

TOKENIZER_KIND = "toe-hash-ngram-v1"
BUCKETS = 8192
MAX_IDS = 256

FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193
_TOKEN_CATEGORIES = ("L", "M", "N")


def normalise(text: str) -> str:
    """NFKC, then per-code-point lower-casing (steps 1 and 2 of the rule)."""
    return "".join(ch.lower() for ch in unicodedata.normalize("NFKC", text))


def tokens(text: str) -> list[str]:
    """Maximal runs of letter/mark/number code points of the normalised text."""
    out: list[str] = []
    current: list[str] = []
    for ch in normalise(text):
        if unicodedata.category(ch)[0] in _TOKEN_CATEGORIES:
            current.append(ch)
        elif current:
            out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out


def features(text: str) -> list[str]:
    """Unigrams interleaved with bigrams: t0, t1, "t0 t1", t2, "t1 t2", ..."""
    toks = tokens(text)
    out: list[str] = []
    for i, tok in enumerate(toks):
        out.append(tok)
        if i > 0:
            out.append(f"{toks[i - 1]} {tok}")
    return out


def fnv1a32(data: bytes) -> int:
    """32-bit FNV-1a."""
    h = FNV_OFFSET
    for byte in data:
        h ^= byte
        h = (h * FNV_PRIME) & 0xFFFFFFFF
    return h


def feature_id(feature: str, buckets: int = BUCKETS) -> int:
    """Bucket id in 1..buckets of one feature string (0 is padding)."""
    return fnv1a32(feature.encode("utf-8")) % buckets + 1


def token_ids(text: str, buckets: int = BUCKETS, max_ids: int = MAX_IDS) -> list[int]:
    """The unpadded, truncated id list of one text."""
    return [feature_id(f, buckets) for f in features(text)[:max_ids]]


@dataclass(frozen=True)
class Encoded:
    """A batch of padded ids and their mask, ready for text_encoder.onnx."""

    ids: np.ndarray  # int64 [N, max_ids]
    mask: np.ndarray  # float32 [N, max_ids]


def encode_batch(texts: list[str], buckets: int = BUCKETS, max_ids: int = MAX_IDS) -> Encoded:
    """Tokenise texts into padded int64 ids and a float32 mask."""
    ids = np.zeros((len(texts), max_ids), dtype=np.int64)
    mask = np.zeros((len(texts), max_ids), dtype=np.float32)
    for row, text in enumerate(texts):
        row_ids = token_ids(text, buckets, max_ids)
        ids[row, : len(row_ids)] = row_ids
        mask[row, : len(row_ids)] = 1.0
    return Encoded(ids=ids, mask=mask)


def spec() -> dict[str, object]:
    """The manifest's description of this tokenizer."""
    return {
        "kind": TOKENIZER_KIND,
        "normalization": "NFKC",
        "lowercase": "per-code-point full lower-case mapping, context free",
        "tokenPattern": "[\\p{L}\\p{M}\\p{N}]+",
        "features": "unigrams interleaved with bigrams: t0, t1, 't0 t1', t2, 't1 t2', ...",
        "hash": "FNV-1a 32-bit over UTF-8 bytes",
        "buckets": BUCKETS,
        "idOffset": 1,
        "paddingId": 0,
        "maxIds": MAX_IDS,
        "truncation": "keep the first maxIds features",
        "unicodeVersionOfReference": unicodedata.unidata_version,
    }
