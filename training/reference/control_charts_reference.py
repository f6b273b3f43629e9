"""Reference values for the control charts over time (src/main/core/statistics/control-charts.ts).

Writes test/fixtures/control-charts-reference.json:
- p-chart limits: the exact binomial 0.135% and 99.865% quantiles, scipy.stats.binom.ppf,
  of Binomial(n, count / n) for several (n, count), and whole p-charts (pooled centre,
  limits, signals);
- the VLAD, cumulative expected - observed events, sum of (p_i - y_i);
- the upper risk-adjusted CUSUM of Steiner et al. (Biostatistics 2000): weights
  W = y log R - log(1 - p + R p), risks clamped to [1e-9, 1 - 1e-9],
  S_t = max(0, S_{t-1} + W_t), a signal where S_t >= h, then a restart at 0;
for a few sequences generated here with a fixed numpy seed (inputs stored beside the results).

Run with Debian's interpreter (it has numpy and scipy):
    /usr/bin/python3 training/reference/control_charts_reference.py
Deterministic (fixed seed); floats are written with repr, so the doubles are exact.
training/tests/test_control_charts_reference.py recomputes it and checks the fixture matches.
"""

import json
import math
import os
import sys

import numpy as np
import scipy
from scipy import stats

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "test", "fixtures", "control-charts-reference.json")

TAIL = 0.00135
RISK_FLOOR = 1e-9


def limit_counts(n, p):
    return int(stats.binom.ppf(TAIL, n, p)), int(stats.binom.ppf(1 - TAIL, n, p))


def limit_cases():
    # One period's chart: its own rate count / n is the centre (the same double in TypeScript).
    cases = []
    for n, count in [(1, 0), (5, 1), (10, 5), (20, 1), (50, 6), (100, 1), (250, 50), (400, 132),
                     (1000, 70), (3000, 6), (12000, 1800), (37, 0), (7, 6)]:
        # Not count = n: scipy 1.10's binom.ppf(q, n, 1) returns 0, not n, for q < 1.
        lower, upper = limit_counts(n, count / n)
        cases.append({"n": n, "count": count, "lowerCount": lower, "upperCount": upper})
    return cases


def p_chart(periods):
    counted = sum(count for _, count, _ in periods)
    stays = sum(n for _, _, n in periods)
    centre = counted / stays if stays else 0.0
    points = []
    for label, count, n in periods:
        if n == 0:
            continue
        lower, upper = limit_counts(n, centre)
        signal = "above" if count > upper else "below" if count < lower else None
        points.append({"label": label, "n": n, "count": count, "rate": count / n,
                       "lower": lower / n, "upper": upper / n, "signal": signal})
    return {"centre": centre, "points": points}


def p_chart_cases():
    cases = []
    for periods in [
        [("2024-Q1", 30, 400), ("2024-Q2", 41, 380), ("2024-Q3", 75, 410), ("2024-Q4", 8, 395)],
        [("Jan", 2, 20), ("Feb", 0, 0), ("Mar", 9, 25), ("Apr", 1, 30), ("May", 0, 18)],
        [("2023", 140, 1200), ("2024", 161, 1250), ("2025", 260, 1300)],
    ]:
        chart = p_chart(periods)
        cases.append({"periods": [{"label": label, "count": count, "n": n} for label, count, n in periods],
                      "centre": chart["centre"], "points": chart["points"]})
    return cases


def vlad(risks, outcomes):
    values = []
    total = 0.0
    for p, y in zip(risks, outcomes):
        total += p - y
        values.append(total)
    return values


def cusum(risks, outcomes, odds_ratio, limit):
    weights = []
    values = []
    signals = []
    chart = 0.0
    for t, (p, y) in enumerate(zip(risks, outcomes)):
        p = min(max(p, RISK_FLOOR), 1 - RISK_FLOOR)
        w = y * math.log(odds_ratio) - math.log(1 - p + odds_ratio * p)
        weights.append(w)
        chart = max(0.0, chart + w)
        values.append(chart)
        if chart >= limit:
            signals.append(t)
            chart = 0.0
    return weights, values, signals


def sequence_cases():
    rng = np.random.default_rng(20261128)
    cases = []
    # (stays, beta shape a, b, true odds multiplier of the outcomes, odds ratio R_A, limit h):
    # in control, deteriorating (odds x3), improving (odds / 2, R_A = 0.5), and a short one.
    for stays, a, b, shift, odds_ratio, limit in [(300, 1.5, 8.0, 1.0, 2.0, 4.5),
                                                  (300, 1.5, 8.0, 3.0, 2.0, 3.0),
                                                  (200, 2.0, 4.0, 0.5, 0.5, 2.5),
                                                  (12, 1.0, 3.0, 1.0, 3.0, 1.2)]:
        risks = rng.beta(a, b, stays)
        # Exact 0 and 1 are legal model outputs: they exercise the clamp.
        risks[3] = 0.0
        risks[7] = 1.0
        # The outcomes' true risks: the model's odds times `shift`.
        true_p = shift * risks / (1 - risks + shift * risks)
        outcomes = (rng.random(stays) < true_p).astype(int)
        risk_list = [float(p) for p in risks]
        outcome_list = [int(y) for y in outcomes]
        weights, values, signals = cusum(risk_list, outcome_list, odds_ratio, limit)
        cases.append({"risks": risk_list, "outcomes": outcome_list, "oddsRatio": odds_ratio,
                      "limit": limit, "vlad": vlad(risk_list, outcome_list), "weights": weights,
                      "cusum": values, "signals": signals})
    return cases


def build():
    return {
        "generator": "training/reference/control_charts_reference.py",
        "versions": {"python": sys.version.split()[0], "numpy": np.__version__, "scipy": scipy.__version__},
        "pChartLimits": limit_cases(),
        "pCharts": p_chart_cases(),
        "sequences": sequence_cases(),
    }


def main():
    with open(OUT, "w") as f:
        json.dump(build(), f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
