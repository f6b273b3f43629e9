"""AUROC and AUPRC in numpy (no scikit-learn needed at training time).

AUROC is the Mann-Whitney statistic with average ranks for ties; AUPRC is average
precision with ties grouped into one threshold (scikit-learn's definition). Both return
NaN when a class is absent.
"""

from __future__ import annotations

import numpy as np


def _average_ranks(x: np.ndarray) -> np.ndarray:
    order = np.argsort(x, kind="mergesort")
    xs = x[order]
    ranks = np.empty(len(x), dtype=np.float64)
    i = 0
    while i < len(xs):
        j = i
        while j + 1 < len(xs) and xs[j + 1] == xs[i]:
            j += 1
        ranks[order[i : j + 1]] = (i + j) / 2.0 + 1.0
        i = j + 1
    return ranks


def auroc(y: np.ndarray, score: np.ndarray) -> float:
    y = np.asarray(y).astype(bool)
    pos, neg = int(y.sum()), int((~y).sum())
    if pos == 0 or neg == 0:
        return float("nan")
    ranks = _average_ranks(np.asarray(score, dtype=np.float64))
    return float((ranks[y].sum() - pos * (pos + 1) / 2.0) / (pos * neg))


def auprc(y: np.ndarray, score: np.ndarray) -> float:
    y = np.asarray(y).astype(bool)
    pos = int(y.sum())
    if pos == 0 or pos == len(y):
        return float("nan")
    s = np.asarray(score, dtype=np.float64)
    order = np.argsort(-s, kind="mergesort")
    s, yy = s[order], y[order]
    tp = np.cumsum(yy)
    fp = np.cumsum(~yy)
    last = np.r_[np.nonzero(np.diff(s))[0], len(s) - 1]  # last index of each tie group
    precision = tp[last] / (tp[last] + fp[last])
    recall = tp[last] / pos
    return float(np.sum(np.diff(np.r_[0.0, recall]) * precision))


def summary(y: np.ndarray, prob: np.ndarray) -> dict[str, float]:
    return {"auroc": round(auroc(y, prob), 6), "auprc": round(auprc(y, prob), 6)}
