"""Reference values for the exact intervals and tests of counts (src/main/core/statistics/exact-intervals.ts).

Writes test/fixtures/exact-intervals-reference.json:
- the two-sided Clopper-Pearson interval of k of n, [beta.ppf(a/2, k, n-k+1), beta.ppf(1-a/2, k+1, n-k)]
  with a = 1 - level (0 when k = 0, 1 when k = n), as statsmodels' proportion_confint(method="beta");
- Katz's log interval of a ratio of two independent proportions (k1/n1) / (k2/n2):
  exp(log RR +- z sqrt(1/k1 - 1/n1 + 1/k2 - 1/n2)), z = norm.ppf(1 - a/2);
- scipy.stats.fisher_exact's two-sided p-value of [[a, b], [c, d]];
- scipy.stats.norm.ppf over the three branches of Wichura's AS 241;
- scipy.stats.chi2.ppf (Garwood's Poisson interval of observed events) and
  scipy.stats.binomtest's two-sided exact p (two runs' observed / expected events);
- DeLong's test of two AUROCs, paired and independent, from the structural components
  computed by direct comparison of every positive with every negative (the definition, not
  the midrank shortcut the app uses), the AUROC itself checked by sklearn's roc_auc_score.

Run with Debian's interpreter (it has numpy and scipy):
    /usr/bin/python3 training/reference/exact_intervals_reference.py
Deterministic (no randomness); floats are written with repr, so the doubles are exact.
"""

import json
import math
import os
import sys

import scipy
from scipy import stats

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "exact-intervals-reference.json")

LEVELS = [0.9, 0.95, 0.99]


def clopper_pearson(k, n, level):
    alpha = 1 - level
    lower = 0.0 if k == 0 else float(stats.beta.ppf(alpha / 2, k, n - k + 1))
    upper = 1.0 if k == n else float(stats.beta.ppf(1 - alpha / 2, k + 1, n - k))
    return lower, upper


def clopper_pearson_cases():
    cases = []
    # Small counts as an audit's confusion classes and calibration bins have them, and a few
    # large ones (2,000 stays, eICU-sized classes).
    for k, n in [(0, 1), (1, 1), (0, 3), (3, 3), (0, 10), (1, 10), (5, 10), (10, 10), (11, 11),
                 (17, 18), (36, 258), (7, 17), (49, 71), (0, 300), (1, 2000), (1999, 2000),
                 (140, 1200), (2500, 10000)]:
        for level in LEVELS:
            lower, upper = clopper_pearson(k, n, level)
            cases.append({"k": k, "n": n, "level": level, "lower": lower, "upper": upper})
    return cases


def katz_cases():
    cases = []
    for k1, n1, k2, n2 in [(17, 18, 11, 11), (3, 10, 1, 10), (10, 30, 5, 100), (1, 5, 4, 5),
                           (36, 258, 11, 11), (7, 17, 36, 258), (1, 1, 1, 2), (50, 500, 25, 1000),
                           (12, 30, 3, 270)]:
        for level in LEVELS:
            ratio = (k1 / n1) / (k2 / n2)
            se = math.sqrt(1 / k1 - 1 / n1 + 1 / k2 - 1 / n2)
            z = float(stats.norm.ppf(1 - (1 - level) / 2))
            cases.append({"k1": k1, "n1": n1, "k2": k2, "n2": n2, "level": level, "ratio": ratio,
                          "lower": math.exp(math.log(ratio) - z * se),
                          "upper": math.exp(math.log(ratio) + z * se)})
    return cases


def fisher_cases():
    cases = []
    for table in [(3, 1, 1, 3), (1, 9, 11, 3), (0, 5, 5, 0), (8, 2, 1, 5), (10, 0, 0, 10),
                  (0, 0, 0, 0), (0, 10, 0, 10), (2, 7, 8, 2), (11, 0, 17, 1), (12, 18, 23, 251),
                  (5, 0, 1, 4), (3, 17, 40, 260), (100, 90, 80, 110)]:
        a, b, c, d = table
        _, p = stats.fisher_exact([[a, b], [c, d]], alternative="two-sided")
        cases.append({"a": a, "b": b, "c": c, "d": d, "pValue": float(p)})
    return cases


