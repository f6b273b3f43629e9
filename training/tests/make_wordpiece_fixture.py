"""Writes test/fixtures/wordpiece-parity.json: a small vocabulary, four tokenizer specs and
texts with the basic tokens and ids the Python WordPiece tokenizer gives them, for the
TypeScript twin (test/core/models/wordpiece-parity.test.ts).

Run: /usr/bin/python3 training/tests/make_wordpiece_fixture.py [OUT]
Deterministic: re-running gives the same file (test_wordpiece checks it is up to date).
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.make_tokenizer_fixture import HAND_WRITTEN  # noqa: E402
from tests.wordpiece_vocab import vocab_text, vocab_tokens  # noqa: E402
from toe_training.wordpiece import WordpieceSpec, WordpieceTokenizer, basic_tokens, parse_vocab  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[2] / "test/fixtures/wordpiece-parity.json"

SPECS = {
    "uncased": WordpieceSpec(lowercase=True, strip_accents=True, max_length=64),
    "cased": WordpieceSpec(lowercase=False, strip_accents=False, max_length=64),
    "lowercase-keep-accents": WordpieceSpec(lowercase=True, strip_accents=False, max_length=24,
                                            max_input_chars_per_word=20),
    "strip-accents-only": WordpieceSpec(lowercase=False, strip_accents=True, max_length=512),
}

# Cases aimed at WordPiece's own rules, on top of the hash tokenizer's unicode texts.
WORDPIECE_CASES = [
    " ",
    "\t\n\r",
    "a\x00b\x01c\x7fd\ufffde",  # NUL, controls and U+FFFD vanish
    "zero\u200bwidth\u200djoiner\ufeffbom\u00adsoft",  # Cf characters vanish, joining words
    "line\u2028sep\u2029para\x85nel",  # U+2028/9 split words; U+0085 is a control
    "\u00a0nbsp\u3000ideographic\u2003em\u202fnarrow",  # Zs become spaces
    "\u0301\u0302 a\u0301 e\u0301\u0323 o\u0308",  # lone and stacked combining marks
    "!!!???...--- ;;;",
    "(a)[b]{c}<d> \"q\" 'r'",
    "¿Qué? ¡Sí! «quoted» “curly” ‘single’ a—b–c…d",
    "$5 ^2 `x` ~y |z| +1 =2 <3>",  # ASCII symbols count as punctuation for BERT
    "snake_case e-mail@domain.com http://x.y/z?q=1&r=2",
    "a" * 100,  # exactly the word limit
    "a" * 101,  # one over: [UNK]
    "pneumonia" * 12,
    "x" * 99 + "😀",  # 100 code points, 101 UTF-16 units: still within the limit
    "😀" * 101,
    "[CLS] [SEP] [PAD] [UNK] [MASK] literal specials",
    "pneumothoraces cardiomegalies hyperemia unaffable bronchiectasis gastroenteritis",
    "tachycardia bradycardia subclavian intraparenchymal perihilar",
    "The ICU CT showed ARDS; No Edema. IMPRESSION: FINDINGS as above.",
    "CAFÉ NAÏVE RÉSUMÉ ÜBER STRASSE Straße façade NIÑO",
    "ΟΔΥΣΣΕΥΣ ΑΣ. Σ ΣΑΣ ας σς",
    "İstanbul ISTANBUL ıi İİ",
    "日本語の報告書：胸部Ｘ線で肺炎の疑い。",
    "漢字かな交じり文 中文，测试！",
    "𠀀𠀁 ext-B and 豈更 compatibility ideographs",
    "흉부 엑스레이 가",
    "ＣＴ　１２３　ｍｍ ｃｔ Ｃｔ",
    "😀 👍🏽 👨‍⚕️ 1️⃣ ❤️ 🫁 ok",
    "3.5 cm, 12/24, 1e-5, 10,000 and −3 °C",
    "Пневмония справа, ЭКГ без изменений",
    "no-space,punctuation;between.words!really?",
]


def random_texts(count: int, seed: int = 20240612) -> list[str]:
    """Seeded texts mixing vocabulary words (random case) with code points from many blocks,
    controls and format characters included; only code points assigned in Unicode 14."""
    words = [t for t in vocab_tokens() if not t.startswith("[") and not t.startswith("##")]
    ranges = [(0x00, 0x1F), (0x20, 0x7E), (0x7F, 0x9F), (0xA0, 0x17F), (0x300, 0x36F), (0x370, 0x3FF),
              (0x400, 0x4FF), (0x900, 0x97F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x3000, 0x30FF),
              (0x4E00, 0x4FFF), (0xAC00, 0xAD00), (0xF900, 0xFAFF), (0xFF01, 0xFF5E), (0x1F300, 0x1F64F),
              (0x20000, 0x2000F)]
    rng = np.random.Generator(np.random.PCG64(seed))
    texts = []
    for _ in range(count):
        parts: list[str] = []
        for _ in range(int(rng.integers(1, 25))):
            roll = rng.random()
            if roll < 0.45:
                word = str(words[int(rng.integers(len(words)))])
                parts.append(word.upper() if rng.random() < 0.2 else word)
            elif roll < 0.6:
                parts.append(" ")
            else:
                lo, hi = ranges[int(rng.integers(len(ranges)))]
                cp = int(rng.integers(lo, hi + 1))
                if unicodedata.category(chr(cp)) not in ("Cn", "Cs"):
                    parts.append(chr(cp))
        texts.append("".join(parts))
    return texts


def long_text() -> str:
    """Far more pieces than any spec's maxLength: exercises truncation."""
    return " ".join(f"bilateral pneumothorax{i} CAFÉ" for i in range(120))


def texts() -> list[str]:
    return ["", *HAND_WRITTEN[1:], *WORDPIECE_CASES, long_text(), *random_texts(150)]


def build() -> dict[str, object]:
    vocab = parse_vocab(vocab_text())
    tokenizers = {name: WordpieceTokenizer(vocab, spec) for name, spec in SPECS.items()}
    return {
        "kind": "wordpiece",
        "generatedBy": "training/tests/make_wordpiece_fixture.py",
        "referenceUnicodeVersion": unicodedata.unidata_version,
        "vocab": vocab_tokens(),
        "specs": {name: spec.to_json() for name, spec in SPECS.items()},
        "cases": [
            {
                "text": t,
                "results": {
                    name: {"basic": basic_tokens(t, tok.spec), "ids": tok.ids(t)}
                    for name, tok in tokenizers.items()
                },
            }
            for t in texts()
        ],
    }


def render() -> str:
    """Indented header, then one case per line: readable diffs at a fraction of the size."""
    data = build()
    cases = data.pop("cases")
    head = json.dumps(data, ensure_ascii=False, indent=1)[:-2]
    body = ",\n".join("  " + json.dumps(c, ensure_ascii=False) for c in cases)
    return f"{head},\n \"cases\": [\n{body}\n ]\n}}\n"


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURE
    out.write_text(render(), encoding="utf-8")
    print(f"wrote {out}")
