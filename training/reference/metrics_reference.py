"""Reference values for the TypeScript metrics module (src/main/core/metrics).

Writes test/fixtures/metrics-reference.json: fixed input sets (ties, imbalance, perfect and
inverted rankings, random, probabilities on bin edges), each with scikit-learn's
roc_auc_score and average_precision_score, an ECE and reliability bins computed here in
plain numpy, and sklearn.calibration.calibration_curve where its bins coincide with ours.

Run with Debian's interpreter (it has numpy and scikit-learn):
    /usr/bin/python3 training/reference/metrics_reference.py
Deterministic: every random set comes from one numpy seed, and JSON floats are written with
repr (shortest round-trip), so the vitest comparison at 1e-12 sees the exact doubles.
"""

import json
import os
import sys
import warnings

import numpy as np
import sklearn
from sklearn.calibration import calibration_curve
from sklearn.metrics import average_precision_score, roc_auc_score

SEED = 20240611
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "metrics-reference.json")


def input_sets():
    rng = np.random.default_rng(SEED)
    sets = {}
    # Small set with several tie groups spanning both classes.
    sets["tiny-ties"] = (
        [0.1, 0.4, 0.35, 0.8, 0.4, 0.4, 0.9, 0.1, 0.65, 0.35],
        [0, 1, 0, 1, 0, 1, 1, 1, 0, 0],
    )
    # Heavy ties: scores rounded to 2 decimals, about 30% positives.
    y = (rng.random(300) < 0.3).astype(int)
    p = np.clip(0.3 + 0.25 * y + rng.normal(0, 0.2, 300), 0, 1).round(2)
    sets["ties-rounded"] = (p.tolist(), y.tolist())
    # ICU-like imbalance: ~7% positives, skewed low probabilities.
    y = (rng.random(2000) < 0.07).astype(int)
    logits = -2.5 + 1.6 * y + rng.normal(0, 1.1, 2000)
    sets["imbalanced"] = ((1 / (1 + np.exp(-logits))).tolist(), y.tolist())
    # Perfect and inverted rankings.
    y = np.array([0] * 6 + [1] * 4)
    p = np.linspace(0.05, 0.95, 10)
    sets["perfect"] = (p.tolist(), y.tolist())
    sets["inverted"] = (p.tolist(), y[::-1].tolist())
    # Every score equal: AUROC 0.5, AP = prevalence.
    sets["all-tied"] = ([0.42] * 12, [1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0])
    # Uninformative uniform scores.
    sets["random"] = (rng.random(1000).tolist(), (rng.random(1000) < 0.5).astype(int).tolist())
    # Probabilities exactly on the bin edges 0, 0.1, ..., 1 (edge convention matters).
    p = rng.integers(0, 11, 400) / 10
    y = (rng.random(400) < p).astype(int)
    sets["bin-edges"] = (p.tolist(), y.tolist())
    # A miscalibrated but informative model, larger n.
    y = (rng.random(5000) < 0.2).astype(int)
    logits = -0.5 + 2.0 * y + rng.normal(0, 1.5, 5000)
    sets["overconfident"] = ((1 / (1 + np.exp(-2.5 * logits))).tolist(), y.tolist())
    return sets


def our_bins(p, bins):
    """Bin i = [i/bins, (i+1)/bins), last bin closed; edges are the exactly rounded i/bins."""
    edges = np.arange(bins + 1) / bins
    return np.clip(np.searchsorted(edges, p, side="right") - 1, 0, bins - 1)


def reliability(p, y, bins):
    ids = our_bins(p, bins)
    rows = []
    for b in range(bins):
        mask = ids == b
        count = int(mask.sum())
        rows.append(
            {
                "count": count,
                "meanPredicted": float(p[mask].mean()) if count else None,
                "observedRate": float(y[mask].mean()) if count else None,
            }
        )
    return rows


def ece(p, y, bins):
    ids = our_bins(p, bins)
    total = 0.0
    for b in range(bins):
        mask = ids == b
        if mask.any():
            total += mask.sum() / len(p) * abs(p[mask].mean() - y[mask].mean())
    return float(total)


def sklearn_curve(p, y, bins):
    """calibration_curve's 'uniform' bins put a value on an inner edge in the LOWER bin and use
    linspace edges; it is comparable to ours only when both assign every value alike."""
    sk_ids = np.searchsorted(np.linspace(0.0, 1.0, bins + 1)[1:-1], p)
    if not np.array_equal(sk_ids, our_bins(p, bins)):
        return None
    prob_true, prob_pred = calibration_curve(y, p, n_bins=bins, strategy="uniform")
    return {"probTrue": prob_true.tolist(), "probPred": prob_pred.tolist()}


def main():
    cases = []
    for name, (scores, labels) in input_sets().items():
        p = np.asarray(scores, dtype=float)
        y = np.asarray(labels, dtype=int)
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a warning here would mean an undefined reference
            auc = float(roc_auc_score(y, p))
            ap = float(average_precision_score(y, p))
        calibration = {}
        for bins in (10, 15):
            calibration[str(bins)] = {
                "ece": ece(p, y, bins),
                "bins": reliability(p, y, bins),
                "sklearnCurve": sklearn_curve(p, y, bins),
            }
        cases.append(
            {
                "name": name,
                "scores": p.tolist(),
                "labels": y.tolist(),
                "rocAuc": auc,
                "averagePrecision": ap,
                "calibration": calibration,
            }
        )
    doc = {
        "generator": "training/reference/metrics_reference.py",
        "seed": SEED,
        "versions": {"python": sys.version.split()[0], "numpy": np.__version__, "sklearn": sklearn.__version__},
        "cases": cases,
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"wrote {os.path.normpath(OUT)}: {len(cases)} cases")


if __name__ == "__main__":
    main()
