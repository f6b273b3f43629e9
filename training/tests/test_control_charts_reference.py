"""test/fixtures/control-charts-reference.json is what training/reference/control_charts_reference.py
writes: recomputed here in memory and compared, so the fixture the TypeScript tests read cannot
drift from its generator. The interpreter versions it records are left out of the comparison."""

import importlib.util
import json
import unittest
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GENERATOR = REPO / "training/reference/control_charts_reference.py"
FIXTURE = REPO / "test/fixtures/control-charts-reference.json"


def load_generator():
    spec = importlib.util.spec_from_file_location("control_charts_reference", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ControlChartsReferenceTest(unittest.TestCase):
    def test_fixture_matches_its_generator(self) -> None:
        # Through JSON, so tuples, ints and floats compare as the fixture stores them.
        recomputed = json.loads(json.dumps(load_generator().build()))
        committed = json.loads(FIXTURE.read_text())
        recomputed.pop("versions")
        committed.pop("versions")
        self.assertEqual(recomputed, committed)

    def test_chart_restarts_after_each_signal(self) -> None:
        for case in json.loads(FIXTURE.read_text())["sequences"]:
            for t in case["signals"]:
                self.assertGreaterEqual(case["cusum"][t], case["limit"])
                if t + 1 < len(case["cusum"]):
                    self.assertEqual(case["cusum"][t + 1], max(0.0, case["weights"][t + 1]))


if __name__ == "__main__":
    unittest.main()
