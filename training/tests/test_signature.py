"""manifest.signature.json (toe_training/signature.py): ECMAScript number forms, the canonical
JSON the TypeScript runtime hashes (test/core/models/manifest-integrity.test.ts compares the
two on thousands of values), and a changed manifest being caught."""

import json
import shutil
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toe_training.signature import (SIGNATURE, canonical_json, canonical_sha256, check_signature,  # noqa: E402
                                    es_number, write_signature)


class SignatureTest(unittest.TestCase):
    def test_numbers_as_javascript_writes_them(self) -> None:
        # Expected strings: String(x) in Node.
        cases = {0.5: "0.5", 1e-7: "1e-7", 1e-6: "0.000001", 1e16: "10000000000000000", 1e21: "1e+21",
                 123.456: "123.456", 5.0: "5", -0.0: "0", 2 ** 60: "1152921504606847000",
                 0.1 + 0.2: "0.30000000000000004", 5e-324: "5e-324", 24: "24", -1.5e300: "-1.5e+300"}
        for value, text in cases.items():
            self.assertEqual(es_number(value), text, repr(value))

    def test_canonical_json(self) -> None:
        value = json.loads('{"b": [1.0, 0.50, 1e-7], "a": {"z": "é\\n\\u0001", "y": null, "x": true}}')
        self.assertEqual(canonical_json(value), '{"a":{"x":true,"y":null,"z":"é\\n\\u0001"},"b":[1,0.5,1e-7]}')
        # Keys by UTF-16 code unit: U+1F600 (D83D DE00) sorts before U+FB01.
        self.assertEqual(canonical_json({"\ufb01": 1, "\U0001F600": 2}), '{"\U0001F600":2,"\ufb01":1}')

    def test_a_changed_manifest_is_caught(self) -> None:
        bundle = Path(tempfile.mkdtemp(prefix="toe-signature-"))
        self.addCleanup(shutil.rmtree, bundle, True)
        manifest = {"decisionThreshold": 0.5, "featureSchema": {"standardisation": {"mean": [1.25, 2.5]}}}
        (bundle / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
        sha = write_signature(bundle)
        self.assertEqual(sha, canonical_sha256(manifest))
        self.assertEqual(check_signature(bundle), [])
        # Re-indenting is not a change; changing a value is.
        (bundle / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        self.assertEqual(check_signature(bundle), [])
        manifest["decisionThreshold"] = 0.05
        (bundle / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
        self.assertEqual(check_signature(bundle), ["manifest.json changed after signing"])
        (bundle / SIGNATURE).unlink()
        self.assertEqual(check_signature(bundle), [f"missing {SIGNATURE}"])


if __name__ == "__main__":
    unittest.main()
