"""The committed calibration-slope fixture is what its reference script computes today."""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "reference"))

import calibration_slope_reference as reference  # noqa: E402


class CalibrationSlopeFixture(unittest.TestCase):
    def test_fixture_matches_the_reference(self):
        with open(reference.OUT) as f:
            committed = json.load(f)
        fresh = reference.reference()
        self.assertEqual(len(committed["cases"]), len(fresh["cases"]))
        for kept, made in zip(committed["cases"], fresh["cases"]):
            self.assertEqual(kept["outcomes"], made["outcomes"])
            # numpy's exp may differ in its last bit between CPUs (its vector code paths), so
            # the drawn risks are compared to 1e-12, far finer than any figure built on them.
            self.assertEqual(len(kept["risks"]), len(made["risks"]))
            for kept_risk, made_risk in zip(kept["risks"], made["risks"]):
                self.assertAlmostEqual(kept_risk, made_risk, delta=1e-12)
            # The optimiser's last digits may move between scipy versions; the fit may not.
            self.assertAlmostEqual(kept["slope"], made["slope"], places=6)
            self.assertAlmostEqual(kept["intercept"], made["intercept"], places=6)


if __name__ == "__main__":
    unittest.main()
