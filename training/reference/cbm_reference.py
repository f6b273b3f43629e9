"""Writes test/fixtures/cbm-reference.json: scikit-learn's LogisticRegression fits that the
TypeScript concept bottleneck (src/main/core/baselines/logistic-regression.ts) must match.

A fixed synthetic dataset of 24 binary concepts (prevalences 5-60 %, outcome from a known
logistic model), fitted with L2 at several C, with and without class_weight='balanced'.
The newton-cholesky solver at tol 1e-12 reaches the exact optimum, so the TypeScript fit
should agree to ~1e-8. Run from the repository with Debian's python (numpy + scikit-learn);
it then formats the JSON with the repository's prettier:

    /usr/bin/python3 training/reference/cbm_reference.py
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "test" / "fixtures" / "cbm-reference.json"
CONCEPTS = 24


def dataset(rng: np.random.Generator, rows: int) -> tuple[np.ndarray, np.ndarray]:
    prevalence = np.linspace(0.05, 0.6, CONCEPTS)
    x = (rng.random((rows, CONCEPTS)) < prevalence).astype(np.float64)
    true_weights = np.linspace(-1.0, 1.5, CONCEPTS)
    logits = -6.5 + x @ true_weights  # ~20 % positive, like ICU mortality
    y = (rng.random(rows) < 1.0 / (1.0 + np.exp(-logits))).astype(np.int64)
    return x, y


def main() -> None:
    rng = np.random.default_rng(20240601)
    x_train, y_train = dataset(rng, 400)
    x_test, _ = dataset(rng, 60)
    fits = []
    for c in (1.0, 0.1):
        for class_weight in (None, "balanced"):
            model = LogisticRegression(
                C=c, class_weight=class_weight, solver="newton-cholesky", tol=1e-12, max_iter=1000
            )
            model.fit(x_train, y_train)
            fits.append(
                {
                    "c": c,
                    "classWeight": class_weight or "none",
                    "coefficients": model.coef_[0].tolist(),
                    "intercept": float(model.intercept_[0]),
                    "testProbabilities": model.predict_proba(x_test)[:, 1].tolist(),
                }
            )
    payload = {
        "generatedBy": "training/reference/cbm_reference.py",
        "sklearnVersion": sklearn.__version__,
        "train": {"concepts": x_train.astype(int).tolist(), "labels": y_train.tolist()},
        "test": {"concepts": x_test.astype(int).tolist()},
        "fits": fits,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(payload) + "\n")
    # The repository's format check covers JSON: hand the file to prettier, as an editor would.
    formatted = subprocess.run(["npx", "prettier", "--write", str(OUT)], cwd=ROOT, check=False)
    if formatted.returncode != 0:
        print("prettier was not available: run `npx prettier --write` on the fixture before committing")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(fits)} fits, {len(y_train)} train rows, {int(y_train.sum())} positive")


if __name__ == "__main__":
    main()
