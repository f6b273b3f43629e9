"""Reference values for the calibration slope and intercept (src/main/core/statistics/calibration-slope.ts).

Writes test/fixtures/calibration-slope-reference.json: for a few fixed samples of risks and
outcomes (drawn here with a fixed numpy seed and stored in the JSON), the maximum-likelihood
logistic fits that define them (Cox 1958; Van Calster et al. 2016):
- slope: b in logit P(y = 1) = a + b * logit(p), by scipy.optimize.minimize on the exact
  log-likelihood (BFGS, gradient tolerance 1e-12);
- intercept: a in logit P(y = 1) = a + logit(p), the slope held at 1 (an offset), likewise.
scikit-learn's LogisticRegression(penalty=None) gives the slope too; it is checked against
the scipy fit here, so the two references agree before the app is compared with either.

Run with Debian's interpreter (it has numpy, scipy and scikit-learn):
    /usr/bin/python3 training/reference/calibration_slope_reference.py
"""

import json
import os

import numpy as np
from scipy.optimize import minimize
from sklearn.linear_model import LogisticRegression

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "calibration-slope-reference.json")


def logit(p):
    return np.log(p / (1 - p))


def negative_log_likelihood(eta, y):
    # log(1 + exp(eta)) - y * eta, stably.
    return float(np.sum(np.logaddexp(0, eta) - y * eta))


def fit_slope(p, y):
    x = logit(p)
    result = minimize(lambda ab: negative_log_likelihood(ab[0] + ab[1] * x, y), [0.0, 1.0], method="BFGS", options={"gtol": 1e-12})
    return float(result.x[1])


def fit_intercept(p, y):
    x = logit(p)
    result = minimize(lambda a: negative_log_likelihood(a[0] + x, y), [0.0], method="BFGS", options={"gtol": 1e-12})
    return float(result.x[0])


def cases():
    rng = np.random.default_rng(20261128)
    out = []
    # Calibrated, too extreme (true slope 0.5), too timid (2), and shifted (true intercept +0.7).
    for n, slope, shift in [(200, 1.0, 0.0), (400, 0.5, 0.0), (300, 2.0, 0.0), (250, 1.0, 0.7), (60, 1.0, -0.4)]:
        p = 1 / (1 + np.exp(-rng.normal(-1.5, 1.2, n)))
        truth = 1 / (1 + np.exp(-(shift + slope * logit(p))))
        y = (rng.uniform(size=n) < truth).astype(float)
        fitted = LogisticRegression(penalty=None, tol=1e-12, max_iter=10000).fit(logit(p).reshape(-1, 1), y)
        s = fit_slope(p, y)
        assert abs(float(fitted.coef_[0][0]) - s) < 1e-5, (fitted.coef_, s)
        out.append({"risks": [float(v) for v in p], "outcomes": [int(v) for v in y], "slope": s, "intercept": fit_intercept(p, y)})
    return out


def reference():
    return {"cases": cases()}


if __name__ == "__main__":
    with open(OUT, "w") as f:
        json.dump(reference(), f, indent=1)
        f.write("\n")
    print(f"wrote {os.path.normpath(OUT)}")
