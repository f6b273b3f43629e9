"""The reference tokenizer and its parity fixture for the TypeScript port."""

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests import make_tokenizer_fixture  # noqa: E402
from toe_training import tokenizer  # noqa: E402


class TokenizerTest(unittest.TestCase):
    def test_fnv1a32_reference_vectors(self) -> None:
        # Published FNV-1a 32-bit test vectors.
        self.assertEqual(tokenizer.fnv1a32(b""), 0x811C9DC5)
        self.assertEqual(tokenizer.fnv1a32(b"a"), 0xE40C292C)
        self.assertEqual(tokenizer.fnv1a32(b"foobar"), 0xBF9CF968)

    def test_rule(self) -> None:
        self.assertEqual(tokenizer.tokens("ﬁne ＣＴ１２ Straße"), ["fine", "ct12", "straße"])
        self.assertEqual(tokenizer.tokens("ΣΑΣ"), ["σασ"])  # no final-sigma context
        self.assertEqual(tokenizer.tokens("İ"), ["i\u0307"])  # the mark stays in the token
        self.assertEqual(tokenizer.features("a b c"), ["a", "b", "a b", "c", "b c"])
        ids = tokenizer.token_ids("a b")
        self.assertEqual(ids, [tokenizer.feature_id(f) for f in ("a", "b", "a b")])
        self.assertTrue(all(1 <= i <= tokenizer.BUCKETS for i in ids))

    def test_truncation_and_padding(self) -> None:
        long = " ".join(f"w{i}" for i in range(400))
        self.assertEqual(len(tokenizer.token_ids(long)), tokenizer.MAX_IDS)
        enc = tokenizer.encode_batch(["", "a b"])
        self.assertEqual(enc.ids.shape, (2, tokenizer.MAX_IDS))
        self.assertEqual(enc.mask[0].sum(), 0)
        self.assertEqual(enc.mask[1].sum(), 3)
        self.assertEqual(int(enc.ids[1, 3]), 0)

    def test_fixture_is_up_to_date(self) -> None:
        committed = make_tokenizer_fixture.FIXTURE.read_text(encoding="utf-8")
        self.assertEqual(
            committed, make_tokenizer_fixture.render(),
            "test/fixtures/tokenizer-parity.json is stale: run training/tests/make_tokenizer_fixture.py",
        )


if __name__ == "__main__":
    unittest.main()
