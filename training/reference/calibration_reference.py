"""Reference values for the TypeScript calibration module (src/main/core/calibration).

Writes test/fixtures/calibration-reference.json: synthetic validation splits (over-confident,
heavy ties, a skewed 8% prevalence, saturated probabilities, x values a few ulps apart, a
tiny hand-checkable set), each with

* scikit-learn's IsotonicRegression(increasing=True, out_of_bounds='clip'): its knots
  (X_thresholds_, y_thresholds_) and predictions at probe points;
* scikit-learn's LogisticRegression(C=1e10) of the labels on logit(p) (Platt scaling):
  slope, intercept and predictions at the probes;
* temperature scaling, solved here independently of the TypeScript Newton iteration: the
  root of d NLL / d(1/T) by scipy.optimize.brentq, checked against a fine grid of the NLL
  (null where the derivative at 1/T = 0 is already >= 0: no finite T, the TypeScript refuses);
* the threshold each rule picks on the Platt-calibrated values, computed in plain numpy
  (youden from sklearn.metrics.roc_curve), and the ECE (10 bins) raw and after each map.

logit(p) clamps p to [1e-12, 1 - 1e-12] as src/main/core/models/stay-model.ts does.

Run with Debian's interpreter (numpy, scipy and scikit-learn from apt):
    /usr/bin/python3 training/reference/calibration_reference.py
Deterministic: one numpy seed; JSON floats are written with repr (shortest round-trip).
"""

import json
import os
import sys
import warnings

import numpy as np
import scipy
import sklearn
from scipy.optimize import brentq
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_curve

SEED = 20241125
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "calibration-reference.json")


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def logit(p):
    c = np.clip(np.asarray(p, dtype=float), 1e-12, 1 - 1e-12)
    return np.log(c / (1 - c))


def datasets():
    rng = np.random.default_rng(SEED)
    sets = {}
    # Small, with a tie across classes and order violations (PAVA must pool).
    sets["tiny"] = (
        [0.05, 0.1, 0.2, 0.2, 0.3, 0.45, 0.5, 0.6, 0.8, 0.9],
        [0, 1, 0, 1, 0, 0, 1, 0, 1, 1],
    )
    # Over-confident informative model, 300 stays, ~25% events.
    y = (rng.random(300) < 0.25).astype(int)
    z = -1.0 + 2.0 * y + rng.normal(0, 1.5, 300)
    sets["overconfident-300"] = (sigmoid(2.5 * z).tolist(), y.tolist())
    # Heavy ties: probabilities rounded to 2 decimals, ~30% events.
    y = (rng.random(300) < 0.3).astype(int)
    p = np.clip(sigmoid(-0.8 + 1.4 * y + rng.normal(0, 1.0, 300)), 0, 1).round(2)
    sets["ties-300"] = (p.tolist(), y.tolist())
    # ICU-like: 8% events, scores shifted up as class-balanced training leaves them.
    y = (rng.random(300) < 0.08).astype(int)
    z = 0.3 + 2.0 * y + rng.normal(0, 1.3, 300)
    sets["skewed-300"] = (sigmoid(1.6 * z).tolist(), y.tolist())
    # Saturated float32-like sigmoids: exact 0 and 1 and values beyond the logit clamp.
    y = (rng.random(120) < 0.4).astype(int)
    z = -0.5 + 3.0 * y + rng.normal(0, 3.0, 120)
    p = sigmoid(12 * z)
    p[:6] = [0.0, 1.0, 1e-14, 1 - 1e-15, 0.0, 1.0]
    sets["saturated-120"] = (p.tolist(), y.tolist())
    # x values within numpy's float64 resolution (1e-15) merge; 2e-15 apart do not.
    base = [0.1, float(np.nextafter(0.1, 1)), 0.1 + 5e-16, 0.1 + 2e-15, 0.3, 0.3 + 9e-16, 0.7, 0.7]
    sets["near-ties"] = (base, [0, 1, 0, 0, 1, 0, 1, 1])
    return sets


def temperature_fit(p, y):
    z = logit(p)

    def derivative(beta):
        return float(np.sum((sigmoid(beta * z) - y) * z))

    def nll(beta):
        bz = beta * z
        return float(np.sum(np.logaddexp(0, bz) - y * bz))

    if derivative(0.0) >= 0:
        return None, None  # events do not score higher on average: no finite T > 0
    hi = 1.0
    while derivative(hi) < 0:
        hi *= 2
    beta = brentq(derivative, 1e-9, hi, xtol=1e-15, rtol=4 * np.finfo(float).eps, maxiter=500)
    grid = np.linspace(beta * 0.5, beta * 1.5, 20001)
    assert abs(grid[np.argmin([nll(b) for b in grid])] - beta) <= (grid[1] - grid[0]), "grid disagrees"
    return 1.0 / beta, nll(beta)


