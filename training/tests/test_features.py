"""Input encoding: the float64-then-float32 standardisation and the context layouts."""

import sys
import unittest
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toe_training.features import FeatureSpec, Standardiser, encode_cxr, encode_ecg, encode_ts  # noqa: E402
from toe_training.metrics import auprc, auroc  # noqa: E402
from toe_training.store import RawStay  # noqa: E402


def stay() -> RawStay:
    series = np.array([[[1.0, 0.5, 1.5], [np.nan] * 3], [[3.0, 2.5, 3.5], [10.0, 9.0, 11.0]]], np.float32)
    missing = np.array([[0, 1], [0, 0]], np.uint8)
    return RawStay(1, "S1", "train", 1, series, missing, [], True, np.array([1, 3], np.uint8), True,
                   np.array([200.0, np.nan], np.float32))


class FeaturesTest(unittest.TestCase):
    def test_standardiser_ignores_invalid_and_guards_sd(self) -> None:
        values = np.array([[1.0, 5.0, np.nan], [3.0, 5.0, np.nan]])
        st = Standardiser.fit(values, np.isfinite(values))
        self.assertEqual(st.mean.tolist(), [2.0, 5.0, 0.0])
        self.assertEqual(st.sd.tolist(), [1.0, 1.0, 1.0])  # constant and empty columns get sd 1

    def test_ts_layout_and_rounding(self) -> None:
        s = stay()
        series = Standardiser(np.arange(6, dtype=np.float64) * 0.1, np.full(6, 3.0))
        spec = FeatureSpec(2, 2, 2, 2, series, Standardiser(np.array([100.0, 0.0]), np.array([50.0, 1.0])))
        x = encode_ts(s, spec)
        self.assertEqual(x.shape, (2, 8))
        # column 3*v+s; computed in float64, rounded once to float32
        self.assertEqual(x[1, 4], np.float32((9.0 - 0.4) / 3.0))
        self.assertEqual(x[0, 3:6].tolist(), [0.0, 0.0, 0.0])  # missing variable -> 0
        self.assertEqual(x[:, 6:].tolist(), [[0.0, 1.0], [0.0, 0.0]])  # flags, unstandardised
        self.assertEqual(encode_cxr(s, spec).tolist(), [0, 1, 0, 0, 0, 0, 0, 1, 1])
        self.assertEqual(encode_ecg(s, spec).tolist(), [2.0, 0.0, 0.0, 1.0, 1.0])
        s.has_cxr, s.has_ecg = False, False
        self.assertEqual(encode_cxr(s, spec).tolist(), [0.0] * 9)
        self.assertEqual(encode_ecg(s, spec).tolist(), [0.0, 0.0, 1.0, 1.0, 0.0])

    def test_metrics_against_known_values(self) -> None:
        y = np.array([0, 0, 1, 1])
        self.assertEqual(auroc(y, np.array([0.1, 0.4, 0.35, 0.8])), 0.75)
        self.assertAlmostEqual(auprc(y, np.array([0.1, 0.4, 0.35, 0.8])), 0.8333333333333333)
        self.assertTrue(np.isnan(auroc(np.zeros(3), np.arange(3))))


if __name__ == "__main__":
    unittest.main()
