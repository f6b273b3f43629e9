"""Static inputs (age, sex, ...): their encoding on a hand-worked case (the TypeScript twin,
test/core/models/static-inputs.test.ts, checks the same numbers), a content hash that counts
them only when the cohort declares some, and quick bundles trained with and without them."""

import json
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import train  # noqa: E402
from tests.fixture_store import make_store  # noqa: E402
from toe_training.features import encode_static, fit_spec  # noqa: E402
from toe_training.manifest import check_manifest  # noqa: E402
from toe_training.store import CohortSchema, RawStay, StaticInputSpec, StaticValue, content_hash, load_cohort  # noqa: E402

SPECS = [
    StaticInputSpec("age", "numeric", "years"),
    StaticInputSpec("sex", "categorical", categories=("F", "M")),
    StaticInputSpec("weight", "numeric", "kg"),
    StaticInputSpec("unit_type", "categorical", categories=("MICU", "SICU", "CCU")),
]


def raw(i: int, static: dict[str, StaticValue]) -> RawStay:
    return RawStay(i, f"S{i}", "train", 0, np.zeros((1, 1, 3), np.float32), np.zeros((1, 1), np.uint8),
                   cxr=np.zeros(0, np.uint8), ecg=np.zeros(0, np.float32), static=static)


class StaticEncodingTest(unittest.TestCase):
    def test_hand_worked_vectors(self) -> None:
        schema = CohortSchema("c", "demo", True, 1, [{"name": "hr", "unit": "bpm"}], ["mean", "min", "max"], {}, [], [],
                              ["E1"], SPECS)
        # age: mean 70, population sd 10; weight: never recorded -> mean 0, sd 1.
        spec = fit_spec(schema, [raw(1, {"age": 60.0, "sex": "F"}), raw(2, {"age": 80.0, "unit_type": "SICU"})])
        self.assertEqual((spec.static.mean.tolist(), spec.static.sd.tolist(), spec.d_static),
                         ([70.0, 0.0], [10.0, 1.0], 11))
        # An unknown category falls in the "not recorded" slot.
        self.assertEqual(encode_static(raw(3, {"age": 85.0, "sex": "M", "unit_type": "Neuro"}), spec).tolist(),
                         [1.5, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1])
        self.assertEqual(encode_static(raw(4, {}), spec).tolist(), [0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 1])
        got = encode_static(raw(5, {"age": 63.7, "weight": 72.5, "sex": "F", "unit_type": "CCU"}), spec)
        self.assertEqual(got[0], np.float32((63.7 - 70.0) / 10.0))  # float64, rounded once
        self.assertEqual(got.tolist()[1:], [0, 1, 0, 0, 72.5, 0, 0, 0, 1, 0])
        self.assertEqual(fit_spec(schema, [raw(1, {})], use_static=False).d_static, 0)


class StaticBundlesTest(unittest.TestCase):
    tmp: Path

    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = Path(tempfile.mkdtemp(prefix="toe-static-test-"))
        make_store(cls.tmp / "static.sqlite", n_stays=300, seed=3, static=True)
        make_store(cls.tmp / "plain.sqlite", n_stays=300, seed=3)
        for out, extra in (("with", []), ("without", ["--no-static"])):
            train.main(["--db", str(cls.tmp / "static.sqlite"), "--cohort", "fixture", "--task", "E1",
                        "--out", str(cls.tmp / out), "--quick", *extra])

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def manifest(self, name: str) -> dict:
        return json.loads((self.tmp / name / "manifest.json").read_text(encoding="utf-8"))

    def test_content_hash_counts_static_inputs_only_when_declared(self) -> None:
        plain = load_cohort(str(self.tmp / "plain.sqlite"), "fixture", "E1", None, 7)
        static = load_cohort(str(self.tmp / "static.sqlite"), "fixture", "E1", None, 7)
        self.assertEqual(plain.schema.static_inputs, [])
        self.assertTrue(all(not st.static for st in plain.stays))
        # The same stays otherwise: without the declaration the hash is the old one.
        self.assertEqual(content_hash(static.stays), plain.content_sha256)
        self.assertNotEqual(static.content_sha256, plain.content_sha256)
        self.assertEqual(self.manifest("with")["training"]["contentSha256"], static.content_sha256)

    def test_bundle_with_static_inputs(self) -> None:
        self.assertEqual(check_manifest(self.tmp / "with"), [])
        m = self.manifest("with")
        block = m["context"]["static"]
        self.assertEqual([x["name"] for x in block["inputs"]], ["age", "sex", "weight", "unit_type"])
        self.assertEqual(block["Ds"], 11)
        self.assertEqual(m["model"]["sizes"]["Ds"], 11)
        self.assertEqual(set(block["inputs"][0]), {"name", "kind", "unit", "mean", "sd"})
        self.assertEqual(block["inputs"][1], {"name": "sex", "kind": "categorical", "categories": ["F", "M"]})
        for file in ("ts_stream.onnx", "note_stream.onnx", "ts_head.onnx", "note_head.onnx"):
            self.assertEqual(m["model"]["onnx"][file]["inputs"][-1],
                             {"name": "static", "dtype": "float32", "shape": ["B", 11]})
        self.assertNotIn("static", json.dumps(m["model"]["onnx"]["ts_selector.onnx"]))
        self.assertIn("note_head(pooled, cxr, ecg, static)", m["model"]["composition"]["note"])
        self.assertTrue(m["parity"]["ok"])
        parity = json.loads((self.tmp / "with" / "parity.json").read_text(encoding="utf-8"))
        self.assertEqual(len(parity["inputs"]["static"]), parity["batch"] * 11)
        self.assertEqual(m["training"]["staticInputs"], ["age", "sex", "weight", "unit_type"])

    def test_no_static_keeps_the_old_graph(self) -> None:
        m = self.manifest("without")
        self.assertNotIn("static", m["context"])
        self.assertNotIn("Ds", m["model"]["sizes"])
        self.assertNotIn("static", json.dumps(m["model"]["onnx"]))
        self.assertIn("note_head(pooled, cxr, ecg)", m["model"]["composition"]["note"])
        self.assertEqual(m["training"]["staticInputs"], "left out (--no-static)")
        self.assertIn("--no-static", m["command"])
        self.assertTrue(m["parity"]["ok"])


if __name__ == "__main__":
    unittest.main()
