"""End to end with a plugged-in ONNX text encoder (test/fixtures/tiny-bert): the embed step
fills the store, a quick run trains on those vectors and writes a bundle that carries the
encoder and its vocabulary, passes the onnxruntime-node parity check (tokenizer ids and
encoder vectors included), fails it when the vocabulary is tampered with, and comes out
identical when rerun. Without the embed step the run stops and says what to run."""

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
from tests.test_pipeline import EXPECTED_FILES, verify  # noqa: E402
from toe_training.manifest import check_manifest  # noqa: E402
from toe_training.onnx_encoder import load_encoder  # noqa: E402
from toe_training.parity import REPO, TOLERANCE  # noqa: E402

TINY_BERT = REPO / "test/fixtures/tiny-bert"


def embed(db: Path) -> dict:
    cmd = ["node", "--import", "tsx", "scripts/embed-notes.ts", "--db", str(db), "--cohort", "fixture",
           "--encoder", str(TINY_BERT)]
    proc = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True)
    if proc.returncode != 0:
        raise AssertionError(proc.stderr)
    return json.loads(proc.stdout.strip().splitlines()[-1])


class OnnxEncoderPipelineTest(unittest.TestCase):
    tmp: Path
    bundle: Path
    embedded: dict

    @classmethod
    def setUpClass(cls) -> None:
        cls.tmp = Path(tempfile.mkdtemp(prefix="toe-onnx-encoder-test-"))
        make_store(cls.tmp / "store.sqlite", n_stays=300, seed=3)
        cls.embedded = embed(cls.tmp / "store.sqlite")
        cls.bundle = cls.tmp / "bundle"
        train.main(["--db", str(cls.tmp / "store.sqlite"), "--cohort", "fixture", "--task", "E1",
                    "--out", str(cls.bundle), "--quick", "--text-encoder", str(TINY_BERT)])

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def manifest(self) -> dict:
        return json.loads((self.bundle / "manifest.json").read_text(encoding="utf-8"))

    def test_embed_step_and_pipeline_agree_on_the_encoder_id(self) -> None:
        enc = load_encoder(TINY_BERT)
        self.assertEqual(self.embedded["encoderId"], enc.id)
        self.assertTrue(enc.id.startswith("toe-tiny-bert-test@"))
        self.assertEqual(self.embedded["embeddingDim"], 32)
        self.assertEqual(self.embedded["embedded"], self.embedded["chunks"])
        self.assertEqual(embed(self.tmp / "store.sqlite")["embedded"], 0)  # cached: nothing re-run

    def test_bundle_carries_the_frozen_encoder(self) -> None:
        self.assertEqual({p.name for p in self.bundle.iterdir()}, EXPECTED_FILES | {"vocab.txt"})
        self.assertEqual(check_manifest(self.bundle), [])
        for name, source in (("text_encoder.onnx", "model.onnx"), ("vocab.txt", "vocab.txt")):
            self.assertEqual((self.bundle / name).read_bytes(), (TINY_BERT / source).read_bytes())
        m = self.manifest()
        te = m["textEncoder"]
        self.assertEqual((te["kind"], te["id"], te["embeddingDim"]), ("onnx-transformer", self.embedded["encoderId"], 32))
        self.assertEqual(te["output"], {"name": "last_hidden_state", "pooling": "mean"})
        self.assertEqual(te["tokenizer"]["kind"], "wordpiece")
        self.assertEqual(te["tokenizer"]["maxLength"], 64)
        self.assertEqual(m["model"]["sizes"]["E"], 32)  # the encoder's E is the note stream's input size
        self.assertEqual(m["model"]["onnx"]["note_stream.onnx"]["inputs"][0]["shape"], ["B", 20, 32])
        self.assertEqual([p["name"] for p in m["model"]["onnx"]["text_encoder.onnx"]["inputs"]],
                         ["input_ids", "attention_mask", "token_type_ids"])
        self.assertEqual(m["command"], "npm run train -- --cohort fixture --task E1 --quick "
                                       "--text-encoder test/fixtures/tiny-bert")
        self.assertTrue(m["parity"]["ok"])
        self.assertLessEqual(m["parity"]["maxAbsDiff"], TOLERANCE)

    def test_parity_checks_tokenizer_and_encoder_vectors(self) -> None:
        parity = json.loads((self.bundle / "parity.json").read_text(encoding="utf-8"))["textEncoder"]
        self.assertEqual(parity["kind"], "wordpiece")
        self.assertEqual(len(parity["embedding"]), 32 * parity["embeddedTexts"])
        self.assertGreater(parity["embeddedTexts"], 0)
        bad = json.loads((self.bundle / "parity.json").read_text(encoding="utf-8"))
        bad["textEncoder"]["embedding"][0] += 1e-3
        path = self.tmp / "bad-encoder-parity.json"
        path.write_text(json.dumps(bad), encoding="utf-8")
        proc = verify(self.bundle, path)
        self.assertEqual(proc.returncode, 1, proc.stdout + proc.stderr)
        self.assertIn("text_encoder.embedding", proc.stderr)

    def test_tampered_vocab_is_caught(self) -> None:
        copy = self.tmp / "tampered-vocab"
        shutil.copytree(self.bundle, copy)
        vocab = (copy / "vocab.txt").read_text(encoding="utf-8").split("\n")
        vocab[40], vocab[41] = vocab[41], vocab[40]
        (copy / "vocab.txt").write_text("\n".join(vocab), encoding="utf-8")
        self.assertEqual(check_manifest(copy), ["hash mismatch vocab.txt"])
        proc = verify(copy, copy / "parity.json")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("vocab.txt", proc.stderr)

    def test_without_the_embed_step_the_run_says_what_to_run(self) -> None:
        db = self.tmp / "not-embedded.sqlite"
        make_store(db, n_stays=60, seed=4)
        with self.assertRaises(SystemExit) as caught:
            train.main(["--db", str(db), "--cohort", "fixture", "--task", "E1", "--out", str(self.tmp / "never"),
                        "--quick", "--no-verify", "--text-encoder", str(TINY_BERT)])
        self.assertIn("scripts/embed-notes.ts", str(caught.exception))
        self.assertFalse((self.tmp / "never").exists())

    def test_same_seed_same_bundle(self) -> None:
        again = self.tmp / "again"
        train.main(["--db", str(self.tmp / "store.sqlite"), "--cohort", "fixture", "--task", "E1",
                    "--out", str(again), "--quick", "--no-verify", "--text-encoder", str(TINY_BERT)])
        first = {f["path"]: f["sha256"] for f in self.manifest()["files"]}
        second = {f["path"]: f["sha256"] for f in json.loads((again / "manifest.json").read_text())["files"]}
        self.assertEqual(first, second)


if __name__ == "__main__":
    unittest.main()