def normal_quantile_cases():
    qs = [1e-300, 1e-100, 1e-20, 1e-12, 1e-10, 1e-5, 0.001, 0.005, 0.01, 0.025, 0.05, 0.0749,
          0.075, 0.0751, 0.1, 0.25, 0.3, 0.5, 0.6, 0.8, 0.9, 0.925, 0.95, 0.975, 0.99, 0.995,
          0.999, 0.99999, 1 - 1e-10, 1 - 1e-15]
    return [{"q": q, "value": float(stats.norm.ppf(q))} for q in qs]


def chi2_cases():
    cases = []
    for df in [1, 2, 3, 5, 10, 20, 29, 30, 61, 200]:
        for q in [0.005, 0.025, 0.05, 0.5, 0.95, 0.975, 0.995]:
            cases.append({"q": q, "df": df, "value": float(stats.chi2.ppf(q, df))})
    return cases


def binomtest_cases():
    cases = []
    for k, n, p in [(0, 5, 0.3), (5, 5, 0.3), (3, 10, 0.5), (7, 20, 0.2), (14, 37, 0.28),
                    (14, 38, 0.2778), (1, 2, 0.5), (40, 100, 0.55), (120, 400, 0.31)]:
        cases.append({"k": k, "n": n, "p": p,
                      "pValue": float(stats.binomtest(k, n, p, alternative="two-sided").pvalue)})
    return cases


def placements(scores, labels):
    """DeLong's V10 (per positive) and V01 (per negative), by comparing every pair."""
    import numpy as np
    s = np.asarray(scores, dtype=float)
    y = np.asarray(labels)
    pos = s[y == 1]
    neg = s[y == 0]
    kernel = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    return kernel.mean(axis=1), kernel.mean(axis=0)


def delong_cases():
    import numpy as np
    from sklearn.metrics import roc_auc_score
    rng = np.random.default_rng(20261128)
    cases = []
    for n, prevalence, ties in [(30, 0.3, False), (60, 0.15, True), (200, 0.1, False),
                                (16, 0.25, True)]:
        y = (rng.random(n) < prevalence).astype(int)
        y[0], y[1], y[2], y[3] = 1, 1, 0, 0
        a = rng.random(n) + 0.5 * y
        b = 0.6 * a + 0.4 * rng.random(n) + 0.3 * y
        if ties:
            a = np.round(a, 1)
            b = np.round(b, 1)
        va10, va01 = placements(a, y)
        vb10, vb01 = placements(b, y)
        m, k = len(va10), len(va01)
        auc_a = float(va10.mean())
        auc_b = float(vb10.mean())
        assert abs(auc_a - roc_auc_score(y, a)) < 1e-12
        s10 = np.cov(np.vstack([va10, vb10]))
        s01 = np.cov(np.vstack([va01, vb01]))
        var_a = s10[0, 0] / m + s01[0, 0] / k
        var_b = s10[1, 1] / m + s01[1, 1] / k
        var_paired = (s10[0, 0] + s10[1, 1] - 2 * s10[0, 1]) / m + (s01[0, 0] + s01[1, 1] - 2 * s01[0, 1]) / k
        diff = auc_b - auc_a
        cases.append({
            "labels": y.tolist(), "a": a.tolist(), "b": b.tolist(),
            "aurocA": auc_a, "aurocB": auc_b, "varianceA": float(var_a), "varianceB": float(var_b),
            "pairedP": float(2 * stats.norm.sf(abs(diff) / np.sqrt(var_paired))),
            "pairedSe": float(np.sqrt(var_paired)),
            "independentP": float(2 * stats.norm.sf(abs(diff) / np.sqrt(var_a + var_b))),
        })
    return cases


def main():
    out = {
        "generator": "training/reference/exact_intervals_reference.py",
        "versions": {"python": sys.version.split()[0], "scipy": scipy.__version__},
        "clopperPearson": clopper_pearson_cases(),
        "katzLog": katz_cases(),
        "fisherExact": fisher_cases(),
        "normalQuantile": normal_quantile_cases(),
        "chiSquareQuantile": chi2_cases(),
        "binomialTest": binomtest_cases(),
        "delong": delong_cases(),
    }
    with open(OUT, "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
