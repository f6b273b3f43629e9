"""test/fixtures/funnel-reference.json is what training/reference/funnel_reference.py writes."""

import importlib.util
import json
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "training" / "reference" / "funnel_reference.py"
FIXTURE = ROOT / "test" / "fixtures" / "funnel-reference.json"


def load_generator():
    spec = importlib.util.spec_from_file_location("funnel_reference", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class FunnelReferenceTest(unittest.TestCase):
    def test_fixture_is_up_to_date(self) -> None:
        committed = json.loads(FIXTURE.read_text(encoding="utf-8"))
        # Through JSON, as written: tuples become lists and floats keep their repr.
        recomputed = json.loads(json.dumps(load_generator().build()))
        # The interpreter's and scipy's versions may differ while the numbers agree.
        committed.pop("versions")
        recomputed.pop("versions")
        self.assertEqual(committed, recomputed,
                         "test/fixtures/funnel-reference.json is stale: run training/reference/funnel_reference.py")

    def test_overdispersed_set_is_widened(self) -> None:
        sets = {c["name"]: c for c in json.loads(FIXTURE.read_text(encoding="utf-8"))["overdispersion"]}
        self.assertTrue(sets["overdispersed"]["adjusted"])
        self.assertGreater(sets["overdispersed"]["tau2"], 0)
        self.assertFalse(sets["in-control"]["adjusted"])


if __name__ == "__main__":
    unittest.main()
