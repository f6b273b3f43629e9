"""A cohort without note chunks gets a TS-only bundle: no note stream, no text encoder, the
manifest declares "streams": ["ts"] and p = sigmoid(l_ts); the parity check covers it."""

import json
import shutil
import sys
import tempfile
import unittest
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import train  # noqa: E402
from tests.fixture_store import make_store  # noqa: E402
from toe_training.manifest import check_manifest  # noqa: E402
from toe_training.parity import TOLERANCE  # noqa: E402
from toe_training.pipeline import choose_streams  # noqa: E402

TS_ONLY_FILES = {
    "manifest.json", "manifest.signature.json", "parity.json", "ts_stream.onnx", "ts_selector.onnx",
    "ts_gru_forward.onnx", "ts_gru_backward.onnx", "ts_head.onnx",
}


class ChooseStreamsTest(unittest.TestCase):
    def test_notes_decide_unless_asked(self) -> None:
        def stay(chunks: list[str]) -> SimpleNamespace:  # choose_streams reads .chunks only
            return SimpleNamespace(chunks=chunks)

        self.assertEqual(choose_streams(None, [stay([]), stay([])]), ("ts",))
        self.assertEqual(choose_streams(None, [stay([]), stay(["a b c"])]), ("ts", "note"))
        self.assertEqual(choose_streams(("ts",), [stay(["a b c"])]), ("ts",))


class TsOnlyBundleTest(unittest.TestCase):
    tmp: Path
    bundle: Path

    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = Path(tempfile.mkdtemp(prefix="toe-train-ts-only-"))
        make_store(cls.tmp / "store.sqlite", n_stays=300, seed=3, notes=False)
        cls.bundle = cls.tmp / "bundle"
        train.main(["--db", str(cls.tmp / "store.sqlite"), "--cohort", "fixture", "--task", "E1",
                    "--out", str(cls.bundle), "--quick"])

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_ts_only_bundle(self) -> None:
        self.assertEqual({p.name for p in self.bundle.iterdir()}, TS_ONLY_FILES)
        self.assertEqual(check_manifest(self.bundle), [])
        m = json.loads((self.bundle / "manifest.json").read_text(encoding="utf-8"))
        self.assertEqual(m["streams"], ["ts"])
        self.assertNotIn("textEncoder", m)
        self.assertEqual(set(m["units"]), {"timeSeries"})
        self.assertEqual(set(m["model"]["onnx"]), TS_ONLY_FILES - {"manifest.json", "manifest.signature.json", "parity.json"})
        self.assertEqual((m["model"]["sizes"]["M"], m["model"]["sizes"]["E"], m["model"]["sizes"]["P"]), (0, 0, 0))
        self.assertIn("p = sigmoid(l_ts(m_ts))", m["model"]["fusion"])
        self.assertIn("hourly windows only", m["model"]["fusion"])
        self.assertEqual(set(m["model"]["composition"]), {"ts", "doc"})
        self.assertEqual(set(m["training"]["fits"]), {"tsPredictor", "tsSelector"})
        for split in ("val", "test"):
            full = m["metrics"][split]["full"]
            self.assertEqual(set(full), {"ts", "fused"})
            self.assertEqual(full["fused"], full["ts"])
        self.assertTrue(m["parity"]["ok"])
        self.assertLessEqual(m["parity"]["maxAbsDiff"], TOLERANCE)

    def test_parity_fused_is_the_ts_logit(self) -> None:
        data = json.loads((self.bundle / "parity.json").read_text(encoding="utf-8"))
        self.assertEqual(data["streams"], ["ts"])
        self.assertNotIn("textEncoder", data)
        self.assertEqual(data["outputs"]["fusedLogit"], data["outputs"]["tsLogit"])
        self.assertEqual(set(data["inputs"]), {"ts", "tsMask", "cxr", "ecg"})

    def test_text_encoder_needs_a_note_stream(self) -> None:
        with self.assertRaises(SystemExit):
            train.main(["--db", str(self.tmp / "store.sqlite"), "--cohort", "fixture", "--task", "E1",
                        "--out", str(self.tmp / "never"), "--quick", "--no-verify", "--streams", "ts",
                        "--text-encoder", str(self.tmp)])
        self.assertFalse((self.tmp / "never").exists())


if __name__ == "__main__":
    unittest.main()
