"""Writes test/fixtures/tokenizer-parity.json: texts and the ids the reference tokenizer
gives them, for the TypeScript port (test/core/models/tokenizer-parity.test.ts).

Run: /usr/bin/python3 training/tests/make_tokenizer_fixture.py [OUT]
Deterministic: re-running gives the same file (test_tokenizer checks it is up to date).
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toe_training import tokenizer  # noqa: E402

FIXTURE = Path(__file__).resolve().parents[2] / "test/fixtures/tokenizer-parity.json"

HAND_WRITTEN = [
    "",
    "   \t\n  ",
    "...;;--!!",
    "Hello world",
    "Worsening bilateral alveolar edema. New large right pleural effusion.",
    "IMPRESSION: 1. No acute cardiopulmonary process. 2. ET tube 3.5 cm above the carina.",
    "Café naïve résumé coöperate — déjà vu",
    "e\u0301 vs \u00e9 (NFD vs NFC)",  # combining acute composes under NFKC
    "ﬁbrosis ﬂuid ﬀ ﬃ ﬄ",  # ligatures split under NFKC
    "Ｆｕｌｌ－ｗｉｄｔｈ　ＣＴ　１２３　ｍｍ",  # full-width letters, digits, ideographic space
    "Straße STRASSE ẞ",  # ß stays ß; capital ẞ lower-cases to ß
    "İstanbul IĞDIR ıi İİ",  # Turkish dotted/dotless I: İ -> i + U+0307
    "ΟΔΥΣΣΕΥΣ Σ ΣΑΣ ας",  # final sigma: per code point Σ -> σ always
    "日本語の報告書 胸部X線 肺炎の疑い",
    "한국어 흉부 엑스레이 가",  # Hangul syllables and conjoining jamo (NFKC composes)
    "Пневмония справа, ЭКГ без изменений",
    "Ελληνικά ΚΕΦΑΛΑΙΑ",
    "עִבְרִית עם ניקוד",  # Hebrew points are marks
    "العربية: التهاب رئوي",
    "हिन्दी रिपोर्ट निमोनिया",  # Devanagari vowel signs are marks
    "ภาษาไทย ปอดบวม",
    "emoji 😀 🫁 ❤️ 👍🏽 1️⃣ 👨‍⚕️ done",
    "x² m³ ½ ¼ ① ⑫ Ⅻ ㎏ ㎖ ℃ №5",  # NFKC compatibility folding
    "Ω Ω K Å ſ ǅ Ǆ ǆ",  # Ohm/Kelvin/Angstrom signs, long s, titlecase digraphs
    "𝐁𝐨𝐥𝐝 𝕯𝖔𝖚𝖇𝖑𝖊 𝟏𝟐𝟑",  # mathematical alphanumerics fold to ASCII
    "Ꭰꭰ ᏸ Ა ა",  # Cherokee and Georgian case pairs
    "tab\tseparated\u00a0nbsp\u2009thin\u200bzwsp\u00adsoft\u2028line",
    "a-b_c/d\\e|f+g=h@i#j$k%l^m&n*o(p)q[r]s{t}u<v>w~x`y'z\"",
    "under_score snake_case camelCase PascalCase",
    "123 4.56 7,890 0x1F 1e-5 −3",
    "ＡＢＣ ＡＢＣ abc ABC",
    "repeated repeated repeated repeated",
    "Ǳ ǲ ǳ Ĳ ĳ Ŀ ŉ",
]


def random_texts(count: int, seed: int = 20240611) -> list[str]:
    """Seeded random strings over many scripts; only code points assigned in Unicode 14."""
    ranges = [(0x20, 0x7E), (0xA0, 0x17F), (0x300, 0x36F), (0x370, 0x3FF), (0x400, 0x4FF), (0x5D0, 0x5EA),
              (0x900, 0x97F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x2150, 0x218B), (0x2460, 0x24FF),
              (0x3040, 0x30FF), (0x3300, 0x33FF), (0x4E00, 0x4FFF), (0xAC00, 0xAD00), (0xFB00, 0xFB4F),
              (0xFF01, 0xFF5E), (0x1D400, 0x1D7FF), (0x1F300, 0x1F64F)]
    rng = np.random.Generator(np.random.PCG64(seed))
    texts = []
    for _ in range(count):
        chars = []
        for _ in range(int(rng.integers(1, 60))):
            if rng.random() < 0.25:
                chars.append(" ")
                continue
            lo, hi = ranges[int(rng.integers(len(ranges)))]
            cp = int(rng.integers(lo, hi + 1))
            if unicodedata.category(chr(cp)) not in ("Cn", "Cs"):
                chars.append(chr(cp))
        texts.append("".join(chars))
    return texts


def long_text() -> str:
    """More than maxIds features: exercises truncation."""
    words = [f"word{i} Wörter{i % 7}" for i in range(200)]
    return " ".join(words)


def build() -> dict[str, object]:
    texts = HAND_WRITTEN + [long_text()] + random_texts(150)
    return {
        "kind": tokenizer.TOKENIZER_KIND,
        "buckets": tokenizer.BUCKETS,
        "maxIds": tokenizer.MAX_IDS,
        "referenceUnicodeVersion": unicodedata.unidata_version,
        "generatedBy": "training/tests/make_tokenizer_fixture.py",
        "fnv1a32": [{"input": s, "hash": tokenizer.fnv1a32(s.encode("utf-8"))} for s in ["", "a", "foobar", "i̇", "日本", "😀"]],
        "cases": [
            {"text": t, "normalised": tokenizer.normalise(t), "tokens": tokenizer.tokens(t), "ids": tokenizer.token_ids(t)}
            for t in texts
        ],
    }


def render() -> str:
    return json.dumps(build(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURE
    out.write_text(render(), encoding="utf-8")
    print(f"wrote {out}")