def platt_fit(p, y):
    z = logit(p).reshape(-1, 1)
    # newton-cholesky: exact Newton steps, so tol=1e-12 is reached (lbfgs stalls near 1e-6).
    model = LogisticRegression(C=1e10, solver="newton-cholesky", tol=1e-12, max_iter=1000)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model.fit(z, y)
    a, b = float(model.coef_[0, 0]), float(model.intercept_[0])
    # The likelihood's own gradient vanishes: the fit is the unregularised optimum.
    residual = sigmoid(a * z[:, 0] + b) - y
    gradient = max(abs(float(np.sum(residual * z[:, 0]))), abs(float(np.sum(residual))))
    assert gradient < 1e-8, f"Platt fit not converged: gradient {gradient}"
    return a, b, model


def threshold_rules(pc, y):
    """Each rule on calibrated values pc, written from its definition (docs in choose-threshold.ts)."""
    values = np.unique(pc)[::-1]  # candidates, highest first
    P, N = int(y.sum()), int(len(y) - y.sum())
    tp = np.array([int(((pc >= v) & (y == 1)).sum()) for v in values])
    fp = np.array([int(((pc >= v) & (y == 0)).sum()) for v in values])
    out = {}
    for target in (0.5, 0.8, 0.95):
        out[f"sensitivity:{target}"] = float(values[np.argmax(tp / P >= target)])
    ppv = tp / (tp + fp)
    for target in (0.3, 0.5, 0.99):
        ok = np.nonzero(ppv >= target)[0]
        out[f"ppv:{target}"] = float(values[ok[-1]]) if len(ok) else {"bestPpv": float(ppv.max())}
    ok = np.nonzero(tp + fp <= P)[0]
    out["prevalence"] = float(values[ok[-1]]) if len(ok) else None
    fpr, tpr, thr = roc_curve(y, pc, drop_intermediate=False)
    # roc_curve's first threshold is max+1 (nothing positive); argmax takes the first maximum,
    # the highest threshold among equal J. J is compared exactly as integers TP*N - FP*P.
    j = np.rint(tpr * P).astype(np.int64) * N - np.rint(fpr * N).astype(np.int64) * P
    best = int(np.argmax(j[1:])) + 1
    out["youden"] = float(thr[best])
    return out


def ece(p, y, bins=10):
    """As metrics_reference.py: bin i = [i/bins, (i+1)/bins), the last bin closed."""
    ids = np.clip(np.searchsorted(np.arange(bins + 1) / bins, p, side="right") - 1, 0, bins - 1)
    total = 0.0
    for b in range(bins):
        mask = ids == b
        if mask.any():
            total += mask.sum() / len(p) * abs(p[mask].mean() - y[mask].mean())
    return float(total)


def main():
    cases = []
    probes_base = np.concatenate([[-0.1, 0.0, 1e-13, 1.0, 1.1], np.linspace(0.0, 1.0, 41)])
    for name, (scores, labels) in datasets().items():
        p = np.asarray(scores, dtype=float)
        y = np.asarray(labels, dtype=int)
        rng = np.random.default_rng(len(name))
        probes = np.concatenate([probes_base, p[: min(len(p), 40)], rng.random(40)])

        iso = IsotonicRegression(increasing=True, out_of_bounds="clip").fit(p, y)
        temperature, nll = temperature_fit(p, y)
        slope, intercept, platt = platt_fit(p, y)
        pc = sigmoid(slope * logit(p) + intercept)
        cases.append(
            {
                "name": name,
                "p": p.tolist(),
                "labels": y.tolist(),
                "probes": probes.tolist(),
                "isotonic": {
                    "x": iso.X_thresholds_.tolist(),
                    "y": iso.y_thresholds_.tolist(),
                    "predictions": iso.predict(probes).tolist(),
                },
                "platt": {
                    "slope": slope,
                    "intercept": intercept,
                    "predictions": platt.predict_proba(logit(probes).reshape(-1, 1))[:, 1].tolist(),
                },
                "temperature": None
                if temperature is None
                else {
                    "temperature": temperature,
                    "nll": nll,
                    "predictions": sigmoid(logit(probes) / temperature).tolist(),
                },
                "thresholdsOnPlatt": threshold_rules(pc, y),
                "ece": {
                    "raw": ece(p, y),
                    "platt": ece(pc, y),
                    "isotonic": ece(iso.predict(p), y),
                    "temperature": None if temperature is None else ece(sigmoid(logit(p) / temperature), y),
                },
            }
        )
    doc = {
        "generator": "training/reference/calibration_reference.py",
        "seed": SEED,
        "versions": {
            "python": sys.version.split()[0],
            "numpy": np.__version__,
            "scipy": scipy.__version__,
            "sklearn": sklearn.__version__,
        },
        "cases": cases,
    }
    with open(OUT, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"wrote {os.path.normpath(OUT)}: {len(cases)} cases")


if __name__ == "__main__":
    main()
