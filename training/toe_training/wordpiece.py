"""BERT's WordPiece tokenizer, for ONNX text encoders a hospital plugs in (a clinical BERT).

The TypeScript runtime (src/main/core/models/wordpiece-tokenizer.ts) is its twin, checked
against test/fixtures/wordpiece-parity.json. Behaviour is that of the original BERT
``tokenization.py`` (BasicTokenizer, then WordpieceTokenizer), written anew:

1. Clean: drop U+0000, U+FFFD and control characters (categories Cc, Cf, except tab,
   newline and carriage return); every whitespace character (those three, space, Zs)
   becomes a space.
2. Put spaces around CJK ideographs (the CJK Unified Ideograph blocks and compatibility
   ideographs), so each becomes its own token.
3. Split on whitespace (Python ``str.split()``). Per token: lower-case (whole-token
   ``str.lower()``, as BERT does) if ``lowercase``; strip accents (NFD, then drop
   non-spacing marks, Mn) if ``strip_accents``; split off every punctuation character
   (ASCII 33-47, 58-64, 91-96, 123-126, or any Unicode P* category) as its own token.
4. WordPiece each token: greedy longest match first against the vocabulary, continuation
   pieces prefixed "##"; a token longer than ``max_input_chars_per_word`` code points, or
   one that cannot be covered, becomes the unknown token.
5. [CLS] pieces [SEP], the pieces truncated so the whole fits ``max_length``; padded with
   [PAD] to ``max_length`` (a fixed length, so a text's embedding never depends on the
   other texts of its batch); attention mask 1 for real tokens; token type ids all 0.

Lengths and slices count code points (Python ``str`` semantics), never UTF-16 units.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np

TOKENIZER_KIND = "wordpiece"
CONTINUATION = "##"
# Step 3 splits with Python's str.split(): after cleaning, that is on spaces and on U+2028 /
# U+2029, which survive step 1 (they are neither Zs nor control characters). The
# TypeScript twin splits on Python's whole whitespace set.
_CJK_RANGES = (
    (0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F),
)


@dataclass(frozen=True)
class WordpieceSpec:
    """The tokenizer parameters a bundle's manifest (and an encoder.json) records."""

    vocab_file: str = "vocab.txt"
    lowercase: bool = True
    strip_accents: bool = True
    max_length: int = 128
    max_input_chars_per_word: int = 100
    unk_token: str = "[UNK]"
    cls_token: str = "[CLS]"
    sep_token: str = "[SEP]"
    pad_token: str = "[PAD]"

    @staticmethod
    def from_json(raw: Mapping[str, Any]) -> "WordpieceSpec":
        """From the manifest/encoder.json form; stripAccents defaults to lowercase (as in BERT)."""
        if raw.get("kind") != TOKENIZER_KIND:
            raise ValueError(f"tokenizer kind must be {TOKENIZER_KIND!r}, got {raw.get('kind')!r}")
        lowercase = bool(raw.get("lowercase", True))
        spec = WordpieceSpec(
            vocab_file=str(raw.get("vocabFile", "vocab.txt")),
            lowercase=lowercase,
            strip_accents=bool(raw.get("stripAccents", lowercase)),
            max_length=int(raw.get("maxLength", 128)),
            max_input_chars_per_word=int(raw.get("maxInputCharsPerWord", 100)),
            unk_token=str(raw.get("unkToken", "[UNK]")),
            cls_token=str(raw.get("clsToken", "[CLS]")),
            sep_token=str(raw.get("sepToken", "[SEP]")),
            pad_token=str(raw.get("padToken", "[PAD]")),
        )
        if spec.max_length < 2:
            raise ValueError("maxLength must be at least 2 ([CLS] and [SEP])")
        if spec.max_input_chars_per_word < 1:
            raise ValueError("maxInputCharsPerWord must be at least 1")
        return spec

    def to_json(self) -> dict[str, object]:
        """Every parameter explicit, as the manifest records it."""
        return {
            "kind": TOKENIZER_KIND,
            "vocabFile": self.vocab_file,
            "lowercase": self.lowercase,
            "stripAccents": self.strip_accents,
            "maxLength": self.max_length,
            "maxInputCharsPerWord": self.max_input_chars_per_word,
            "unkToken": self.unk_token,
            "clsToken": self.cls_token,
            "sepToken": self.sep_token,
            "padToken": self.pad_token,
            "padding": "every text padded to maxLength",
            "tokenTypeIds": "all 0",
        }


