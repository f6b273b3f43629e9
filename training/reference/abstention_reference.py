"""Reference values for the abstention statistics (src/main/core/abstention).

Writes test/fixtures/abstention-reference.json:
- scipy.special.betainc, scipy.stats.beta.ppf, scipy.stats.binom.cdf and the Clopper-Pearson
  upper bound beta.ppf(conf, x + 1, n - x), for the incomplete beta and the guaranteed cut;
- scipy.special.gammaincc and scipy.stats.chi2.sf, for the likelihood-ratio test's p-value;
- one likelihood-ratio test end to end: scikit-learn's LogisticRegression (C = 1e6, on
  features standardised as StandardScaler does) of a binary outcome on a reduced and a full
  feature set, their log-likelihoods, the statistic and its chi-square p-value.

Run with Debian's interpreter (it has numpy, scipy and scikit-learn):
    /usr/bin/python3 training/reference/abstention_reference.py
Deterministic (one numpy seed); floats are written with repr, so the doubles are exact.
"""

import json
import os

import numpy as np
import scipy
import sklearn
from scipy import special, stats
from sklearn.linear_model import LogisticRegression
from sklearn.preprocessing import StandardScaler

SEED = 20240612
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "abstention-reference.json")


def incomplete_beta_cases():
    cases = []
    for a, b in [(0.5, 0.5), (1, 1), (2, 3), (3, 2), (10, 1), (1, 10), (0.7, 4.5),
                 (30, 170), (500, 3), (3, 500), (1200, 40), (57.5, 942.5)]:
        for x in [1e-6, 0.001, 0.01, 0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 0.99, 0.999999]:
            cases.append({"a": a, "b": b, "x": x, "value": float(special.betainc(a, b, x))})
    return cases


def beta_quantile_cases():
    cases = []
    for a, b in [(1, 1), (1, 300), (2, 5), (5, 2), (0.5, 0.5), (11, 290), (101, 20), (1, 1200)]:
        for q in [0.001, 0.005, 0.05, 0.1, 0.5, 0.9, 0.95, 0.995, 0.999]:
            cases.append({"q": q, "a": a, "b": b, "value": float(stats.beta.ppf(q, a, b))})
    return cases


def binomial_cdf_cases():
    cases = []
    for k, n, p in [(0, 1, 0.1), (0, 22, 0.1), (2, 50, 0.1), (10, 100, 0.1), (25, 300, 0.1),
                    (29, 300, 0.1), (0, 10, 0.5), (5, 10, 0.5), (9, 10, 0.5), (3, 1200, 0.01),
                    (140, 1200, 0.1), (0, 0, 0.3), (1, 3, 0.999)]:
        cases.append({"k": k, "n": n, "p": p, "value": float(stats.binom.cdf(k, n, p))})
    return cases


def clopper_pearson_cases():
    cases = []
    for x, n in [(0, 1), (0, 10), (0, 50), (3, 50), (10, 100), (29, 300), (99, 100), (0, 1200),
                 (140, 1200)]:
        for conf in [0.9, 0.95, 0.995]:
            cases.append({"errors": x, "n": n, "confidence": conf,
                          "value": float(stats.beta.ppf(conf, x + 1, n - x))})
    return cases


def gamma_cases():
    gq = []
    for a in [0.5, 1, 1.5, 2, 4.5, 10, 30]:
        for x in [0.01, 0.5, 1, 2, 5, 10, 20, 60]:
            gq.append({"a": a, "x": x, "value": float(special.gammaincc(a, x))})
    chi = []
    for df in [1, 2, 3, 5, 7, 8, 12]:
        for x in [0.001, 0.1, 0.5, 1, 2.5, 3.84, 7, 12.5, 20, 40, 80]:
            chi.append({"df": df, "x": x, "value": float(stats.chi2.sf(x, df))})
    return gq, chi


def log_likelihood(model, x, y):
    p = model.predict_proba(x)[:, 1]
    return float(np.sum(y * np.log(p) + (1 - y) * np.log1p(-p)))


def lrt_case(rng):
    n = 400
    margin = np.abs(rng.normal(0, 1.5, n))
    extra = rng.normal(0, 1, (n, 3))
    z = 0.2 - 1.1 * margin + 0.6 * extra[:, 0]
    y = (rng.random(n) < 1 / (1 + np.exp(-z))).astype(int)
    reduced = margin[:, None]
    full = np.column_stack([margin, extra])
    fits = {}
    for name, x in [("reduced", reduced), ("full", full)]:
        xs = StandardScaler().fit_transform(x)
        model = LogisticRegression(C=1e6, tol=1e-12, max_iter=100000).fit(xs, y)
        fits[name] = log_likelihood(model, xs, y)
    statistic = 2 * (fits["full"] - fits["reduced"])
    return {
        "reduced": reduced.tolist(),
        "full": full.tolist(),
        "labels": y.tolist(),
        "logLikelihoodReduced": fits["reduced"],
        "logLikelihoodFull": fits["full"],
        "statistic": statistic,
        "degreesOfFreedom": 3,
        "pValue": float(stats.chi2.sf(statistic, 3)),
    }


def main():
    rng = np.random.default_rng(SEED)
    gq, chi = gamma_cases()
    out = {
        "scipyVersion": scipy.__version__,
        "sklearnVersion": sklearn.__version__,
        "incompleteBeta": incomplete_beta_cases(),
        "betaQuantile": beta_quantile_cases(),
        "binomialCdf": binomial_cdf_cases(),
        "clopperPearsonUpper": clopper_pearson_cases(),
        "gammaQ": gq,
        "chiSquareSurvival": chi,
        "likelihoodRatio": lrt_case(rng),
    }
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
