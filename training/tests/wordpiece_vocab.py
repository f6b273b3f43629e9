"""A small, deterministic WordPiece vocabulary for tests: the parity fixture
(make_wordpiece_fixture.py) and the tiny test BERT (make_tiny_bert.py) share it.

Built from a fixed list of frequent words of the demo cohort's notes plus single
characters, "##" continuations, common clinical prefixes and suffixes, and a few cased,
accented, Greek, Cyrillic, CJK, full-width and emoji entries, so that every branch of
the tokenizer (whole words, greedy splits, [UNK], cased and uncased matches) is hit.
The list is written out rather than read from the demo generator's source, so editing
the generator never changes the fixtures.
"""

from __future__ import annotations

SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]

# Frequent words of the demo notes (radiology reports, indications), lower-case.
DEMO_WORDS = """
the no right is in with left pulmonary of edema acute and metastatic for lung lobe pneumonia
bilateral post pleural opacity moderate consolidation chest tube trauma to mass intracranial
hemorrhage effusion atelectasis unknown side process pneumothorax cm bleed respiratory possible
mild from cardiac are small heart evaluate definite active stroke rate radiograph other nodules
lower large interval consistent size prior overdose opacities jugular into internal infection
findings an abdominal upper tip there support sepsis normal lesion head finding endotracheal
devices concerning cardiopulmonary cardiomegaly cancer without urinary temperature shock reflect
portable none multiple known infarct fracture excluded disease contrast compatible clinical
cirrhosis chronic carina vascular unchanged terminates subclavian study stomach severe seen
renal recommended position placement patient observation not new multifocal may lungs lobes
liver likely lesions parenchymal interstitial increased history focal fluid frontal evidence
enlarged early diffuse comparison catheter clear changes care congestion collection dense
alveolar airspace air again admission improved impression indication examination worsening
worsened stable progressed decreased standard approximately enteric orogastric nasogastric
central venous line ends junction seen pigtail engorgement frank haziness perihilar markings
patchy subtle aspiration infection excluded osseous structures intact lines tubes base bases
""".split()

# Cased and non-ASCII entries, for the lowercase=False and stripAccents=False paths.
EXTRA_WORDS = [
    "The", "No", "CT", "ICU", "Edema", "IMPRESSION", "FINDINGS", "ARDS", "SVC", "ET",
    "café", "naïve", "résumé", "déjà", "straße", "über", "niño", "façade", "coöperate",
    "οδυσσευς", "ας", "σ", "ς", "α", "пневмония", "справа", "экг",
    "日", "本", "語", "胸", "部", "肺", "炎", "報", "告", "書", "線", "疑",
    "の", "ｃｔ", "😀", "❤", "—", "–", "…", "«", "»", "¿", "¡", "、", "。", "「", "」", "°",
]

PREFIXES = ["pneumo", "cardio", "hyper", "hypo", "peri", "intra", "extra", "sub", "pre", "anti",
            "bronch", "gastro", "neuro", "hemo", "thrombo", "tachy", "brady"]
SUFFIXES = ["s", "es", "ed", "ing", "ly", "al", "ation", "ity", "ic", "ous", "ment", "ness", "ary", "ia",
            "itis", "osis", "ectomy", "emia", "pathy", "gram", "cardia", "thorax", "monia", "ectasis"]
SINGLE = (
    [chr(c) for c in range(ord("a"), ord("z") + 1)]
    + [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    + [str(d) for d in range(10)]
    + ["é", "è", "ê", "ë", "ï", "ü", "ö", "ä", "ß", "ñ", "ç", "α", "σ", "ς", "ι", "ı"]
)
PUNCTUATION = [chr(c) for r in ((33, 47), (58, 64), (91, 96), (123, 126)) for c in range(r[0], r[1] + 1)]


def vocab_tokens() -> list[str]:
    """The vocabulary in id order (id = index); no duplicates."""
    ordered = (
        SPECIAL
        + PUNCTUATION
        + SINGLE
        + ["##" + ch for ch in SINGLE]
        + DEMO_WORDS
        + EXTRA_WORDS
        + PREFIXES
        + ["##" + s for s in SUFFIXES]
        + ["##" + w for w in DEMO_WORDS[:40]]
    )
    seen: set[str] = set()
    out: list[str] = []
    for token in ordered:
        if token not in seen:
            seen.add(token)
            out.append(token)
    return out


def vocab_text() -> str:
    """vocab.txt contents: one token per line, newline terminated."""
    return "".join(f"{t}\n" for t in vocab_tokens())