def parse_vocab(text: str) -> dict[str, int]:
    """vocab.txt: one token per line, id = line number (0-based). Lines split on "\\n" only
    (a trailing "\\r" is dropped), and a final newline does not start another token. A
    token listed twice keeps its last line, as BERT's loader does."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return {line[:-1] if line.endswith("\r") else line: i for i, line in enumerate(lines)}


def _is_control(ch: str) -> bool:
    return ch not in "\t\n\r" and unicodedata.category(ch) in ("Cc", "Cf")


def _is_whitespace(ch: str) -> bool:
    return ch in " \t\n\r" or unicodedata.category(ch) == "Zs"


def _is_punctuation(ch: str) -> bool:
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _is_cjk(ch: str) -> bool:
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _CJK_RANGES)


def clean_text(text: str) -> str:
    """Step 1 and 2: invalid and control characters dropped, whitespace to spaces, CJK spaced."""
    out: list[str] = []
    for ch in text:
        if ch in ("\0", "\ufffd") or _is_control(ch):
            continue
        if _is_whitespace(ch):
            out.append(" ")
        elif _is_cjk(ch):
            out.append(f" {ch} ")
        else:
            out.append(ch)
    return "".join(out)


def strip_accents(token: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFD", token) if unicodedata.category(ch) != "Mn")


def split_punctuation(token: str) -> list[str]:
    """Each punctuation character alone; the runs between them kept whole."""
    out: list[str] = []
    current: list[str] = []
    for ch in token:
        if _is_punctuation(ch):
            if current:
                out.append("".join(current))
                current = []
            out.append(ch)
        else:
            current.append(ch)
    if current:
        out.append("".join(current))
    return out


def basic_tokens(text: str, spec: WordpieceSpec) -> list[str]:
    """Steps 1-3: the words and punctuation marks WordPiece then splits."""
    out: list[str] = []
    for token in clean_text(text).split():
        if spec.lowercase:
            token = token.lower()
        if spec.strip_accents:
            token = strip_accents(token)
        out.extend(split_punctuation(token))
    # BERT re-splits the joined result on whitespace: that only drops tokens emptied by
    # accent stripping (a word of lone combining marks).
    return [t for t in out if t]


def wordpieces(token: str, vocab: Mapping[str, int], spec: WordpieceSpec) -> list[str]:
    """Step 4 for one token: greedy longest match first, else [the unknown token]."""
    chars = list(token)  # code points
    if len(chars) > spec.max_input_chars_per_word:
        return [spec.unk_token]
    pieces: list[str] = []
    start = 0
    while start < len(chars):
        end = len(chars)
        found = None
        while start < end:
            piece = "".join(chars[start:end])
            if start > 0:
                piece = CONTINUATION + piece
            if piece in vocab:
                found = piece
                break
            end -= 1
        if found is None:
            return [spec.unk_token]
        pieces.append(found)
        start = end
    return pieces


class WordpieceTokenizer:
    """A vocabulary and a spec: text -> pieces -> ids with [CLS]/[SEP], padded batches."""

    def __init__(self, vocab: Mapping[str, int], spec: WordpieceSpec) -> None:
        missing = [t for t in (spec.unk_token, spec.cls_token, spec.sep_token, spec.pad_token) if t not in vocab]
        if missing:
            raise ValueError(f"the vocabulary has no {', '.join(missing)}")
        self.vocab = dict(vocab)
        self.spec = spec

    def tokens(self, text: str) -> list[str]:
        """Every word piece of the text, before truncation and special tokens."""
        return [p for t in basic_tokens(text, self.spec) for p in wordpieces(t, self.vocab, self.spec)]

    def ids(self, text: str) -> list[int]:
        """[CLS] pieces [SEP] as ids, truncated to max_length, unpadded."""
        s = self.spec
        pieces = self.tokens(text)[: s.max_length - 2]
        return [self.vocab[s.cls_token], *(self.vocab[p] for p in pieces), self.vocab[s.sep_token]]

    def encode_batch(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """int64 input_ids, attention_mask and token_type_ids, each [len(texts), max_length]."""
        n, length = len(texts), self.spec.max_length
        ids = np.full((n, length), self.vocab[self.spec.pad_token], dtype=np.int64)
        mask = np.zeros((n, length), dtype=np.int64)
        for row, text in enumerate(texts):
            row_ids = self.ids(text)
            ids[row, : len(row_ids)] = row_ids
            mask[row, : len(row_ids)] = 1
        return ids, mask, np.zeros((n, length), dtype=np.int64)
