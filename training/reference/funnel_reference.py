"""Reference values for the monitoring statistics (src/main/core/statistics/funnel-plot.ts,
operating-points.ts' neighbours and unlabelled-performance.ts).

Writes test/fixtures/funnel-reference.json:
- Spiegelhalter's (Stat Med 2005, Appendix A.1.1) exact Poisson control limits of O/E at
  target 1: y_p = scipy.stats.poisson.ppf(p, E), F = poisson.cdf,
  alpha = (F(y_p) - p) / (F(y_p) - F(y_p - 1)), limit = max(0, (y_p - alpha) / E);
- his overdispersion test (sections 4.4 and 5) for fixed sets of units: z = (O - E)/sqrt(E)
  winsorised at numpy's 10th and 90th percentiles, phi = mean(z^2), p = chi2.sf(I phi, I - 1),
  tau^2 = max(0, (I phi - (I - 1)) / (sum w - sum w^2 / sum w)), w = E, when p < 0.05,
  with each unit's limits (exact, or 1 +- z sqrt(1/E + tau^2) when widened) and position;
- the two-sample Kolmogorov-Smirnov distance (scipy.stats.ks_2samp) of fixed samples, the
  asymptotic p kstwobign.sf(sqrt(n1 n2 / (n1 + n2)) D) and the standardised mean difference;
- the equal-tailed interval of a Poisson-binomial count, its distribution by repeated
  np.convolve (exact), and for a long generated sequence the continuity-corrected normal
  approximation ceil(mean + norm.ppf(q) sd - 1/2).

Run with Debian's interpreter (it has numpy and scipy):
    /usr/bin/python3 training/reference/funnel_reference.py
Deterministic (fixed numbers and a seeded generator); floats are written with repr, so the
doubles are exact. training/tests/test_funnel_reference.py checks the JSON is up to date.
"""

import json
import math
import os
import sys

import numpy as np
import scipy
from scipy import stats

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "funnel-reference.json")

PROBABILITIES = [0.001, 0.025, 0.975, 0.999]
Z95 = float(stats.norm.ppf(0.975))
Z998 = float(stats.norm.ppf(0.999))


def poisson_limit(p, e):
    y = float(stats.poisson.ppf(p, e))
    at = float(stats.poisson.cdf(y, e))
    below = float(stats.poisson.cdf(y - 1, e))
    alpha = (at - p) / (at - below)
    return max(0.0, (y - alpha) / e)


def poisson_limit_cases():
    cases = []
    for e in [0.3, 0.8, 1.7, 2.5, 4.2, 7.3, 12.9, 26.4, 55.5, 118.2, 431.7, 2507.3]:
        for p in PROBABILITIES:
            cases.append({"expected": e, "p": p, "limit": poisson_limit(p, e)})
    return cases


# Sets of units (observed, expected): as chance would have them, clearly overdispersed, and
# the five a test needs at least.
UNIT_SETS = {
    "in-control": [(12, 10.4), (7, 8.9), (25, 22.1), (3, 4.6), (15, 17.3), (31, 28.8), (9, 11.2),
                   (18, 15.7), (5, 6.1), (40, 43.5), (30, 14.0), (24, 14.0), (2, 9.5)],
    "overdispersed": [(14, 12.5), (22, 14.2), (15, 20.3), (45, 30.1), (17, 25.4), (9, 9.8), (27, 18.6),
                      (55, 41.2), (24, 35.7), (22, 22.9), (4, 7.4), (36, 27.3), (60, 20.0),
                      (130, 160.0), (3, 2.0)],
    "five": [(3, 2.2), (0, 1.4), (6, 4.9), (11, 7.5), (2, 3.1)],
}


def place(ratio, lo95, hi95, lo998, hi998):
    if ratio > hi998:
        return "beyond-99.8", "above"
    if ratio < lo998:
        return "beyond-99.8", "below"
    if ratio > hi95:
        return "beyond-95", "above"
    if ratio < lo95:
        return "beyond-95", "below"
    return "inside", None


