"""End to end on a tiny store: a quick training run writes a bundle whose manifest hashes
and signature check out and whose ONNX files pass the onnxruntime-node parity check; a
tampered parity file fails it, a tampered manifest its signature; the same seed gives the
same bundle."""

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import train  # noqa: E402
from tests.fixture_store import make_store  # noqa: E402
from toe_training.manifest import check_manifest  # noqa: E402
from toe_training.parity import REPO, TOLERANCE  # noqa: E402

EXPECTED_FILES = {
    "manifest.json", "manifest.signature.json", "parity.json", "text_encoder.onnx", "ts_stream.onnx", "note_stream.onnx", "ts_selector.onnx",
    "note_selector.onnx", "ts_gru_forward.onnx", "ts_gru_backward.onnx", "ts_head.onnx", "note_projection.onnx",
    "note_head.onnx",
}


def verify(bundle: Path, parity: Path) -> subprocess.CompletedProcess[str]:
    cmd = ["node", "--import", "tsx", "scripts/verify-bundle-parity.ts", str(bundle), str(parity)]
    return subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)


class PipelineTest(unittest.TestCase):
    tmp: Path
    bundle: Path

    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = Path(tempfile.mkdtemp(prefix="toe-train-test-"))
        make_store(cls.tmp / "store.sqlite", n_stays=300, seed=3)
        cls.bundle = cls.tmp / "bundle"
        train.main(["--db", str(cls.tmp / "store.sqlite"), "--cohort", "fixture", "--task", "E1",
                    "--out", str(cls.bundle), "--quick"])

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def manifest(self) -> dict:
        return json.loads((self.bundle / "manifest.json").read_text(encoding="utf-8"))

    def test_bundle_files_and_hashes(self) -> None:
        self.assertEqual({p.name for p in self.bundle.iterdir()}, EXPECTED_FILES)
        self.assertEqual(check_manifest(self.bundle), [])
        m = self.manifest()
        self.assertEqual(m["task"], "E1")
        self.assertEqual(m["decisionThreshold"], 0.5)
        self.assertFalse(m["featureSchema"]["forwardFill"])
        self.assertEqual(m["featureSchema"]["D"], 4 * len(m["featureSchema"]["variables"]))
        self.assertEqual(m["seed"], 7)
        self.assertEqual(m["command"], "npm run train -- --cohort fixture --task E1 --quick")
        self.assertTrue(m["parity"]["ok"])
        self.assertLessEqual(m["parity"]["maxAbsDiff"], TOLERANCE)
        for split in ("val", "test"):
            for stream in ("ts", "note", "fused"):
                self.assertIn("auroc", m["metrics"][split]["full"][stream])
        self.assertLess(sum(p.stat().st_size for p in self.bundle.iterdir()), 8_000_000)

    def test_tampered_hash_is_caught(self) -> None:
        copy = self.tmp / "tampered-hash"
        shutil.copytree(self.bundle, copy)
        with (copy / "ts_head.onnx").open("ab") as f:
            f.write(b"\0")
        self.assertEqual(check_manifest(copy), ["hash mismatch ts_head.onnx"])
        self.assertNotEqual(verify(copy, copy / "parity.json").returncode, 0)

    def test_tampered_manifest_is_caught(self) -> None:
        copy = self.tmp / "tampered-manifest"
        shutil.copytree(self.bundle, copy)
        m = json.loads((copy / "manifest.json").read_text(encoding="utf-8"))
        m["decisionThreshold"] = 0.05
        (copy / "manifest.json").write_text(json.dumps(m, indent=2), encoding="utf-8")
        self.assertEqual(check_manifest(copy), ["manifest.json changed after signing"])

    def test_tampered_parity_fails_loudly(self) -> None:
        data = json.loads((self.bundle / "parity.json").read_text(encoding="utf-8"))
        data["outputs"]["tsLogit"][0] += 1e-3
        bad = self.tmp / "bad-parity.json"
        bad.write_text(json.dumps(data), encoding="utf-8")
        proc = verify(self.bundle, bad)
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertIn("ts_stream.logit", proc.stderr)
        self.assertEqual(verify(self.bundle, self.bundle / "parity.json").returncode, 0)

    def test_same_seed_same_bundle(self) -> None:
        again = self.tmp / "again"
        train.main(["--db", str(self.tmp / "store.sqlite"), "--cohort", "fixture", "--task", "E1",
                    "--out", str(again), "--quick", "--no-verify"])
        first = {f["path"]: f["sha256"] for f in self.manifest()["files"]}
        second = {f["path"]: f["sha256"] for f in json.loads((again / "manifest.json").read_text())["files"]}
        self.assertEqual(first, second)


if __name__ == "__main__":
    unittest.main()
