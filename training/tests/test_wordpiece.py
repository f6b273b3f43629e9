"""The WordPiece tokenizer (BERT's rule), its parity fixture for the TypeScript twin, and the
tiny test BERT folder being up to date."""

import json
import sys
import unittest
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import make_tiny_bert, make_wordpiece_fixture  # noqa: E402
from tests.wordpiece_vocab import vocab_text  # noqa: E402
from toe_training.wordpiece import WordpieceSpec, WordpieceTokenizer, basic_tokens, parse_vocab  # noqa: E402

UNCASED = WordpieceSpec(max_length=8)


class WordpieceTest(unittest.TestCase):
    tok: WordpieceTokenizer

    @classmethod
    def setUpClass(cls) -> None:
        cls.tok = WordpieceTokenizer(parse_vocab(vocab_text()), UNCASED)

    def test_basic_tokenizer(self) -> None:
        self.assertEqual(basic_tokens("Héllo, WORLD!", UNCASED), ["hello", ",", "world", "!"])
        self.assertEqual(basic_tokens("a\x00b\ufffdc\u200bd", UNCASED), ["abcd"])  # removed, not split
        self.assertEqual(basic_tokens("肺炎x", UNCASED), ["肺", "炎", "x"])  # CJK alone
        self.assertEqual(basic_tokens("$^`~", UNCASED), ["$", "^", "`", "~"])  # ASCII symbols split
        self.assertEqual(basic_tokens("\u0301 ok", UNCASED), ["ok"])  # a word of marks vanishes
        self.assertEqual(basic_tokens("Café", WordpieceSpec(lowercase=False, strip_accents=False)), ["Café"])

    def test_wordpiece_and_specials(self) -> None:
        self.assertEqual(self.tok.tokens("Cardiothoraxes"), ["cardio", "##thorax", "##es"])
        self.assertEqual(self.tok.tokens("a" * 101), ["[UNK]"])
        v = self.tok.vocab
        self.assertEqual(self.tok.ids("no"), [v["[CLS]"], v["no"], v["[SEP]"]])
        self.assertEqual(len(self.tok.ids("the " * 20)), 8)  # truncated to max_length
        ids, mask, types = self.tok.encode_batch(["", "no"])
        self.assertEqual(ids.shape, (2, 8))
        self.assertEqual(mask.sum(axis=1).tolist(), [2, 3])
        self.assertEqual(int(ids[0, 2]), v["[PAD]"])
        self.assertFalse(types.any())

    def test_vocab_file_rules(self) -> None:
        self.assertEqual(parse_vocab("a\r\nb\nb\n"), {"a": 0, "b": 2})  # CRLF; a repeat keeps its last line
        with self.assertRaisesRegex(ValueError, r"\[CLS\]"):
            WordpieceTokenizer(parse_vocab("[PAD]\n[UNK]\n[SEP]\n"), UNCASED)

    def test_fixture_is_up_to_date(self) -> None:
        self.assertEqual(
            make_wordpiece_fixture.FIXTURE.read_text(encoding="utf-8"), make_wordpiece_fixture.render(),
            "test/fixtures/wordpiece-parity.json is stale: run training/tests/make_wordpiece_fixture.py",
        )
        self.assertGreaterEqual(len(json.loads(make_wordpiece_fixture.render())["cases"]), 150)

    def test_tiny_bert_folder_is_up_to_date(self) -> None:
        folder, files = make_tiny_bert.FOLDER, make_tiny_bert.text_files()
        stale = "test/fixtures/tiny-bert is stale: run training/tests/make_tiny_bert.py"
        for name in ("vocab.txt", "encoder.json"):
            self.assertEqual((folder / name).read_text(encoding="utf-8"), files[name], stale)
        committed, fresh = (json.loads(t) for t in ((folder / "reference.json").read_text(), files["reference.json"]))
        self.assertEqual(committed["inputIds"], fresh["inputIds"], stale)
        for key in ("cls", "mean", "pooler"):
            np.testing.assert_allclose(committed[key], fresh[key], atol=1e-6, err_msg=stale)
        self.assertLess(sum(p.stat().st_size for p in folder.iterdir()), 1_000_000)


if __name__ == "__main__":
    unittest.main()