def overdispersion_case(name, units):
    o = np.array([u[0] for u in units], dtype=float)
    e = np.array([u[1] for u in units], dtype=float)
    count = len(units)
    z = (o - e) / np.sqrt(e)
    low, high = np.percentile(z, [10, 90])
    phi = float(np.mean(np.clip(z, low, high) ** 2))
    p = float(stats.chi2.sf(count * phi, count - 1))
    adjusted = p < 0.05
    tau2 = 0.0
    if adjusted:
        tau2 = max(0.0, (count * phi - (count - 1)) / (e.sum() - (e ** 2).sum() / e.sum()))
        tau2 = float(tau2)
    points = []
    for oi, ei in units:
        if adjusted:
            sd = math.sqrt(1 / ei + tau2)
            lims = [max(0.0, 1 - Z95 * sd), 1 + Z95 * sd, max(0.0, 1 - Z998 * sd), 1 + Z998 * sd]
        else:
            lims = [poisson_limit(0.025, ei), poisson_limit(0.975, ei), poisson_limit(0.001, ei),
                    poisson_limit(0.999, ei)]
        position, direction = place(oi / ei, *lims)
        points.append({"observed": oi, "expected": ei, "lower95": lims[0], "upper95": lims[1],
                       "lower998": lims[2], "upper998": lims[3], "position": position,
                       "direction": direction})
    return {"name": name, "phi": phi, "pValue": p, "tau2": tau2, "adjusted": bool(adjusted),
            "points": points}


def ks_cases():
    rng = np.random.default_rng(20261128)
    cases = []
    for n1, n2, shift, rounding in [(40, 55, 0.0, None), (120, 90, 0.6, None), (30, 30, 0.2, 0),
                                    (200, 350, 0.1, 1), (8, 5, 1.0, None), (500, 480, 0.05, 2)]:
        a = rng.normal(0, 1, n1)
        b = rng.normal(shift, 1.2, n2)
        if rounding is not None:
            # Ties within and between the samples.
            a = np.round(a, rounding)
            b = np.round(b, rounding)
        d = float(stats.ks_2samp(a, b).statistic)
        en = n1 * n2 / (n1 + n2)
        pooled = math.sqrt((np.var(a, ddof=1) + np.var(b, ddof=1)) / 2)
        cases.append({"reference": a.tolist(), "latest": b.tolist(), "distance": d,
                      "pValue": float(stats.kstwobign.sf(math.sqrt(en) * d)),
                      "smd": float((np.mean(b) - np.mean(a)) / pooled)})
    return cases


def kolmogorov_cases():
    return [{"lambda": x, "survival": float(stats.kstwobign.sf(x))}
            for x in [0.05, 0.3, 0.6, 0.9, 1.1, 1.17, 1.19, 1.36, 1.63, 2.0, 3.0, 5.0]]


def poisson_binomial_interval(risks, level):
    pmf = np.array([1.0])
    for p in risks:
        pmf = np.convolve(pmf, [1 - p, p])
    cdf = np.cumsum(pmf)
    low = int(np.argmax(cdf >= (1 - level) / 2))
    high = int(np.argmax(cdf >= (1 + level) / 2))
    return low, high


def generated_risks(n):
    """Risks from a fixed formula, rebuilt the same way by the TypeScript test."""
    return [((i * 7919) % 1000 + 0.5) / 1000 * 0.3 for i in range(n)]


def poisson_binomial_cases():
    rng = np.random.default_rng(27)
    cases = []
    for n in [1, 7, 60, 400]:
        risks = [float(x) for x in rng.beta(0.6, 4, n)]
        for level in [0.9, 0.95, 0.99]:
            low, high = poisson_binomial_interval(risks, level)
            cases.append({"risks": risks, "level": level, "lower": low, "upper": high})
    return cases


def normal_approximation_cases():
    cases = []
    for n in [6000, 12000]:
        risks = np.array(generated_risks(n))
        mean = float(risks.sum())
        sd = math.sqrt(float((risks * (1 - risks)).sum()))
        for level in [0.9, 0.95, 0.99]:
            bounds = [min(n, max(0, math.ceil(mean + float(stats.norm.ppf(q)) * sd - 0.5)))
                      for q in [(1 - level) / 2, (1 + level) / 2]]
            cases.append({"n": n, "level": level, "lower": bounds[0], "upper": bounds[1]})
    return cases


def build():
    return {
        "generator": "training/reference/funnel_reference.py",
        "versions": {"python": sys.version.split()[0], "scipy": scipy.__version__},
        "poissonLimits": poisson_limit_cases(),
        "overdispersion": [overdispersion_case(k, v) for k, v in UNIT_SETS.items()],
        "kolmogorov": kolmogorov_cases(),
        "ks": ks_cases(),
        "poissonBinomial": poisson_binomial_cases(),
        "normalApproximation": normal_approximation_cases(),
    }


def main():
    with open(OUT, "w") as f:
        json.dump(build(), f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
